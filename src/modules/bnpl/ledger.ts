import { generateEntityId } from "@medusajs/framework/utils"
import { modeOf, type Mode } from "../../lib/settings/mode"

/**
 * The `bnpl_payment` table (the bnpl module's `BnplPayment` model), read and written through
 * the shared PostgreSQL connection: the provider runs in the payment module's container, where
 * the bnpl module cannot be resolved, and the notification route and the retry job use the
 * same functions so that one place knows how a payment's outcome moves.
 */

export type Knex = any

export const LEDGER_TABLE = "bnpl_payment"

/**
 * open: its session may still become an order | authorized: Medusa authorized it and no order
 * is known to hold it yet (Medusa's records decide: `medusa-holding.ts`) | ordered: an order
 * holds it, named in `order_id` (a check constraint refuses an `ordered` row without one) |
 * to_settle, cancelled, refunded, failed: ended without an order (or its order cancelled).
 */
export type LedgerStatus = "open" | "authorized" | "ordered" | "to_settle" | "cancelled" | "refunded" | "failed"

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
  /**
   * The account (fingerprint) that answered "no such payment" (404): the row is `failed` until
   * the key, URL or mode of its account changes, then settled again.
   */
  failed_account: string | null
  /** Pay at shipment: nothing charged until the shop triggers it (the order ships). */
  pay_at_shipment: boolean
  trigger_deadline: Date | null
  triggered_at: Date | null
  deadline_warned_at: Date | null
  deadline_passed_warned_at: Date | null
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
    Partial<Pick<LedgerRow, "token_in_url" | "mode" | "checkout_id" | "pay_at_shipment">>
): Promise<void> {
  // The service makes a new id per payment: a second insert for one id would be a bug, and
  // the unique index refuses it.
  await knex(LEDGER_TABLE).insert({ id: generateEntityId(undefined, "bnplpay"), status: "open", attempts: 0, ...row })
}

export async function findPayment(knex: Knex, pid: string): Promise<LedgerRow | undefined> {
  return knex(LEDGER_TABLE).where({ bnpl_payment_id: pid }).whereNull("deleted_at").first()
}

/**
 * How the service ended a payment, when it did: `refunded` (everything given back) or
 * `cancelled` (nothing taken), as the settling recorded its answer. Medusa's refund or cancel
 * of such a payment is then recorded from this, with no call (the service has nothing left to do).
 */
export async function settledAs(knex: Knex, pid: string | undefined): Promise<"refunded" | "cancelled" | undefined> {
  const row = pid ? await findPayment(knex, pid) : undefined
  return row?.status === "refunded" || row?.status === "cancelled" ? row.status : undefined
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

/**
 * A payment claimed to settle is attempted at once by whoever claimed it; the job leaves it
 * alone this long, so the two never settle one payment at the same moment (a failed attempt
 * sets its own backoff; a claimant that died leaves it to the job after this).
 */
export const CLAIMANT_ATTEMPT_MS = 2 * 60_000

const afterClaimantAttempt = () => new Date(Date.now() + CLAIMANT_ATTEMPT_MS)

/** Open, or authorized with no order known to hold it (the caller asked Medusa's records first). */
const openOrOrderless = (q: Knex) => q.whereIn("status", ["open", "authorized"])

/**
 * Claims an open payment for settling: only while nothing decided its end yet (an order or a
 * settlement is never undone). One conditional update, so of a settle and an authorization
 * racing for the same row exactly one wins. True when this call claimed it; the claimant
 * attempts it (the job waits `CLAIMANT_ATTEMPT_MS`, or settles at `dueAt`). `orderless`: the
 * caller, having read in Medusa's records that no order holds it, also claims a payment
 * `authorized` (its order never placed, Medusa's cancel of it never reached the service). An
 * `ordered` row is never claimed here.
 */
export async function markToSettle(
  knex: Knex,
  pid: string,
  reason: string,
  { orderless = false, dueAt = afterClaimantAttempt() }: { orderless?: boolean; dueAt?: Date } = {}
): Promise<boolean> {
  const claimed = await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid })
    .where(orderless ? openOrOrderless : (q: Knex) => q.where({ status: "open" }))
    .whereNull("deleted_at")
    .update({ status: "to_settle", reason, next_attempt_at: dueAt, updated_at: new Date() })
  return claimed > 0
}

/**
 * A notification's attempt at a payment to settle, once its attempt is due (`next_attempt_at`
 * passed: the backoff after a failed attempt, or the claimant's turn): one conditional update
 * that moves the next attempt to after this one, so of several notifications at once (or one and
 * the claimant) one attempts it, the others find it not due. True when this call may attempt it.
 */
export async function claimSettleAttempt(knex: Knex, id: string, now = new Date()): Promise<boolean> {
  const claimed = await knex(LEDGER_TABLE)
    .where({ id, status: "to_settle" })
    .where((q: Knex) => q.whereNull("next_attempt_at").orWhere("next_attempt_at", "<=", now))
    .whereNull("deleted_at")
    .update({ next_attempt_at: new Date(now.getTime() + CLAIMANT_ATTEMPT_MS), updated_at: now })
  return claimed > 0
}

/** Claimed by Medusa's authorization: an order holds it, or may (its order not known yet). */
export const HELD: LedgerStatus[] = ["authorized", "ordered"]

