import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { orderView } from "../../../../../../utils/order-view"
import { syncShippingInfoWorkflow } from "../../../../../../workflows/sync-shipping-info"

/**
 * `POST /admin/bnpl/orders/:id/shipping-sync`: push the order's shipping information again
 * (sent only if it differs from what the service last accepted).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const before = await orderView(req.scope, req.params.id)
  if (!before.paid_with_bnpl) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order ${req.params.id} was not paid with instalments`)
  }
  const { result } = await syncShippingInfoWorkflow(req.scope).run({
    input: { order_id: req.params.id, trigger: "manual" },
  })
  res.json({ sync: result, bnpl_order: await orderView(req.scope, req.params.id) })
}
