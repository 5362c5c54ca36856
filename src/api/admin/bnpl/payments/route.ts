import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { paymentsWithoutOrder, type Knex } from "../../../../modules/bnpl/ledger"

/**
 * `GET /admin/bnpl/payments`: every service payment that did not end in an order (its session
 * was deleted, its cart could not become an order, its order was cancelled), with what
 * happened (to settle, cancelled, refunded, failed) and when. Newest first, at most 100.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const knex = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const rows = await paymentsWithoutOrder(knex)
  res.json({
    payments: rows.map((r) => ({
      id: r.id,
      bnpl_payment_id: r.bnpl_payment_id,
      cart_id: r.cart_id,
      order_id: r.order_id,
      purchase_amount: r.purchase_amount,
      currency_code: r.currency_code,
      status: r.status,
      reason: r.reason,
      refunded_amount: r.refunded_amount,
      attempts: r.attempts,
      last_error: r.last_error,
      next_attempt_at: r.next_attempt_at,
      settled_at: r.settled_at,
      created_at: r.created_at,
      updated_at: r.updated_at,
    })),
  })
}
