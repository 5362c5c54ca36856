import type { MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../../modules/bnpl/service"
import { retryMessage, retryOrderEvent } from "../../../../../workflows/messages/workflows/handle-order-event"
import type { PushAgainDecision } from "../../../../../lib/messages/view"
import { orderView } from "./helpers"

/** What the admin waits for: one short attempt; the retry job goes on if it fails. */
const CALL = { timeoutMs: 5000, retries: 0 }

export type PushAnswer =
  | { status: 200; body: Record<string, unknown> }
  | { status: 409 | 429; body: { type: string; message: string }; retryAfterS?: number }

/**
 * One attempt at a recorded message now (the admin's "Push again", "Start the payment"):
 * claimed first (`claimMessagePush`: at most one attempt per message and interval, never an
 * accepted one again), then sent through its kind's push. A message the caller has just
 * recorded (`justRecorded`) is its own: no claim. Answers the order's view.
 */
export async function pushMessageNow(
  scope: MedusaContainer,
  orderId: string,
  messageId: string,
  justRecorded = false
): Promise<PushAnswer> {
  const claim = justRecorded
    ? { found: true as const, decision: { action: "push" as const } }
    : await scope.resolve<BnplModuleService>(BNPL_MODULE).claimMessagePush(orderId, messageId)
  if (!claim.found) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} has no message ${messageId} to the service`)
  }
  const { decision } = claim
  if (decision.action !== "push") {
    return refused(decision)
  }
  // Through its kind's push: shipping information rebuilt from the order as it is now; the
  // other messages as recorded.
  await retryMessage(scope, messageId, CALL)
  const view = await orderView(scope, orderId)
  const message = view.paid_with_bnpl ? view.messages.find((m) => m.id === messageId) : undefined
  return { status: 200, body: { message: message ?? null, bnpl_order: view } }
}

/**
 * "Try again now" on the order's events still waiting (the admin's timeline): claimed all at once
 * (`claimOrderEventsPush`), then each handled (its messages recorded and sent) with one short
 * attempt per message, oldest first, until the service is found down (the rest wait for the job).
 * An event that fails again keeps its error, shown in the view. Answers how many were attempted
 * and the order's view.
 */
export async function pushOrderEventsNow(scope: MedusaContainer, orderId: string): Promise<PushAnswer> {
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "fulfillments.id"],
    filters: { id: orderId },
  })
  if (!data[0]) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  }
  const claim = await scope.resolve<BnplModuleService>(BNPL_MODULE).claimOrderEventsPush(data[0])
  if (claim.action !== "push") {
    return refused(claim)
  }
  const logger = scope.resolve(ContainerRegistrationKeys.LOGGER)
  let attempted = 0
  for (const eventId of claim.event_ids) {
    attempted++
    const unavailable = await retryOrderEvent(scope, eventId, CALL).catch((e) => {
      logger.warn(`BNPL order event ${eventId} of order ${orderId} not handled now: ${(e as Error).message}`)
      return null // its error is on the event
    })
    if (unavailable) break
  }
  const view = await orderView(scope, orderId)
  return { status: 200, body: { attempted, bnpl_order: view } }
}

/** A claim refused: 409 with why (nothing to send), or 429 with when to try again. */
function refused(decision: Exclude<PushAgainDecision, { action: "push" }>): PushAnswer {
  if (decision.action === "conflict") {
    return { status: 409, body: { type: "conflict", message: decision.message } }
  }
  return {
    status: 429,
    body: { type: "too_many_requests", message: decision.message },
    retryAfterS: decision.retry_after_s,
  }
}

/**
 * The answer as the admin reads it. A 409 is answered here: Medusa's error handler replaces a
 * CONFLICT's message with its idempotency text.
 */
export function sendPushAnswer(res: MedusaResponse, answer: PushAnswer) {
  if (answer.status === 429 && answer.retryAfterS) {
    res.setHeader("Retry-After", String(answer.retryAfterS))
  }
  res.status(answer.status).json(answer.body)
}
