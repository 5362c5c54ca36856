import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { pushShippingSync } from "../../utils/shipping-sync"

/**
 * Pushes a recorded sync to the service (`POST /v1/payment/<id>`). The client retries with
 * backoff within the attempt; a still failing push stays pending for the retry job.
 */
export const pushShippingInfoStep = createStep(
  "bnpl-push-shipping-info",
  async (syncId: string | null, { container }) => {
    if (!syncId) {
      return new StepResponse(null)
    }
    return new StepResponse(await pushShippingSync(container, syncId))
  }
)
