import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"

/** The recorded message a retry works on: its payment, for the lock. */
export const readOrderMessageStep = createStep(
  "bnpl-read-order-message",
  async (input: { message_id: string }, { container }) => {
    const row = await container
      .resolve<BnplModuleService>(BNPL_MODULE)
      .retrieveBnplShippingSync(input.message_id, { select: ["id", "order_id", "payment_id", "bnpl_payment_id"] })
    return new StepResponse({ id: row.id, key: row.bnpl_payment_id ?? row.payment_id ?? row.order_id })
  }
)
