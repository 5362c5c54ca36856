import { randomUUID } from "node:crypto"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { CallOptions } from "../client"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { pushOrderMessagesStep } from "./steps/push-order-messages"
import { readOrderMessagesStep, type ReadOrderMessagesInput } from "./steps/read-order-messages"
import { recordOrderMessagesStep } from "./steps/record-order-messages"

/**
 * The payment's lock, the very one the shipping sync takes (same key): every message about a
 * payment, of any kind, is decided and sent one at a time. See `sync-shipping-info.ts` for the
 * ttl. No message (`[]`): both lock steps do nothing.
 */
export function paymentLock(hasWork: boolean, paymentKey: string) {
  return {
    key: (hasWork ? `bnpl-shipping-sync:${paymentKey}` : []) as string | string[],
    ownerId: `bnpl-shipping-sync:${randomUUID()}`,
  }
}

/**
 * What an order event tells the service after the order (reference, status, tracking): read the
 * order once, record each message, then send them under the payment's lock. A failure after
 * the lock releases it (the lock step's compensation); the recorded messages stay for the job.
 */
export const sendOrderMessagesWorkflow = createWorkflow("bnpl-send-order-messages", (input: ReadOrderMessagesInput) => {
  const read = readOrderMessagesStep(input)
  const ids = recordOrderMessagesStep(
    transform({ read, input }, ({ read, input }) => ({ ...read, trigger: input.trigger }))
  )
  const lock = transform({ ids, read }, ({ ids, read }) =>
    paymentLock(ids.length > 0, read.bnpl_payment_id ?? read.payment_id ?? read.order_id)
  )
  acquireLockStep({ key: lock.key, ownerId: lock.ownerId, timeout: 30, ttl: 60, executeOnSubWorkflow: true })
  const result = pushOrderMessagesStep(transform({ ids }, ({ ids }) => ({ message_ids: ids })))
  releaseLockStep({ key: lock.key, ownerId: lock.ownerId, executeOnSubWorkflow: true })
  return new WorkflowResponse(result)
})

/** The recorded message a retry works on: its payment, for the lock. */
const readOrderMessageStep = createStep(
  "bnpl-read-order-message",
  async (input: { message_id: string }, { container }) => {
    const row = await container
      .resolve<BnplModuleService>(BNPL_MODULE)
      .retrieveBnplShippingSync(input.message_id, { select: ["id", "order_id", "payment_id", "bnpl_payment_id"] })
    return new StepResponse({ id: row.id, key: row.bnpl_payment_id ?? row.payment_id ?? row.order_id })
  }
)

/** Another attempt at a recorded message (the retry job): its content was fixed when recorded. */
export const retryOrderMessageWorkflow = createWorkflow(
  "bnpl-retry-order-message",
  (input: { message_id: string; call?: CallOptions }) => {
    const row = readOrderMessageStep({ message_id: input.message_id })
    const lock = transform({ row }, ({ row }) => paymentLock(true, row.key))
    acquireLockStep({ key: lock.key, ownerId: lock.ownerId, timeout: 30, ttl: 60, executeOnSubWorkflow: true })
    const result = pushOrderMessagesStep(
      transform({ input }, ({ input }) => ({ message_ids: [input.message_id], call: input.call }))
    )
    releaseLockStep({ key: lock.key, ownerId: lock.ownerId, executeOnSubWorkflow: true })
    return new WorkflowResponse(result)
  }
)
