import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CallOptions } from "../../../client"
import type { PushOutcome } from "../utils/attempt"
import { pushMessagesStep } from "../steps/push-messages"
import { readEventStep, type EventRead, type OrderEventInput } from "../steps/read-event"
import { readMessageStep } from "../steps/read-message"
import { recordEndedPaymentsStep } from "../steps/record-ended-payments"
import { recordMessagesStep } from "../steps/record-messages"

export type { OrderEventInput } from "../steps/read-event"
export type OrderEventResult = { order_id: string | null; payment?: EventRead["payment"]; outcomes: PushOutcome[] }

/**
 * One order event to the service, whatever it tells (`lib/messages/kinds`): read the order
 * once with the union of the fields its kinds need, record in Medusa what the service did with
 * an order placed's earlier payments, record each message (the event's own
 * record, written before the workflow ran, is then deleted), then push them under the payment's
 * lock, taken once; the recorded messages stay for the retry job whatever fails.
 */
export function orderEventComposition(input: OrderEventInput) {
  const read = readEventStep(input)
  recordEndedPaymentsStep({ read })
  const ids = recordMessagesStep(
    transform({ read, input }, ({ read, input }) => ({ read, event: input.event, event_id: input.event_id }))
  )
  const outcomes = pushMessagesStep(
    transform({ ids, read, input }, ({ ids, read, input }) => ({
      order_id: read.order_id,
      lock_name: read.lock_name,
      message_ids: ids,
      built: read.built,
      bnpl_payment_id: read.payment?.data?.bnpl_payment_id ?? null,
      call: input.call,
    }))
  )
  return transform({ read, outcomes }, ({ read, outcomes }) => ({
    order_id: read.order_id,
    payment: read.payment,
    outcomes,
  }))
}

export const orderEventWorkflow = createWorkflow(
  "bnpl-order-event",
  (input: OrderEventInput) => new WorkflowResponse(orderEventComposition(input))
)

export type RetryMessageInput = { message_id: string; call?: CallOptions }

/**
 * Another attempt at one recorded message, of any kind (the retry job, "Push again"): a content
 * fixed when recorded is sent as recorded; shipping information is read again, as it is now.
 */
export function retryMessageComposition(input: RetryMessageInput) {
  const read = readMessageStep(input)
  const outcomes = pushMessagesStep(
    transform({ read, input }, ({ read, input }) => ({
      order_id: read.order_id,
      lock_name: read.lock_name,
      message_ids: [read.message_id],
      built: read.built,
      call: input.call,
      bnpl_payment_id: read.bnpl_payment_id,
    }))
  )
  return transform({ outcomes }, ({ outcomes }) => outcomes[0] ?? null)
}

export const retryMessageWorkflow = createWorkflow(
  "bnpl-retry-message",
  (input: RetryMessageInput) => new WorkflowResponse(retryMessageComposition(input))
)
