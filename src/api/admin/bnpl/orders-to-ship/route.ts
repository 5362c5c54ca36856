import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ordersToShip } from "../../../../workflows/payment/utils/orders-to-ship"

/**
 * `GET /admin/bnpl/orders-to-ship`: pay-at-shipment orders whose payment has not started yet
 * (nothing is charged until they ship), the nearest deadline first, each with its state and,
 * when the service refused or the plugin gave up the trigger, why.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const orders = await ordersToShip(req.scope)
  res.json({
    orders: orders.map(({ deadline_warned_at: _near, deadline_passed_warned_at: _passed, ...view }) => view),
  })
}
