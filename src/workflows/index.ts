export { syncShippingInfoWorkflow } from "./messages/workflows/sync-shipping-info"
export { orderEventWorkflow, retryMessageWorkflow } from "./messages/workflows/order-event"
