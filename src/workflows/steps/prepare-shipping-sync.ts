import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { prepareShippingSync } from "../../utils/shipping-sync"

export type PrepareShippingSyncInput = { order_id: string; fulfillment_id?: string; trigger: string }

/** Builds the order's shipping_info and records the sync to push (null: nothing to push). */
export const prepareShippingSyncStep = createStep(
  "bnpl-prepare-shipping-sync",
  async (input: PrepareShippingSyncInput, { container }) => {
    return new StepResponse(await prepareShippingSync(container, input))
  }
)
