import { generateEntityId } from "@medusajs/framework/utils"
import { isBnplError, type Payment } from "../../client"
import { addAmounts, refundCents, toCents, type MedusaAmount } from "../../lib/money/money"
import { settledAs, type Knex } from "../../modules/bnpl/ledger"
import type { BnplSessionData } from "./types"
import type { Operation } from "./operation"

/** Medusa's own record of its refunds: a refund whose provider call fails is deleted from it. */
const MEDUSA_REFUND_TABLE = "refund"
/** The service refunds taken as a later Medusa refund (models/adopted-refund.ts). */
const ADOPTED_TABLE = "bnpl_adopted_refund"

/**
 * The reference of a refund at the service, made once however often it is retried. It names
 * Medusa's refund (`idempotency_key`: the refund's id, Medusa 2.21): two refunds of the same
 * amount started together read the same payment data, and only their own ids tell them apart.
 * Without a key (an older caller), what a retry repeats: what Medusa had refunded before (kept
 * in the payment's data) and the cents.
 */
export function refundReference(paymentId: string, key: string | undefined, beforeCents: number, cents: number) {
  return key ? `medusa-refund-${paymentId}-${key}` : `medusa-refund-${paymentId}-${beforeCents}-${cents}`
}

/**
 * A refund Medusa asks for, made once. The payment is fetched first: this refund already made
 * (a retry of the call) is found by its reference. A refund whose answer was lost is looked
 * for a few times before the call fails; when Medusa then deleted its refund and the merchant
 * refunds again (a new refund id), that earlier refund is found at the service (same cents, a
 * Medusa refund that no longer exists) and taken as this one rather than made twice.
 * Cents are rounded against the running total (`refundCents`).
 */
export async function refundForMedusa(
  op: Operation,
  session: BnplSessionData,
  paymentId: string,
  amount: MedusaAmount,
  key?: string
): Promise<BnplSessionData> {
  const currency = session.currency_code ?? "eur"
  const before = session.medusa_refunded ?? "0"
  const cents = refundCents(amount, before, currency)
  if (await settledAs(op.knex, paymentId)) {
    // The plugin ended it (no order held it then) and the service gave back all it took: this
    // is Medusa recording that (an earlier payment an order's collection kept), not a new refund.
    return { ...session, medusa_refunded: addAmounts(before, amount) }
  }
  const reference = refundReference(paymentId, key, toCents(before, currency), cents)
  const client = op.client()
  const current = await client.getPayment(paymentId)
  const orphan = key ? await adoptOrphanRefund(op.knex, current, paymentId, cents, key) : undefined
  const done =
    current.refunds.some((r) => r.merchant_reference === reference) || orphan
      ? current
      : await client.refundPayment(paymentId, { amount: cents, merchant_reference: reference }).catch(async (e) => {
          // The answer was lost (timeout, garbled): the refund may have happened. Look for it
          // before reporting a failure (and a retry finds it anyway).
          if (!isBnplError(e) || !["unavailable", "malformed_answer"].includes(e.code)) {
            throw e
          }
          return (await findRefund(op, paymentId, reference)) ?? Promise.reject(e)
        })
  return {
    ...session,
    state: done.state,
    refunds: done.refunds,
    medusa_refunded: addAmounts(before, amount),
    // Shown to the merchant beside the refund; "taken once" is kept in `bnpl_adopted_refund`.
    ...(orphan ? { adopted_refunds: [...(session.adopted_refunds ?? []), orphan] } : {}),
  }
}

/**
 * A refund of these cents made at the service for a Medusa refund that no longer exists: its
 * answer was lost, so Medusa deleted it, and this is the merchant's refund again. Taken once, by
 * one row per service refund in `bnpl_adopted_refund` (unique reference): Medusa reads the
 * payment's data before its lock and writes it back whole, so two refunds at once, or one beside
 * an adoption, would each see it free in the data. A row whose Medusa refund was deleted in turn
 * (this refund's own call failed later) is free again; a retry of the same Medusa refund finds
 * its own row. Refunds of other live Medusa refunds (one running at the same moment) are theirs.
 */
