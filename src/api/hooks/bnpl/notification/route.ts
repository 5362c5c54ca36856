import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { handleNotification } from "../../../../workflows/payment/utils/handle-notification"
import { processAccepted } from "../../../../workflows/payment/utils/process-accepted"
import { isPaymentId } from "../../../../lib/payment/notification"

/**
 * The service's notification: `GET /hooks/bnpl/notification?token=<store token>&pid=<payment id>`
 * (POST too; no token when the account's signature authenticates it). Its content is never
 * trusted: the pid must be one of this store's payments, signed or with a token accepted for it,
 * before anything calls the service; then the payment is re-fetched and
 * checked against the session before Medusa completes the cart. Answers 2xx only once the
 * payment's outcome is settled (an order, a refund, a cancellation), so the service retries
 * otherwise.
 */
async function notification(req: MedusaRequest, res: MedusaResponse) {
  const query = req.query as Record<string, unknown>
  const body = (req.body ?? {}) as Record<string, unknown>
  const pid = query.pid ?? body.pid
  let outcome = await handleNotification(req.scope, {
    pid,
    token: query.token ?? body.token,
    headers: req.headers as Record<string, unknown>,
  })
  if (outcome.process) {
    outcome = await processAccepted(req.scope, String(pid), outcome.process)
  }
  res
    .status(outcome.status)
    .json({ pid: isPaymentId(pid) ? pid : null, result: outcome.result, message: outcome.message })
}

export const GET = notification
export const POST = notification
export const AUTHENTICATE = false
