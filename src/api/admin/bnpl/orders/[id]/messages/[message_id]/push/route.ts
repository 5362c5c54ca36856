import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../../../../../../../../modules/bnpl"
import type BnplModuleService from "../../../../../../../../modules/bnpl/service"
import { retryOrderMessageWorkflow } from "../../../../../../../../workflows/send-order-messages"
import { retryShippingSyncWorkflow } from "../../../../../../../../workflows/sync-shipping-info"
import { orderView } from "../../../helpers"

/** What the admin waits for: one short attempt; the retry job goes on if it fails. */
const CALL = { timeoutMs: 5000, retries: 0 }

/**
 * `POST /admin/bnpl/orders/:id/messages/:message_id/push`: one more attempt at a message the
 * service does not have yet (pending or failed), now. 404 for another order's message, 409 for
 * one accepted already (or not sent on purpose), 429 within seconds of its last attempt: called
 * any number of times, it costs the service at most one request per message and interval, and
 * never sends accepted content again.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { id: orderId, message_id: messageId } = req.params
  const claim = await req.scope.resolve<BnplModuleService>(BNPL_MODULE).claimMessagePush(orderId, messageId)
  if (!claim.found) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} has no message ${messageId} to the service`)
  }
  const { decision } = claim
  // Answered here: Medusa's error handler replaces a CONFLICT's message with its idempotency text.
  if (decision.action === "conflict") {
    res.status(409).json({ type: "conflict", message: decision.message })
    return
  }
  if (decision.action === "wait") {
    res.setHeader("Retry-After", String(decision.retry_after_s))
    res.status(429).json({ type: "too_many_requests", message: decision.message })
    return
  }
  // Each kind through its own push: shipping information rebuilt from the order as it is now;
  // the other messages as recorded.
  if (claim.kind === "shipping_info") {
    await retryShippingSyncWorkflow(req.scope).run({ input: { sync_id: messageId, call: CALL } })
  } else {
    await retryOrderMessageWorkflow(req.scope).run({ input: { message_id: messageId, call: CALL } })
  }
  const view = await orderView(req.scope, orderId)
  const message = view.paid_with_bnpl ? view.messages.find((m) => m.id === messageId) : undefined
  res.json({ message: message ?? null, bnpl_order: view })
}
