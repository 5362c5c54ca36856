import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId } from "@medusajs/framework/utils"
import { clientFor, isConfigured, type Payment } from "../../../client"
import { driftsOf, type Drift, type MedusaSide, type ServiceSide } from "../../../lib/reconciliation/consistency"
import { modeOf } from "../../../lib/settings/mode"
import { toCents } from "../../../lib/money/money"
import { stableHash } from "../../../lib/infrastructure/stable-hash"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import { LEDGER_TABLE, type Knex, type LedgerRow } from "../../../modules/bnpl/ledger"
import { holdingOf, medusaPaymentOf, orderHandedOver } from "../../../modules/bnpl/medusa-holding"
import type BnplModuleService from "../../../modules/bnpl/service"
import { BACKGROUND_CALL } from "../../../providers/bnpl/constants"

/**
 * The reconciliation: every service payment of the last 90 days compared with what Medusa
 * recorded of it (`driftsOf`, the model's own definition of consistent), the differences kept in
 * `bnpl_reconciliation` with when each was first found. Reads only: nothing here moves money
 * (the admin's actions do, one payment at a time). The service is read once per payment and
 * change: again when Medusa's side or the ledger changed since, or once a day while the payment
 * can still move at the service (instalments, a refund made in its back office); never for a
 * payment that ended there (expired, refused, refunded in full) and did not change here.
 */

export const RECONCILE_DAYS = 90
/** Service reads per run at most: a store with 10,000 payments is caught up over runs, oldest read first. */
export const SERVICE_READS_PER_RUN = 100
/** A payment that can still move at the service is read again after this, even if nothing changed here. */
export const REREAD_MOVING_AFTER_MS = 24 * 3600_000
const DAY_MS = 86_400_000
const TABLE = "bnpl_reconciliation"

export type StoredService = ServiceSide & { expired: boolean; refunds: { reference: string; cents: number }[] }
export type StoredMedusa = MedusaSide & { payment_id: string | null; authorized_cents: number }
export type StoredDrift = Drift & { found_at: string }
export type ReconciliationRecord = {
  id: string
  bnpl_payment_id: string
  service: StoredService | null
  service_read_at: Date | null
  medusa: StoredMedusa | null
  medusa_key: string | null
  drifts: StoredDrift[] | null
  drift_count: number
  checked_at: Date | null
}

/** What the service said of a payment, as the comparison needs it. */
export function serviceSideOf(payment: Payment): StoredService {
  return {
    state: payment.state,
    purchase_cents: payment.purchase_amount,
    refunded_cents: payment.refunds.reduce((sum, r) => sum + r.amount, 0),
    deferred_trigger: !!payment.deferred_trigger,
    trigger_applied: !!payment.deferred_trigger_applied,
    expired: payment.expired_at != null,
    refunds: payment.refunds.map((r) => ({ reference: r.merchant_reference ?? "", cents: r.amount })),
  }
}

/** Ended at the service: nothing more can move there (expired, refused, or refunded in full). */
const ended = (s: StoredService) =>
  s.expired || s.state === "scored_no" || (s.purchase_cents > 0 && s.refunded_cents >= s.purchase_cents)

/** Medusa's side of a ledger row, read from Medusa's own tables. */
export async function medusaSideOf(knex: Knex, row: LedgerRow, autoCapture: boolean): Promise<StoredMedusa> {
  const [holding, payment] = await Promise.all([holdingOf(knex, row.session_id), medusaPaymentOf(knex, row.session_id)])
  const held = holding.by === "order" && holding.order_status !== "canceled"
  const orderId = holding.by === "order" || holding.by === "awaiting" ? holding.order_id : row.order_id
  const cents = (amounts: (string | number)[]) => amounts.reduce<number>((s, a) => s + toCents(a, row.currency_code), 0)
  return {
    payment_id: payment?.id ?? null,
    held_by_live_order: held,
    order_id: orderId ?? null,
    authorized_cents: payment && !payment.canceled_at ? toCents(payment.amount, row.currency_code) : 0,
    captured_cents: payment ? cents(payment.captures) : 0,
    refunded_cents: payment ? cents(payment.refunds.map((r: { amount: string | number }) => r.amount)) : 0,
    shipped: held && row.pay_at_shipment && !row.triggered_at ? await orderHandedOver(knex, orderId!) : false,
    listed: ["to_settle", "failed"].includes(row.status),
    auto_capture: autoCapture,
  }
}

