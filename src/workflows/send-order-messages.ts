import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { CallOptions } from "../client"
import { paymentLock } from "./payment-lock"
import { pushOrderMessagesStep } from "./steps/push-order-messages"
import { readOrderMessageStep } from "./steps/read-order-message"
import { readOrderMessagesStep, type ReadOrderMessagesInput } from "./steps/read-order-messages"
import { recordOrderMessagesStep } from "./steps/record-order-messages"

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
    paymentLock(ids.length > 0, read.bnpl_payment_id ?? read.payment_id ?? read.order_id, ids.length)
  )
  acquireLockStep({
    key: lock.lockKey,
    ownerId: lock.owner,
    timeout: 30,
    ttl: lock.lockTtl,
    executeOnSubWorkflow: true,
  })
  const result = pushOrderMessagesStep(transform({ ids }, ({ ids }) => ({ message_ids: ids })))
  releaseLockStep({ key: lock.lockKey, ownerId: lock.owner, executeOnSubWorkflow: true })
  return new WorkflowResponse(result)
})

/** Another attempt at a recorded message (the retry job): its content was fixed when recorded. */
export const retryOrderMessageWorkflow = createWorkflow(
  "bnpl-retry-order-message",
  (input: { message_id: string; call?: CallOptions }) => {
    const row = readOrderMessageStep({ message_id: input.message_id })
    const lock = transform({ row }, ({ row }) => paymentLock(true, row.key))
    acquireLockStep({
      key: lock.lockKey,
      ownerId: lock.owner,
      timeout: 30,
      ttl: lock.lockTtl,
      executeOnSubWorkflow: true,
    })
    const result = pushOrderMessagesStep(
      transform({ input }, ({ input }) => ({ message_ids: [input.message_id], call: input.call }))
    )
    releaseLockStep({ key: lock.lockKey, ownerId: lock.owner, executeOnSubWorkflow: true })
    return new WorkflowResponse(result)
  }
)
