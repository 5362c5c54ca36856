import { accountFingerprint, clientFor, isBnplError, type Account, type CallOptions } from "../../client"
import { modeOf, type Mode } from "../../lib/settings/mode"
import { settlePayment, type Settlement } from "../../lib/payment/settlement"
import { LEDGER_TABLE, MAX_SETTLE_ATTEMPTS, settleBackoffMs, type Knex, type LedgerRow } from "./ledger"

/**
 * Settling a payment no order holds (cancel, or refund in full), as the ledger records each
 * attempt: settled, failed with backoff, or unknown to the account asked; and which payments
 * are due. The ledger's rows and their other moves are in `ledger.ts`.
 */

export async function markSettled(
  knex: Knex,
  pid: string,
  status: "cancelled" | "refunded",
  refundedAmount: number | null
): Promise<void> {
  // Only a payment being settled: an order's payment is never marked settled.
  await knex(LEDGER_TABLE)
    .where({ bnpl_payment_id: pid })
    .whereIn("status", ["to_settle", "failed"])
    .whereNull("deleted_at")
    .update({
      status,
      refunded_amount: refundedAmount,
      settled_at: new Date(),
      next_attempt_at: null,
      last_error: null,
      failed_account: null,
      updated_at: new Date(),
    })
}

/** A failed settling attempt: retried later with backoff, `failed` (the merchant's turn) after the last. */
export async function markSettleFailed(knex: Knex, row: LedgerRow, error: string): Promise<void> {
  const attempts = row.attempts + 1
  const gaveUp = attempts >= MAX_SETTLE_ATTEMPTS
  await knex(LEDGER_TABLE)
    .where({ id: row.id })
    .whereIn("status", ["to_settle", "failed"])
    .update({
      attempts,
      last_error: error.slice(0, 500),
      status: gaveUp ? "failed" : "to_settle",
      next_attempt_at: gaveUp ? null : new Date(Date.now() + settleBackoffMs(attempts)),
      updated_at: new Date(),
    })
}

/**
 * The account answered "no such payment" (404): its key, URL or mode is not the one the payment
 * was made with. Never settled on that answer: `failed` for the merchant to see, and settled
 * again by the job once the account's configuration changes (`retryAfterAccountChange`).
 */
export async function markUnknownToAccount(knex: Knex, row: LedgerRow, account: Account): Promise<void> {
  await knex(LEDGER_TABLE)
    .where({ id: row.id })
    .whereIn("status", ["to_settle", "failed"])
    .update({
      status: "failed",
      attempts: row.attempts + 1,
      last_error:
        `the ${modeOf(row)} account does not know this payment (HTTP 404): check that account's API key, ` +
        "service URL and mode; it is tried again when they change",
      failed_account: accountFingerprint(account),
      next_attempt_at: null,
      updated_at: new Date(),
    })
}

/** A 404 from the service: the account asked does not know the payment (wrong key, mode or URL). */
export const isUnknownToAccount = (e: unknown) => isBnplError(e) && e.status === 404

/**
 * One attempt to end a payment no order will hold (see `settlePayment`), recorded either way:
 * settled, or failed with backoff (then the error is thrown on). The client is made inside the
 * attempt (an account without a key fails the attempt like a service error). `failedAs` is the
 * row the failure is counted on (the merchant's "Try again" counts it on a capped copy).
 */
export async function settleAndRecord(
  knex: Knex,
  account: Account,
  row: LedgerRow,
  call: CallOptions,
  failedAs: LedgerRow = row,
  logger?: { warn: (message: string) => void }
): Promise<Settlement> {
  try {
    const done = await settlePayment(clientFor(account, logger), row.bnpl_payment_id, call)
    await markSettled(knex, row.bnpl_payment_id, done.status, done.refunded)
    return done
  } catch (e) {
    if (isUnknownToAccount(e)) {
      await markUnknownToAccount(knex, failedAs, account)
    } else {
      await markSettleFailed(knex, failedAs, (e as Error).message)
    }
    throw e
  }
}

/** Rows of `mode` (null: made before modes, the live account). */
const ofMode = (mode: Mode) => (q: Knex) =>
  mode === "live" ? q.where((m: Knex) => m.where({ mode: "live" }).orWhereNull("mode")) : q.where({ mode })

/**
 * Payments the retry job settles now, of the accounts it can reach (`modes`): rows of an
 * account without a key wait in the database without taking the places of the others.
 */
export async function paymentsToSettle(knex: Knex, modes: Mode[], now = Date.now(), limit = 50): Promise<LedgerRow[]> {
  if (!modes.length) {
    return []
  }
  return knex(LEDGER_TABLE)
    .where({ status: "to_settle" })
    .where((q: Knex) => q.whereNull("next_attempt_at").orWhere("next_attempt_at", "<=", new Date(now)))
    .where((q: Knex) => modes.forEach((mode) => q.orWhere(ofMode(mode))))
    .whereNull("deleted_at")
    .orderBy("next_attempt_at", "asc")
    .limit(limit)
}

/**
 * Payments an account did not know (404) are settled again once that account is configured
 * otherwise (another key, URL or mode's account): back to `to_settle`, attempts from zero.
 */
export async function retryAfterAccountChange(knex: Knex, mode: Mode, account: Account): Promise<number> {
  return knex(LEDGER_TABLE)
    .where({ status: "failed" })
    .whereNotNull("failed_account")
    .whereNot({ failed_account: accountFingerprint(account) })
    .where(ofMode(mode))
    .whereNull("deleted_at")
    .update({
      status: "to_settle",
      attempts: 0,
      failed_account: null,
      next_attempt_at: new Date(),
      updated_at: new Date(),
    })
}
