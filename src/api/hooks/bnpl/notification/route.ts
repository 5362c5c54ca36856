import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { handleNotification } from "../../../../utils/notification"

/**
 * The service's notification: `GET /hooks/bnpl/notification?pid=<payment id>` (POST too).
 * Its content is never trusted: the payment is re-fetched and checked against the session
 * before Medusa completes the cart. Answers 2xx only once the notification is handled, so the
 * service retries otherwise.
 */
async function notification(req: MedusaRequest, res: MedusaResponse) {
  const pid = String((req.query as Record<string, unknown>).pid ?? (req.body as any)?.pid ?? "")
  const outcome = await handleNotification(req.scope, pid, req.headers as Record<string, unknown>)
  if (outcome.process) {
    await processPaymentWorkflow(req.scope).run({ input: outcome.process })
  }
  res.status(outcome.status).json({ pid: pid || null, result: outcome.result, message: outcome.message })
}

export const GET = notification
export const POST = notification
export const AUTHENTICATE = false
