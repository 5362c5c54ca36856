import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CallOptions } from "../../client"
import { pushShippingSync } from "../../utils/shipping-sync"

export type PushShippingInfoInput = { sync_id: string | null; call?: CallOptions }

/**
 * Pushes a recorded sync to the service (`POST /v1/payment/<id>`). The client retries with
 * backoff within the attempt; a still failing push stays pending for the retry job.
 */
export const pushShippingInfoStep = createStep(
  "bnpl-push-shipping-info",
  async (input: PushShippingInfoInput, { container }) => {
    if (!input.sync_id) {
      return new StepResponse(null)
    }
    return new StepResponse(await pushShippingSync(container, input.sync_id, input.call))
  }
)
