import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ordersToShip } from "../../../../workflows/payment/orders-to-ship"

/**
 * `GET /admin/bnpl/orders-to-ship`: pay-at-shipment orders whose payment has not started yet
 * (nothing is charged until they ship), the nearest deadline first.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ orders: await ordersToShip(req.scope) })
}
