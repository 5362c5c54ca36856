import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { pushOrderEventsNow, sendPushAnswer } from "../../push-now"

/**
 * `POST /admin/bnpl/orders/:id/events/push`: handles the order's events still waiting (their
 * messages never recorded: the order could not be read, and the retry job may have given up), now.
 * 404 for an unknown order, 409 when none waits, 429 within seconds of their last attempt. Called
 * any number of times, each call costs a read of the order's fulfillments and one UPDATE; at most
 * one per 5 s handles the events (one short attempt per message), and none records or sends a
 * content twice.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  sendPushAnswer(res, await pushOrderEventsNow(req.scope, req.params.id))
}
