import { findPayment, recordPayment, type Knex, type LedgerRow } from "../../modules/bnpl/ledger"
import { notificationToken } from "../../modules/bnpl/notification-secret"
import { toCents } from "../../lib/money"
import { hasValidSignature, signedBy, type SignatureOptions } from "../../lib/signature"
import { isPaymentId, tokenAccepted } from "../../lib/notification"
import { acceptedTokensFor, legacyLookupOpen } from "../../lib/notification-token"
import { BoundedCache } from "../../lib/bounded-cache"
import { BNPL_PROVIDER_ID as PROVIDER_ID } from "../../lib/provider-registration"
import { modeOf, MODES, type Mode } from "../../lib/mode"
import { keptInMemory } from "../../lib/process-memory"

/** What the notification carries: the pid, the token of its URL, and the headers (signature). */
export type NotificationClaim = { pid: unknown; token: unknown; headers?: Record<string, unknown> }

export type NotificationCheck =
  { ok: true; pid: string; payment: LedgerRow } | { ok: false; status: 400 | 401 | 404; message: string }

/** Pids no session of this store holds, answered without the database for a short while. */
const UNKNOWN_TTL_MS = 60_000
const unknownPids = keptInMemory(new BoundedCache<true>({ maxEntries: 5_000 }))

/**
 * The one check every notification passes before anything calls the service (the plugin's
 * route and Medusa's `/hooks/payment/bnpl_bnpl` through the provider): a well-formed pid, the
 * signature when the merchant turned it on, a pid one of this store's payments holds (from the
 * `bnpl_payment` table, or a short negative cache), and then either the signature of the
 * payment's account or a token accepted for that payment (the current one, or one rotated out
 * after it was made, during the grace period).
 *
 * Payments created before the upgrade were sent a notification URL without the token: their
 * notification is accepted without it only if a payment session created before the store's
 * token existed holds the pid (it is then recorded like any other payment), and only during the
 * grace period after the token was made; afterwards that look-up costs nothing. Every payment
 * made since has its row and needs the signature or a token.
 */
export async function checkNotification(
  knex: Knex,
  accounts: Record<Mode, SignatureOptions>,
  claim: NotificationClaim
): Promise<NotificationCheck> {
  const pid = claim.pid
  if (!isPaymentId(pid)) {
    return { ok: false, status: 400, message: "pid (the service payment id) is required" }
  }
  // Signed by neither account's key: refused before any query. Once the payment is found, its
  // own account's key must have signed it (a test key never vouches for a live payment).
  if (!MODES.some((mode) => signedBy(accounts[mode], pid, claim.headers))) {
    return { ok: false, status: 401, message: "invalid notification signature" }
  }
  if (unknownPids.get(pid)) {
    return { ok: false, status: 404, message: "unknown payment" }
  }
  const store = await notificationToken(knex)
  const now = new Date()
  const payment =
    (await findPayment(knex, pid)) ??
    (legacyLookupOpen(store.since, now) ? await legacyPayment(knex, pid, store.since) : undefined)
  if (!payment) {
    unknownPids.set(pid, true, UNKNOWN_TTL_MS)
    return { ok: false, status: 404, message: "unknown payment" }
  }
  const account = accounts[modeOf(payment)]
  if (!signedBy(account, pid, claim.headers)) {
    return { ok: false, status: 401, message: "invalid notification signature" }
  }
  // The signature authenticates without the token (payments of an account checking it were sent
  // a URL without one); otherwise a token this payment may have been given.
  const signed = hasValidSignature(account, pid, claim.headers)
  if (!signed && !tokenAccepted(payment, claim.token, acceptedTokensFor(store.tokens, payment.created_at, now))) {
    return { ok: false, status: 401, message: "invalid notification token" }
  }
  return { ok: true, pid, payment }
}

/** A payment made before the upgrade, recorded from the session that holds it. */
async function legacyPayment(knex: Knex, pid: string, before: Date): Promise<LedgerRow | undefined> {
  const session = await knex("payment_session")
    .where({ provider_id: PROVIDER_ID })
    .whereRaw("data->>'bnpl_payment_id' = ?", [pid])
    .where("created_at", "<", before)
    .orderBy("created_at", "desc")
    .first("id", "amount", "currency_code", "data", "payment_collection_id")
  if (!session) {
    return undefined
  }
  const data = (session.data ?? {}) as Record<string, unknown>
  // The cart through Medusa's cart ↔ payment collection link (older sessions also carry it in
  // their checkout snapshot; newer ones keep the snapshot server-side).
  const link = await knex("cart_payment_collection")
    .where({ payment_collection_id: session.payment_collection_id })
    .whereNull("deleted_at")
    .first("cart_id")
  const snapshotCart = (data.checkout as { cart_id?: unknown } | undefined)?.cart_id
  await recordPayment(knex, {
    bnpl_payment_id: pid,
    session_id: session.id,
    cart_id: link?.cart_id ?? (typeof snapshotCart === "string" ? snapshotCart : null),
    purchase_amount:
      typeof data.purchase_amount === "number" ? data.purchase_amount : toCents(session.amount, session.currency_code),
    currency_code: session.currency_code,
    token_in_url: false,
  }).catch(() => undefined) // two notifications at once: the other one recorded it
  return findPayment(knex, pid)
}
