import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { prepareShippingSyncStep, type PrepareShippingSyncInput } from "./steps/prepare-shipping-sync"
import { pushShippingInfoStep, type PushShippingInfoInput } from "./steps/push-shipping-info"

/** An order's shipping information to the service: record it, then push it. */
export const syncShippingInfoWorkflow = createWorkflow(
  "bnpl-sync-shipping-info",
  (input: PrepareShippingSyncInput) => {
    const syncId = prepareShippingSyncStep(input)
    return new WorkflowResponse(pushShippingInfoStep({ sync_id: syncId }))
  }
)

/** Another attempt at a recorded sync (the retry job). */
export const retryShippingSyncWorkflow = createWorkflow(
  "bnpl-retry-shipping-sync",
  (input: PushShippingInfoInput) => {
    return new WorkflowResponse(pushShippingInfoStep(input))
  }
)
