import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { kindOf } from "../../../lib/messages/kinds"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { readOrderShipping } from "../../shipping/utils/read-order-shipping"
import type { ShippingRead } from "../utils/attempt"

export type MessageRead = {
  message_id: string
  order_id: string
  lock_name: string
  bnpl_payment_id: string | null
  shipping?: ShippingRead
}

/**
 * The recorded message a retry works on, and what its attempt needs: a content fixed when
 * recorded needs nothing more; one rebuilt at each attempt (`shipping_info`) reads the order
 * again, as it is now. The lock is its payment's.
 */
export const readMessageStep = createStep(
  "bnpl-read-order-message",
  async (input: { message_id: string }, { container }) => {
    const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
    const row = await bnpl.retrieveBnplServiceMessage(input.message_id, {
      select: ["id", "kind", "order_id", "payment_id", "bnpl_payment_id"],
    })
    const own = row.bnpl_payment_id ?? row.payment_id ?? row.order_id
    if (kindOf(row.kind)?.fixedAtRecord !== false) {
      return new StepResponse<MessageRead>({
        message_id: row.id,
        order_id: row.order_id,
        lock_name: own,
        bnpl_payment_id: row.bnpl_payment_id ?? null,
      })
    }
    const options = await bnpl.getOptions()
    const { info, accepted_mark, payment_id, bnpl_payment_id } = await readOrderShipping(
      container,
      row.order_id,
      options.shippingMethodOverrides
    )
    return new StepResponse<MessageRead>({
      message_id: row.id,
      order_id: row.order_id,
      lock_name: bnpl_payment_id ?? payment_id ?? own,
      bnpl_payment_id: row.bnpl_payment_id ?? null,
      shipping: { info, accepted_mark, sync_enabled: options.shippingSyncEnabled },
    })
  }
)
