export { syncShippingInfoWorkflow } from "./messages/sync-shipping-info"
export { orderEventWorkflow, retryMessageWorkflow } from "./messages/workflows"
