import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { pushMessageNow, sendPushAnswer } from "../../../push-now"

/**
 * `POST /admin/bnpl/orders/:id/messages/:message_id/push`: one more attempt at a message the
 * service does not have yet (pending or failed), now. 404 for another order's message, 409 for
 * one accepted already (or not sent on purpose), 429 within seconds of its last attempt: called
 * any number of times, it costs the service at most one request per message and interval, and
 * never sends accepted content again.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { id: orderId, message_id: messageId } = req.params
  sendPushAnswer(res, await pushMessageNow(req.scope, orderId, messageId))
}
