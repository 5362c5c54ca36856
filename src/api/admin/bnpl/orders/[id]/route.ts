import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderView } from "./helpers"

/** `GET /admin/bnpl/orders/:id`: the order's BNPL payment, schedule, refunds, messages to the service and events still waiting. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ bnpl_order: await orderView(req.scope, req.params.id) })
}
