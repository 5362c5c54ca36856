import { generateEntityId } from "@medusajs/framework/utils"
import type { BnplClient, CallOptions } from "../../client"
import { modeOf, type Mode } from "../../lib/mode"
import { settlePayment, type Settlement } from "../../lib/settlement"

/**
 * The `bnpl_payment` table (the bnpl module's `BnplPayment` model), read and written through
 * the shared PostgreSQL connection: the provider runs in the payment module's container, where
 * the bnpl module cannot be resolved, and the notification route and the retry job use the
 * same functions so that one place knows how a payment's outcome moves.
 */

export type Knex = any

export const LEDGER_TABLE = "bnpl_payment"

export type LedgerStatus = "open" | "ordered" | "to_settle" | "cancelled" | "refunded" | "failed"

export type LedgerRow = {
  id: string
  bnpl_payment_id: string
  session_id: string
  cart_id: string | null
  /** The checkout snapshot it was made with (null: made before payments named it). */
  checkout_id: string | null
  purchase_amount: number
  currency_code: string
  /** "test" | "live": the account it was made with (null: before modes, the live account). */
  mode: "test" | "live" | null
  token_in_url: boolean
  status: LedgerStatus
  reason: string | null
  order_id: string | null
  refunded_amount: number | null
  attempts: number
  last_error: string | null
  next_attempt_at: Date | null
  settled_at: Date | null
  created_at: Date
  updated_at: Date
}

/** Attempts before a payment to settle is left to the merchant (1, 2, 4... 30 min apart: about 3.5 hours). */
export const MAX_SETTLE_ATTEMPTS = 12

export function settleBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000)
}

export async function recordPayment(
  knex: Knex,
  row: Pick<LedgerRow, "bnpl_payment_id" | "session_id" | "cart_id" | "purchase_amount" | "currency_code"> &
    Partial<Pick<LedgerRow, "token_in_url" | "mode" | "checkout_id">>
): Promise<void> {
  // The service makes a new id per payment: a second insert for one id would be a bug, and
  // the unique index refuses it.
  await knex(LEDGER_TABLE).insert({ id: generateEntityId(undefined, "bnplpay"), status: "open", attempts: 0, ...row })
}

export async function findPayment(knex: Knex, pid: string): Promise<LedgerRow | undefined> {
  return knex(LEDGER_TABLE).where({ bnpl_payment_id: pid }).whereNull("deleted_at").first()
}

/** A ledger row by its own id (`bnplpay_...`), as the admin names it. */
export async function ledgerRow(knex: Knex, id: string): Promise<LedgerRow | undefined> {
  return knex(LEDGER_TABLE).where({ id }).whereNull("deleted_at").first()
}

/**
 * The account a payment was made with: its key signs the payment's notifications and every
 * later call about it goes to that account. Live for payments recorded before modes existed
 * (and for a pid this store does not hold, which the notification check refuses anyway).
 */
export async function recordedMode(knex: Knex, pid: unknown): Promise<Mode> {
  return modeOf(typeof pid === "string" && pid ? await findPayment(knex, pid) : undefined)
}

/** Only while nothing decided its end yet: an order or a settlement is never undone. */
export async function markToSettle(knex: Knex, pid: string, reason: string): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid, status: "open" })
    .whereNull("deleted_at")
    .update({ status: "to_settle", reason, next_attempt_at: new Date(), updated_at: new Date() })
}

/** The order holding it was cancelled: what the service still holds is to be given back. */
export async function markCancelledOrder(knex: Knex, pid: string, orderId: string): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid })
    .whereIn("status", ["open", "ordered", "failed"])
    .whereNull("deleted_at")
    .update({
      status: "to_settle",
      reason: "order cancelled",
      order_id: orderId,
      next_attempt_at: new Date(),
      updated_at: new Date(),
    })
}

export async function markOrdered(knex: Knex, pid: string, orderId: string | null): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid })
    .whereIn("status", ["open", "to_settle"])
    .whereNull("deleted_at")
    .update({ status: "ordered", order_id: orderId, next_attempt_at: null, updated_at: new Date() })
}