/** The differences now, each keeping when it was first found (`now` for a new one). */
export function driftsSince(service: ServiceSide, medusa: MedusaSide, before: StoredDrift[] | null, now: Date) {
  return driftsOf(service, medusa).map((d) => ({
    ...d,
    found_at: before?.find((b) => b.kind === d.kind)?.found_at ?? now.toISOString(),
  }))
}

/** A run's figures: payments compared, those that differ, differences found this run, service reads. */
export type RunFigures = {
  checked: number
  differing: number
  new_drifts: number
  service_reads: number
  left_unread: number
}

/**
 * One run: the payments of the last 90 days (or only `pids`), their service side read where it
 * is due (at most `reads`; `force`: read now, before an action), the differences written. Never throws for one payment: a service that
 * cannot answer now leaves that payment's last comparison as it was.
 */
export async function reconcilePayments(
  container: MedusaContainer,
  {
    now = Date.now(),
    reads = SERVICE_READS_PER_RUN,
    pids,
    force = false,
  }: { now?: number; reads?: number; pids?: string[]; force?: boolean } = {}
): Promise<RunFigures> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const rows: LedgerRow[] = await knex(LEDGER_TABLE)
    .where("created_at", ">=", new Date(now - RECONCILE_DAYS * DAY_MS))
    .whereNull("deleted_at")
    .modify((q: Knex) => (pids ? q.whereIn("bnpl_payment_id", pids) : q))
    .orderBy("created_at", "asc")
  const records = new Map<string, ReconciliationRecord>(
    (rows.length
      ? await knex(TABLE).whereIn(
          "bnpl_payment_id",
          rows.map((r) => r.bnpl_payment_id)
        )
      : []
    ).map((r: ReconciliationRecord) => [r.bnpl_payment_id, r])
  )
  const figures: RunFigures = { checked: 0, differing: 0, new_drifts: 0, service_reads: 0, left_unread: 0 }
  const accounts = new Map<string, Awaited<ReturnType<BnplModuleService["getOptions"]>>>()
  for (const row of rows) {
    try {
      const mode = modeOf(row)
      if (!accounts.has(mode)) accounts.set(mode, await bnpl.getOptions(mode))
      const options = accounts.get(mode)!
      const medusa = await medusaSideOf(knex, row, !!options.autoCapture)
      const key = stableHash({ medusa, ledger: [row.status, row.refunded_amount, row.triggered_at] })
      const before = records.get(row.bnpl_payment_id)
      let service = before?.service ?? null
      let readAt = before?.service_read_at ?? null
      const due =
        force ||
        !service ||
        before!.medusa_key !== key ||
        (!ended(service) && now - new Date(readAt ?? 0).getTime() > REREAD_MOVING_AFTER_MS)
      if (due && figures.service_reads < reads && isConfigured(options)) {
        figures.service_reads++
        service = serviceSideOf(await clientFor(options).getPayment(row.bnpl_payment_id, BACKGROUND_CALL))
        readAt = new Date(now)
      } else if (due) {
        figures.left_unread++
        if (!service) continue // nothing known of the service's side yet: the next run reads it
      }
      const drifts = driftsSince(service!, medusa, before?.drifts ?? null, new Date(now))
      await saveRecord(knex, before, {
        bnpl_payment_id: row.bnpl_payment_id,
        service,
        service_read_at: readAt,
        medusa,
        medusa_key: service === before?.service ? (before?.medusa_key ?? key) : key,
        drifts,
        drift_count: drifts.length,
        checked_at: new Date(now),
      })
      figures.checked++
      if (drifts.length) figures.differing++
      figures.new_drifts += drifts.filter((d) => d.found_at === new Date(now).toISOString()).length
    } catch (e) {
      logger.warn(`BNPL reconciliation of ${row.bnpl_payment_id} left for the next run: ${(e as Error).message}`)
    }
  }
  return figures
}

async function saveRecord(
  knex: Knex,
  before: ReconciliationRecord | undefined,
  next: Omit<ReconciliationRecord, "id">
) {
  const values = {
    ...next,
    service: next.service ? JSON.stringify(next.service) : null,
    medusa: next.medusa ? JSON.stringify(next.medusa) : null,
    drifts: JSON.stringify(next.drifts ?? []),
    updated_at: new Date(),
  }
  const update = () =>
    knex(TABLE).where({ bnpl_payment_id: next.bnpl_payment_id }).whereNull("deleted_at").update(values)
  if (before) {
    await update()
    return
  }
  // A run beside another (the admin's "Check now" and the job) may insert it first: then update.
  await knex(TABLE)
    .insert({ id: generateEntityId(undefined, "bnplrec"), ...values })
    .catch(update)
}
