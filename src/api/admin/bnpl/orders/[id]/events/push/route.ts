import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { pushOrderEventsNow, sendPushAnswer } from "../../push-now"

/**
 * `POST /admin/bnpl/orders/:id/events/push`: handles the order's events still waiting (their
 * messages never recorded: the order could not be read, and the retry job may have given up), now.
 * 404 for an unknown order, 409 when none waits, 429 within seconds of their last attempt: called any number of times, it
 * reads the order at most once per event and interval, and records and sends nothing twice.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  sendPushAnswer(res, await pushOrderEventsNow(req.scope, req.params.id))
}