/** Why an authorization is refused: the ledger ended the payment already. */
export type OrderClaim = { ok: true } | { ok: false; status: LedgerStatus }

/**
 * Claims a payment for the authorization Medusa is making: one conditional update from `open`
 * to `authorized`, the counterpart of `markToSettle`. Not `ordered` yet, even when the session's
 * collection has an order: cart completion authorizes before its last steps, and a failure
 * there deletes the order again. The order is named once Medusa's records show it holding the
 * payment (order.placed, a notification, the job, a deleted session: `medusa-holding.ts`). A
 * payment already claimed (a repeated authorization) stays claimed; one the ledger sent to
 * settling, or settled, never becomes an order's. A pid the ledger does not hold (made before
 * the ledger existed) is left to the service's answer.
 */
export async function claimForOrder(knex: Knex, pid: string): Promise<OrderClaim> {
  const claimed = await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid, status: "open" })
    .whereNull("deleted_at")
    .update({ status: "authorized", next_attempt_at: null, updated_at: new Date() })
  if (claimed > 0) {
    return { ok: true }
  }
  const row = await findPayment(knex, pid)
  return !row || HELD.includes(row.status) ? { ok: true } : { ok: false, status: row.status }
}

/** The order holding it was cancelled: what the service still holds is to be given back (the caller attempts it first). */
export async function markCancelledOrder(
  knex: Knex,
  pid: string,
  orderId: string | null,
  reason = "order cancelled"
): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid })
    .whereIn("status", ["open", "authorized", "ordered", "failed"])
    .whereNull("deleted_at")
    .update({
      status: "to_settle",
      reason,
      order_id: orderId,
      next_attempt_at: afterClaimantAttempt(),
      updated_at: new Date(),
    })
}

/** An order holds it (Medusa's records say so): from open, or authorized before its order was known. */
export async function markOrdered(knex: Knex, pid: string, orderId: string): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid })
    .whereIn("status", ["open", "authorized"])
    .whereNull("deleted_at")
    .update({ status: "ordered", order_id: orderId, next_attempt_at: null, updated_at: new Date() })
}

/** An open payment checked again later (an order awaiting the service's review): not before `at`. */
export async function checkAgainAt(knex: Knex, row: LedgerRow, at: Date): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ id: row.id, status: "open" })
    .update({ attempts: row.attempts + 1, next_attempt_at: at, updated_at: new Date() })
}

/** Pay at shipment: the service took the first instalment (the trigger was accepted). Once. */
export async function markTriggered(knex: Knex, pid: string): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid, pay_at_shipment: true })
    .whereNull("triggered_at")
    .whereNull("deleted_at")
    .update({ triggered_at: new Date(), updated_at: new Date() })
}

/** Pay at shipment: the last day the order may ship, and the order, set when the order is placed. */
export async function setTriggerDeadline(knex: Knex, pid: string, deadline: Date, orderId: string): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid, pay_at_shipment: true })
    .whereNull("trigger_deadline")
    .whereNull("deleted_at")
    .update({
      trigger_deadline: deadline,
      order_id: knex.raw("coalesce(order_id, ?)", [orderId]),
      updated_at: new Date(),
    })
}

/** Pay-at-shipment payments an order holds, not started, whose deadline is not known yet. */
export async function paymentsWithoutDeadline(knex: Knex, limit = 100): Promise<LedgerRow[]> {
  return knex(LEDGER_TABLE)
    .where({ pay_at_shipment: true, status: "ordered" })
    .whereNull("trigger_deadline")
    .whereNull("triggered_at")
    .whereNull("deleted_at")
    .orderBy("created_at", "asc")
    .limit(limit)
}

/**
 * Payments still open although their hosted page has expired, whose check is due (an order
 * awaiting the service's review is checked again with backoff, so fifty of them never hide the
 * rest), and payments authorized whose order was never recorded: the job decides how they end.
 */
export async function staleOpenPayments(
  knex: Knex,
  olderThanMs: number,
  now = Date.now(),
  limit = 50
): Promise<LedgerRow[]> {
  return knex(LEDGER_TABLE)
    .where(openOrOrderless)
    .where("created_at", "<=", new Date(now - olderThanMs))
    .where((q: Knex) => q.whereNull("next_attempt_at").orWhere("next_attempt_at", "<=", new Date(now)))
    .whereNull("deleted_at")
    .orderBy("created_at", "asc")
    .limit(limit)
}

/** Payments of a cart that an order of it may still hold (open, claimed, or given up). */
export async function paymentsOfCart(knex: Knex, cartId: string): Promise<LedgerRow[]> {
  return knex(LEDGER_TABLE)
    .where({ cart_id: cartId })
    .whereIn("status", ["open", "authorized", "ordered", "failed"])
    .whereNull("deleted_at")
}

/** Payments made for these sessions that an order may still hold (open, claimed, or given up). */
export async function paymentsOfSessions(knex: Knex, sessionIds: string[]): Promise<LedgerRow[]> {
  if (!sessionIds.length) {
    return []
  }
  return knex(LEDGER_TABLE)
    .whereIn("session_id", sessionIds)
    .whereIn("status", ["open", "authorized", "ordered", "failed"])
    .whereNull("deleted_at")
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
