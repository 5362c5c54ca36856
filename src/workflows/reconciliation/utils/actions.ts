import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { clientFor } from "../../../client"
import type { DriftAction } from "../../../lib/reconciliation/consistency"
import { modeOf } from "../../../lib/settings/mode"
import { fromCents } from "../../../lib/money/money"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import { findPayment, type Knex } from "../../../modules/bnpl/ledger"
import type BnplModuleService from "../../../modules/bnpl/service"
import { BACKGROUND_CALL } from "../../../providers/bnpl/constants"
import { intendToRecord, recordedReferences } from "../../../providers/bnpl/refund"
import { reconcilePayments, type ReconciliationRecord } from "./compare"

/**
 * The reconciliation's actions, one payment at a time, each only while its difference is still
 * there (compared again first, the service read now): never more than the difference.
 * - record_refund: the service gave back money Medusa does not record → a Medusa refund of each
 *   such service refund, taken by the provider without a call (`intendToRecord`).
 * - refund_at_service: Medusa records refunds the service did not make → the service refunds
 *   the difference, once (its reference names Medusa's total).
 * - start_payment: the goods left and the payment at shipment was not started → the admin's
 *   "Start the payment" (the caller runs it: it answers the order's view).
 */
export type ActionResult =
  | { status: 200; record: ReconciliationRecord }
  | { status: 404 | 409; message: string }
  | { status: 200; start_order: string }

export async function reconciliationRecord(knex: Knex, pid: string): Promise<ReconciliationRecord | undefined> {
  return knex("bnpl_reconciliation").where({ bnpl_payment_id: pid }).whereNull("deleted_at").first()
}

/** Seconds an action waits for another action on the same payment (the merchant's double click, two tabs). */
const PAYMENT_LOCK_TIMEOUT_S = 30

/**
 * One action on one payment at a time (Medusa's locking, across processes): the second of two
 * at once compares again after the first and finds the difference gone (409).
 */
export async function applyReconciliationAction(
  container: MedusaContainer,
  pid: string,
  action: DriftAction,
  actor?: string
): Promise<ActionResult> {
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  return locking.execute(`bnpl-reconciliation:${pid}`, () => applyAction(container, pid, action, actor), {
    timeout: PAYMENT_LOCK_TIMEOUT_S,
  })
}

async function applyAction(
  container: MedusaContainer,
  pid: string,
  action: DriftAction,
  actor?: string
): Promise<ActionResult> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const row = await findPayment(knex, pid)
  if (!row) {
    return { status: 404, message: `No instalment payment ${pid} in this store` }
  }
  await reconcilePayments(container, { pids: [pid], reads: 1, force: true })
  const record = await reconciliationRecord(knex, pid)
  const drift = record?.drifts?.find((d) => d.action === action)
  if (!record || !drift) {
    return { status: 409, message: "This payment no longer shows that difference: nothing was done" }
  }
  const medusa = record.medusa!
  if (action === "start_payment") {
    return { status: 200, start_order: medusa.order_id! }
  }
  if (action === "record_refund") {
    if (!medusa.payment_id) {
      return { status: 409, message: "Medusa holds no payment of this service payment to record a refund on" }
    }
    const live = await knex("refund").where({ payment_id: medusa.payment_id }).whereNull("deleted_at")
    const recorded = await recordedReferences(
      knex,
      pid,
      live.map((r: { id: string }) => r.id)
    )
    let left = drift.cents
    for (const refund of record.service!.refunds.filter((r) => !recorded.has(r.reference))) {
      if (refund.cents > left) continue
      await intendToRecord(knex, pid, refund.reference)
      await refundPaymentWorkflow(container).run({
        input: {
          payment_id: medusa.payment_id,
          amount: fromCents(refund.cents, row.currency_code),
          created_by: actor,
          note: `Recorded from the service (refund ${refund.reference || "made outside Medusa"})`,
        },
      })
      left -= refund.cents
    }
  } else {
    const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(row))
    const client = clientFor(options)
    const reference = `medusa-reconcile-${pid}-${medusa.refunded_cents}`
    const current = await client.getPayment(pid, BACKGROUND_CALL)
    if (!current.refunds.some((r) => r.merchant_reference === reference)) {
      await client.refundPayment(pid, { amount: drift.cents, merchant_reference: reference })
    }
  }
  await reconcilePayments(container, { pids: [pid], reads: 1, force: true })
  return { status: 200, record: (await reconciliationRecord(knex, pid))! }
}
