import type { ReconciliationRowView, ReconciliationView } from "../../../../lib/http/http-types"
import type { Knex } from "../../../../modules/bnpl/ledger"
import type { ReconciliationRecord } from "../../../../workflows/reconciliation/utils/compare"

/** Rows shown at most (newest first): the differences of a store are few; `all` is for a look around. */
const LIMIT = 200

/** One comparison as the admin shows it, with the payment's currency, mode and order number. */
export function rowView(
  record: ReconciliationRecord,
  ledger: { currency_code: string; mode: string | null },
  displayId: number | null
): ReconciliationRowView {
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)
  const s = record.service
  const m = record.medusa
  return {
    bnpl_payment_id: record.bnpl_payment_id,
    currency_code: ledger.currency_code,
    mode: ledger.mode === "test" ? "test" : "live",
    order_id: m?.order_id ?? null,
    display_id: displayId,
    service: s
      ? {
          state: s.state,
          purchase_cents: s.purchase_cents,
          refunded_cents: s.refunded_cents,
          charged: ["in_progress", "paid"].includes(s.state) && (!s.deferred_trigger || s.trigger_applied),
        }
      : null,
    medusa: {
      payment_id: m?.payment_id ?? null,
      authorized_cents: m?.authorized_cents ?? 0,
      captured_cents: m?.captured_cents ?? 0,
      refunded_cents: m?.refunded_cents ?? 0,
      held_by_live_order: !!m?.held_by_live_order,
    },
    drifts: (record.drifts ?? []).map((d) => ({
      kind: d.kind,
      cents: d.cents,
      reason: d.reason,
      action: d.action,
      found_at: d.found_at,
    })),
    service_read_at: iso(record.service_read_at),
    checked_at: iso(record.checked_at)!,
  }
}

/** What the reconciliation page reads: the differing payments (or all), with the run's figures. */
export async function reconciliationView(knex: Knex, all: boolean): Promise<ReconciliationView> {
  const records: ReconciliationRecord[] = await knex("bnpl_reconciliation")
    .whereNull("deleted_at")
    .modify((q: Knex) => (all ? q : q.where("drift_count", ">", 0)))
    .orderBy("checked_at", "desc")
    .limit(LIMIT)
  const pids = records.map((r) => r.bnpl_payment_id)
  const ledgers = pids.length
    ? await knex("bnpl_payment").whereIn("bnpl_payment_id", pids).select("bnpl_payment_id", "currency_code", "mode")
    : []
  const orderIds = records.map((r) => r.medusa?.order_id).filter((id): id is string => !!id)
  const orders = orderIds.length ? await knex("order").whereIn("id", orderIds).select("id", "display_id") : []
  const [{ count, differing, last }] = await knex("bnpl_reconciliation")
    .whereNull("deleted_at")
    .select(
      knex.raw("count(*)::int as count"),
      knex.raw("count(*) filter (where drift_count > 0)::int as differing"),
      knex.raw("max(checked_at) as last")
    )
  return {
    rows: records.map((r) =>
      rowView(
        r,
        ledgers.find((l: { bnpl_payment_id: string }) => l.bnpl_payment_id === r.bnpl_payment_id) ?? {
          currency_code: "eur",
          mode: null,
        },
        orders.find((o: { id: string }) => o.id === r.medusa?.order_id)?.display_id ?? null
      )
    ),
    checked: count,
    differing,
    last_run_at: last ? new Date(last).toISOString() : null,
  }
}
