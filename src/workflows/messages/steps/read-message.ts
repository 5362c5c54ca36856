import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { builtKindOf } from "../utils/built-kinds"

export type MessageRead = {
  message_id: string
  order_id: string
  lock_name: string
  bnpl_payment_id: string | null
  /** What a kind built at each attempt read again, by kind (`built-kinds.ts`). */
  built?: Record<string, unknown>
}

/**
 * The recorded message a retry works on, and what its attempt needs: a content fixed when
 * recorded needs nothing more; one rebuilt at each attempt (`built-kinds.ts`) reads the order
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
    const builtKind = builtKindOf(row.kind)
    if (!builtKind) {
      return new StepResponse<MessageRead>({
        message_id: row.id,
        order_id: row.order_id,
        lock_name: own,
        bnpl_payment_id: row.bnpl_payment_id ?? null,
      })
    }
    const { read, payment_id, bnpl_payment_id } = await builtKind.readForRetry(
      container,
      row.order_id,
      await bnpl.getOptions()
    )
    return new StepResponse<MessageRead>({
      message_id: row.id,
      order_id: row.order_id,
      lock_name: bnpl_payment_id ?? payment_id ?? own,
      bnpl_payment_id: row.bnpl_payment_id ?? null,
      built: { [row.kind]: read },
    })
  }
)
