import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startPaymentOfOrder } from "./start"

/**
 * `POST /admin/bnpl/orders/:id/start-payment`: "Start the payment" of a pay-at-shipment order
 * whose trigger the service refused, that the plugin gave up, or whose goods left without an
 * event that starts it. The order's trigger is sent now (its failed record once more, or a new
 * one, `trigger: "manual"`), through the same claim as "Push again": at most one attempt per
 * interval however often it is called (429 with Retry-After within it), never a second start of
 * a started payment. 409 when there is nothing to start (not pay at shipment, started already, no order holds the payment).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  await startPaymentOfOrder(req.scope, req.params.id, res)
}
