/**
 * A cart's kept answer (`bnpl_cart_eligibility`) rewritten in place, by the row id the process
 * remembers (workflows/eligibility/utils/plans.ts): one UPDATE, where the data layer's update reads the
 * row first and wraps both in a transaction (three statements more on every new cart total, and
 * the entity hydrated for nothing). False when no row has that id any more (the retention job
 * removed it): the caller writes it anew.
 */

import type { Knex } from "./ledger"

const TABLE = "bnpl_cart_eligibility"

export type CartAnswerRow = {
  purchase_amount: number
  currency_code: string
  checked_at: Date
  account: string | null
  service_available: boolean
  unavailable_reason: string | null
  message: string | null
  plans: Record<string, unknown>
}

export async function updateCartAnswer(knex: Knex, id: string, row: CartAnswerRow): Promise<boolean> {
  const updated = await knex(TABLE)
    .where({ id })
    .whereNull("deleted_at")
    .update({
      purchase_amount: row.purchase_amount,
      currency_code: row.currency_code,
      checked_at: row.checked_at,
      account: row.account,
      service_available: row.service_available,
      unavailable_reason: row.unavailable_reason,
      message: row.message,
      plans: JSON.stringify(row.plans),
      updated_at: knex.raw("now()"),
    })
  return Number(updated) > 0
}
