export { syncShippingInfoWorkflow, retryShippingSyncWorkflow } from "./sync-shipping-info"
