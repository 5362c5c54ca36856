import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { orderWithBnplPayment } from "../../../../../../workflows/common/utils/retrieve-order-payment"
import { orderView } from "../helpers"
import { syncShippingInfoWorkflow } from "../../../../../../workflows/messages/workflows/sync-shipping-info"

/**
 * `POST /admin/bnpl/orders/:id/shipping-sync`: push the order's shipping information again
 * (sent only if it differs from what the service last accepted).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  // Only whether it was paid with the plugin: no service call before the push.
  const { order, payment } = await orderWithBnplPayment(req.scope, req.params.id)
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${req.params.id} was not found`)
  }
  if (!payment) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order ${req.params.id} was not paid with instalments`)
  }
  const { result } = await syncShippingInfoWorkflow(req.scope).run({
    input: { order_id: req.params.id, trigger: "manual" },
  })
  res.json({ sync: result, bnpl_order: await orderView(req.scope, req.params.id) })
}