async function adoptOrphanRefund(
  knex: Knex,
  payment: Payment,
  paymentId: string,
  cents: number,
  refundId: string
): Promise<string | undefined> {
  const prefix = `medusa-refund-${paymentId}-`
  for (const { reference } of payment.refunds
    .map((r) => ({ amount: r.amount, reference: r.merchant_reference ?? "" }))
    .filter((r) => r.amount === cents)) {
    const taken = await knex(ADOPTED_TABLE).where({ reference }).whereNull("deleted_at").first("medusa_refund_id")
    if (taken?.medusa_refund_id === refundId) {
      return reference // this refund's retry
    }
    const fromMedusa = reference.startsWith(`${prefix}ref`)
    if (fromMedusa && (await medusaRefundLives(knex, reference.slice(prefix.length)))) {
      continue // its own Medusa refund holds it
    }
    // A refund made outside Medusa (the service's back office) is taken only when the merchant
    // asked to record it (the reconciliation's "Record the service's refund in Medusa").
    if (!fromMedusa && taken?.medusa_refund_id !== RECORD_INTENT) {
      continue
    }
    if (taken && taken.medusa_refund_id !== RECORD_INTENT && (await medusaRefundLives(knex, taken.medusa_refund_id))) {
      continue
    }
    if (await takeOrphan(knex, paymentId, reference, refundId, taken?.medusa_refund_id)) {
      return reference
    }
  }
  return undefined
}

/**
 * The taker of a service refund the merchant asked to record in Medusa (the reconciliation):
 * the next Medusa refund of its cents on its payment takes it, without a call.
 */
export const RECORD_INTENT = "reconciliation"

/** The merchant asks to record this service refund in Medusa: the next Medusa refund of its cents takes it. */
export async function intendToRecord(knex: Knex, paymentId: string, reference: string): Promise<void> {
  const moved = await knex(ADOPTED_TABLE)
    .where({ reference })
    .whereNull("deleted_at")
    .update({ medusa_refund_id: RECORD_INTENT, updated_at: new Date() })
  if (!moved) {
    await knex(ADOPTED_TABLE).insert({
      id: generateEntityId(undefined, "bnpladopt"),
      bnpl_payment_id: paymentId,
      reference,
      medusa_refund_id: RECORD_INTENT,
    })
  }
}

/** The service refunds a Medusa refund of this payment holds (made for it, or taken by it). */
export async function recordedReferences(
  knex: Knex,
  paymentId: string,
  medusaRefundIds: string[]
): Promise<Set<string>> {
  const taken = await knex(ADOPTED_TABLE).where({ bnpl_payment_id: paymentId }).whereNull("deleted_at")
  return new Set([
    ...medusaRefundIds.map((id) => `medusa-refund-${paymentId}-${id}`),
    ...taken
      .filter((t: { medusa_refund_id: string }) => medusaRefundIds.includes(t.medusa_refund_id))
      .map((t: { reference: string }) => t.reference),
  ])
}

/** Medusa's own record of its refunds: a refund whose provider call fails is deleted from it. */
async function medusaRefundLives(knex: Knex, refundId: string): Promise<boolean> {
  const row = await knex(MEDUSA_REFUND_TABLE).where({ id: refundId }).first("id", "deleted_at")
  return !!row && !row.deleted_at
}

/**
 * One statement decides who takes it: the insert (the unique reference refuses a second), or,
 * when its earlier taker's Medusa refund is gone, the update conditional on that taker.
 */
async function takeOrphan(
  knex: Knex,
  paymentId: string,
  reference: string,
  refundId: string,
  previous: string | undefined
): Promise<boolean> {
  if (previous) {
    const moved = await knex(ADOPTED_TABLE)
      .where({ reference, medusa_refund_id: previous })
      .whereNull("deleted_at")
      .update({ medusa_refund_id: refundId, updated_at: new Date() })
    return moved > 0
  }
  try {
    await knex(ADOPTED_TABLE).insert({
      id: generateEntityId(undefined, "bnpladopt"),
      bnpl_payment_id: paymentId,
      reference,
      medusa_refund_id: refundId,
    })
    return true
  } catch {
    return false // another refund took it at the same moment (unique reference)
  }
}

/** A refund whose answer was lost: the service may show it a moment later, so look a few times. */
async function findRefund(op: Operation, paymentId: string, reference: string): Promise<Payment | undefined> {
  for (let look = 0; look < 3; look++) {
    if (look) {
      await new Promise((r) => setTimeout(r, 500 * look))
    }
    const current = await op
      .client()
      .getPayment(paymentId)
      .catch(() => undefined)
    if (current?.refunds.some((r) => r.merchant_reference === reference)) {
      return current
    }
  }
  return undefined
}
