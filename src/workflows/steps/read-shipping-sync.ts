import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"

/** The recorded sync a retry works on (its order). */
export const readShippingSyncStep = createStep(
  "bnpl-read-shipping-sync",
  async (input: { sync_id: string }, { container }) => {
    const sync = await container
      .resolve<BnplModuleService>(BNPL_MODULE)
      .retrieveBnplShippingSync(input.sync_id, { select: ["id", "order_id"] })
    return new StepResponse({ id: sync.id, order_id: sync.order_id })
  }
)
