import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "../../../../../../modules/bnpl/ledger"
import { applyReconciliationAction } from "../../../../../../workflows/reconciliation/utils/actions"
import { startPaymentOfOrder } from "../../../orders/[id]/start-payment/start"
import type { AdminReconciliationActionBody } from "../../validators"
import { reconciliationView } from "../../view"

/**
 * `POST /admin/bnpl/reconciliation/:pid/actions` `{ action }`: the one safe action of a
 * difference, only while the payment still shows it (compared again first: 409 otherwise):
 * record the service's refund in Medusa, refund at the service what Medusa recorded, or start
 * the payment at shipment (the admin's "Start the payment", with its own limits). Answers the
 * payment's row.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminReconciliationActionBody>, res: MedusaResponse) {
  const pid = req.params.pid
  const result = await applyReconciliationAction(req.scope, pid, req.validatedBody.action, req.auth_context?.actor_id)
  if ("start_order" in result) {
    await startPaymentOfOrder(req.scope, result.start_order, res)
    return
  }
  if (result.status !== 200) {
    res.status(result.status).json({ type: result.status === 404 ? "not_found" : "conflict", message: result.message })
    return
  }
  const knex = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const view = await reconciliationView(knex, true)
  res.json({ row: view.rows.find((r) => r.bnpl_payment_id === pid) ?? null })
}
