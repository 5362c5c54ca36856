import { isBnplError, type Payment } from "../../client"
import { addAmounts, refundCents, toCents, type MedusaAmount } from "../../lib/money"
import { settledAs, type Knex } from "../../modules/bnpl/ledger"
import type { BnplSessionData } from "./types"
import type { Operation } from "./operation"

/** Medusa's own record of its refunds: a refund whose provider call fails is deleted from it. */
const MEDUSA_REFUND_TABLE = "refund"

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
  const adopted = session.adopted_refunds ?? []
  const orphan = key ? await orphanRefundOf(op.knex, current, paymentId, cents, adopted) : undefined
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
    ...(orphan ? { adopted_refunds: [...adopted, orphan] } : {}),
  }
}

/**
 * A refund of these cents made at the service for a Medusa refund that no longer exists: its
 * answer was lost, so Medusa deleted it, and this is the merchant's refund again (its reference
 * is returned, and kept in the payment's data so that it is taken once). Refunds of other live
 * Medusa refunds (one running at the same moment) are theirs, not this one's.
 */
async function orphanRefundOf(
  knex: Knex,
  payment: Payment,
  paymentId: string,
  cents: number,
  adopted: string[]
): Promise<string | undefined> {
  const prefix = `medusa-refund-${paymentId}-`
  const candidates = payment.refunds
    .map((r) => ({ amount: r.amount, reference: r.merchant_reference ?? "" }))
    .filter((r) => r.amount === cents && r.reference.startsWith(`${prefix}ref`) && !adopted.includes(r.reference))
  for (const { reference } of candidates) {
    const row = await knex(MEDUSA_REFUND_TABLE)
      .where({ id: reference.slice(prefix.length) })
      .first("id", "deleted_at")
    if (!row || row.deleted_at) {
      return reference
    }
  }
  return undefined
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
