import { randomBytes } from "node:crypto"
import { findPayment, recordPayment, type Knex, type LedgerRow } from "../modules/bnpl/ledger"
import { toCents } from "../lib/money"
import { sameSecret, signedBy, type SignatureOptions } from "../lib/signature"
import { BNPL_PROVIDER_ID as PROVIDER_ID } from "../lib/provider-registration"
import { modeOf, MODES, type Mode } from "../lib/mode"

/**
 * Service calls made while a notification waits for its answer: one short attempt, no retry
 * (the service notifies again on a non-2xx answer).
 */
export const NOTIFICATION_CALL = { timeoutMs: 3_000, retries: 0 }

const SECRET_TABLE = "bnpl_notification_secret"
const SECRET_ID = "bnplnot_store"

/** What the notification carries: the pid, the token of its URL, and the headers (signature). */
export type NotificationClaim = { pid: unknown; token: unknown; headers?: Record<string, unknown> }

export type NotificationCheck =
  | { ok: true; pid: string; payment: LedgerRow }
  | { ok: false; status: 400 | 401 | 404; message: string }

type StoreToken = { token: string; since: Date }
const tokens = new WeakMap<object, StoreToken>()

/**
 * The store's notification token (made on first use, then kept in memory: it never changes).
 * `since` is when it was made: payment sessions older than that were created before the upgrade.
 */
export async function notificationToken(knex: Knex): Promise<StoreToken> {
  const known = tokens.get(knex)
  if (known) {
    return known
  }
  let row = await knex(SECRET_TABLE).where({ id: SECRET_ID }).first("token", "created_at")
  if (!row) {
    // Two instances starting together: the primary key keeps one token, both read it back.
    await knex(SECRET_TABLE)
      .insert({ id: SECRET_ID, token: randomBytes(24).toString("hex") })
      .onConflict("id")
      .ignore()
    row = await knex(SECRET_TABLE).where({ id: SECRET_ID }).first("token", "created_at")
  }
  const value = { token: row.token as string, since: new Date(row.created_at) }
  tokens.set(knex, value)
  return value
}

/** The notification URL sent with each payment: the plugin's route, with the store's token. */
export async function notificationUrl(knex: Knex, backendUrl: string): Promise<string> {
  const { token } = await notificationToken(knex)
  return `${backendUrl}/hooks/bnpl/notification?token=${token}`
}

/** Pids no session of this store holds, answered without the database for a short while. */
const UNKNOWN_TTL_MS = 60_000
const UNKNOWN_MAX = 5_000
const unknownPids = new Map<string, number>()

function rememberUnknown(pid: string) {
  if (unknownPids.size >= UNKNOWN_MAX) {
    unknownPids.delete(unknownPids.keys().next().value as string)
  }
  unknownPids.set(pid, Date.now() + UNKNOWN_TTL_MS)
}

function knownUnknown(pid: string): boolean {
  const until = unknownPids.get(pid)
  if (until === undefined) {
    return false
  }
  if (until < Date.now()) {
    unknownPids.delete(pid)
    return false
  }
  return true
}

/**
 * The one check every notification passes before anything calls the service (the plugin's
 * route and Medusa's `/hooks/payment/bnpl_bnpl` through the provider): a well-formed pid, the
 * signature when the merchant turned it on, a pid one of this store's payments holds (from the
 * `bnpl_payment` table, or a short negative cache), and the store's token.
 *
 * Payments created before the upgrade were sent a notification URL without the token: their
 * notification is accepted without it only if a payment session created before the store's
 * token existed holds the pid (it is then recorded like any other payment). Every payment made
 * since has its row and needs the token.
 */
export async function checkNotification(
  knex: Knex,
  accounts: Record<Mode, SignatureOptions>,
  claim: NotificationClaim
): Promise<NotificationCheck> {
  const pid = typeof claim.pid === "string" ? claim.pid : ""
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(pid)) {
    return { ok: false, status: 400, message: "pid (the service payment id) is required" }
  }
  // Signed by neither account's key: refused before any query. Once the payment is found, its
  // own account's key must have signed it (a test key never vouches for a live payment).
  if (!MODES.some((mode) => signedBy(accounts[mode], pid, claim.headers))) {
    return { ok: false, status: 401, message: "invalid notification signature" }
  }
  if (knownUnknown(pid)) {
    return { ok: false, status: 404, message: "unknown payment" }
  }
  const store = await notificationToken(knex)
  const payment = (await findPayment(knex, pid)) ?? (await legacyPayment(knex, pid, store.since))
  if (!payment) {
    rememberUnknown(pid)
    return { ok: false, status: 404, message: "unknown payment" }
  }
  if (!signedBy(accounts[modeOf(payment)], pid, claim.headers)) {
    return { ok: false, status: 401, message: "invalid notification signature" }
  }
  if (payment.token_in_url && !sameSecret(claim.token, store.token)) {
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

/** For tests: forget the negative cache. */
export function forgetUnknownPids(): void {
  unknownPids.clear()
}
