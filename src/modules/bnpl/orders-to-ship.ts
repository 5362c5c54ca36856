import { LEDGER_TABLE, type Knex } from "./ledger"

/**
 * Pay-at-shipment payments whose order has not started them yet (`bnpl_payment`: held by an
 * order, not triggered), the nearest deadline first: what the admin list and the warnings read.
 */
export type WaitingForTrigger = {
  order_id: string
  bnpl_payment_id: string
  trigger_deadline: Date
  deadline_warned_at: Date | null
  deadline_passed_warned_at: Date | null
}

export async function paymentsWaitingForTrigger(
  knex: Knex,
  range: { after?: Date; upTo?: Date } = {},
  limit = 500
): Promise<WaitingForTrigger[]> {
  const query = knex(LEDGER_TABLE)
    .select("order_id", "bnpl_payment_id", "trigger_deadline", "deadline_warned_at", "deadline_passed_warned_at")
    .where({ pay_at_shipment: true, status: "ordered" })
    .whereNull("triggered_at")
    .whereNotNull("trigger_deadline")
    .whereNotNull("order_id")
    .whereNull("deleted_at")
    .orderBy("trigger_deadline", "asc")
    .limit(limit)
  if (range.after) query.where("trigger_deadline", ">", range.after)
  if (range.upTo) query.where("trigger_deadline", "<=", range.upTo)
  return query
}

/** The merchant was warned about this payment's deadline (`near`), or that it passed: once each. */
export async function markDeadlineWarned(knex: Knex, pid: string, which: "near" | "passed", at = new Date()) {
  const column = which === "near" ? "deadline_warned_at" : "deadline_passed_warned_at"
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid })
    .whereNull(column)
    .update({ [column]: at, updated_at: at })
}