export async function markSettled(
  knex: Knex,
  pid: string,
  status: "cancelled" | "refunded",
  refundedAmount: number | null
): Promise<void> {
  await knex(LEDGER_TABLE).where({ bnpl_payment_id: pid }).whereNull("deleted_at").update({
    status,
    refunded_amount: refundedAmount,
    settled_at: new Date(),
    next_attempt_at: null,
    last_error: null,
    updated_at: new Date(),
  })
}

/** A failed settling attempt: retried later with backoff, `failed` (the merchant's turn) after the last. */
export async function markSettleFailed(knex: Knex, row: LedgerRow, error: string): Promise<void> {
  const attempts = row.attempts + 1
  const gaveUp = attempts >= MAX_SETTLE_ATTEMPTS
  await knex(LEDGER_TABLE)
    .where({ id: row.id })
    .update({
      attempts,
      last_error: error.slice(0, 500),
      status: gaveUp ? "failed" : "to_settle",
      next_attempt_at: gaveUp ? null : new Date(Date.now() + settleBackoffMs(attempts)),
      updated_at: new Date(),
    })
}

/**
 * One attempt to end a payment no order will hold (see `settlePayment`), recorded either way:
 * settled, or failed with backoff (then the error is thrown on). The client is made inside the
 * attempt (an account without a key fails the attempt like a service error). `failedAs` is the
 * row the failure is counted on (the merchant's "Try again" counts it on a capped copy).
 */
export async function settleAndRecord(
  knex: Knex,
  clientOf: () => BnplClient,
  row: LedgerRow,
  call: CallOptions,
  failedAs: LedgerRow = row
): Promise<Settlement> {
  try {
    const done = await settlePayment(clientOf(), row.bnpl_payment_id, call)
    await markSettled(knex, row.bnpl_payment_id, done.status, done.refunded)
    return done
  } catch (e) {
    await markSettleFailed(knex, failedAs, (e as Error).message)
    throw e
  }
}

/** Payments the retry job settles now. */
export async function paymentsToSettle(knex: Knex, limit = 50): Promise<LedgerRow[]> {
  return knex(LEDGER_TABLE)
    .where({ status: "to_settle" })
    .where((q: Knex) => q.whereNull("next_attempt_at").orWhere("next_attempt_at", "<=", new Date()))
    .whereNull("deleted_at")
    .orderBy("next_attempt_at", "asc")
    .limit(limit)
}

/** Payments still open although their hosted page has expired: the job decides how they end. */
export async function staleOpenPayments(
  knex: Knex,
  olderThanMs: number,
  now = Date.now(),
  limit = 50
): Promise<LedgerRow[]> {
  return knex(LEDGER_TABLE)
    .where({ status: "open" })
    .where("created_at", "<=", new Date(now - olderThanMs))
    .whereNull("deleted_at")
    .orderBy("created_at", "asc")
    .limit(limit)
}

/** What the merchant sees: every payment that did not (yet) end in an order, newest first. */
export async function paymentsWithoutOrder(knex: Knex, limit = 100): Promise<LedgerRow[]> {
  return knex(LEDGER_TABLE)
    .whereIn("status", ["to_settle", "cancelled", "refunded", "failed"])
    .whereNotNull("reason")
    .whereNull("deleted_at")
    .orderBy("updated_at", "desc")
    .limit(limit)
}

/** The order placed for a cart, if any (Medusa's `order_cart` link table). */
export async function orderOfCart(knex: Knex, cartId: string | null): Promise<string | undefined> {
  if (!cartId) {
    return undefined
  }
  const row = await knex("order_cart").where({ cart_id: cartId }).whereNull("deleted_at").first("order_id")
  return row?.order_id
}

/** A payment session as Medusa keeps it (deleted ones included: `deleted_at`). */
export async function paymentSession(
  knex: Knex,
  sessionId: string
): Promise<{ id: string; status: string; deleted_at: Date | null; data: Record<string, unknown> } | undefined> {
  return knex("payment_session").where({ id: sessionId }).first("id", "status", "deleted_at", "data")
}
