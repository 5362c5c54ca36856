import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderView } from "./helpers"

/** `GET /admin/bnpl/orders/:id`: the order's BNPL payment, schedule, refunds and shipping sync log. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ bnpl_order: await orderView(req.scope, req.params.id) })
}
