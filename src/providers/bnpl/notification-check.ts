import { findPayment, recordPayment, type Knex, type LedgerRow } from "../../modules/bnpl/ledger"
import { notificationTokens } from "../../modules/bnpl/notification-secret"
import { toCents } from "../../lib/money/money"
import { hasValidSignature, signedBy, type SignatureOptions } from "../../lib/payment/signature"
import { isPaymentId, tokenAccepted } from "../../lib/payment/notification"
import {
  acceptedTokensFor,
  legacyLookupOpen,
  NOTIFICATION_GRACE_MS,
  tokensOfMode,
  type TokenRow,
} from "../../lib/payment/notification-token"
import { BoundedCache } from "../../lib/infrastructure/bounded-cache"
import { BNPL_PROVIDER_ID as PROVIDER_ID } from "../../lib/payment/provider-registration"
import { modeOf, MODES, type Mode } from "../../lib/settings/mode"
import { keptInMemory } from "../../lib/infrastructure/process-memory"

/** What the notification carries: the pid, the token of its URL, and the headers (signature). */
export type NotificationClaim = { pid: unknown; token: unknown; headers?: Record<string, unknown> }

export type NotificationCheck =
  { ok: true; pid: string; payment: LedgerRow } | { ok: false; status: 400 | 401 | 404; message: string }

/** Pids no session of this store holds, answered without the database for a short while. */
const UNKNOWN_TTL_MS = 60_000
const unknownPids = keptInMemory(new BoundedCache<true>({ maxEntries: 5_000 }))

/**
 * The payments made before the store's first token (pid → the payment session holding it), read
 * once per process with one query of Medusa's payment sessions, while their look-up is open: a
 * made-up pid then costs no query of that unindexed table, whatever the number of pids.
 */
let legacy: { since: number; sessions: Promise<Map<string, string>> } | undefined
keptInMemory({ clear: () => (legacy = undefined) })

/**
 * The one check every notification passes before anything calls the service (the plugin's
 * route and Medusa's `/hooks/payment/bnpl_bnpl` through the provider): a well-formed pid, the
 * signature when the merchant turned it on, a pid one of this store's payments holds (from the
 * `bnpl_payment` table, or a short negative cache), and then either the signature of the
 * payment's account or a token of that account accepted for that payment (its current one, or
 * one rotated out after the payment was made, during the grace period; never one revoked).
 *
 * Payments created before the upgrade were sent a notification URL without the token: their
 * notification is accepted without it only if a payment session created before the store's
 * first token existed holds the pid (it is then recorded like any other payment), and only
 * during the grace period after the token was made. Those sessions are read once per process
 * (`legacySessions`): a made-up pid costs one indexed ledger query, never a scan of Medusa's
 * payment sessions; after the grace period nothing is read at all. Every payment made since
 * has its row and needs the signature or a token of its own account.
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
  const store = await notificationTokens(knex)
  const now = new Date()
  const lookUpLegacy = legacyLookupOpen(store.since, now)
  if (!lookUpLegacy) {
    legacy = undefined
  }
  const payment =
    (await findPayment(knex, pid)) ?? (lookUpLegacy ? await legacyPayment(knex, pid, store.since) : undefined)
  if (!payment) {
    unknownPids.set(pid, true, UNKNOWN_TTL_MS)
    return { ok: false, status: 404, message: "unknown payment" }
  }
  const mode = modeOf(payment)
  const account = accounts[mode]
  if (!signedBy(account, pid, claim.headers)) {
    return { ok: false, status: 401, message: "invalid notification signature" }
  }
  // The signature authenticates without the token (payments of an account checking it were sent
  // a URL without one); otherwise a token this payment may have been given: its own account's,
  // never the other account's. A token that matches is checked again against the tokens as
  // stored now (one query), so that a revocation on another server counts at once.
  const given = (tokens: TokenRow[]) =>
    tokenAccepted(payment, claim.token, acceptedTokensFor(tokensOfMode(tokens, mode), payment.created_at, now))
  const signed = hasValidSignature(account, pid, claim.headers)
  if (
    !signed &&
    (!given(store.tokens) || (payment.token_in_url && !given((await notificationTokens(knex, 0)).tokens)))
  ) {
    return { ok: false, status: 401, message: "invalid notification token" }
  }
  return { ok: true, pid, payment }
}

/** A payment made before the upgrade, recorded from the session that holds it. */
async function legacyPayment(knex: Knex, pid: string, before: Date): Promise<LedgerRow | undefined> {
  const sessionId = (await legacySessions(knex, before)).get(pid)
  if (!sessionId) {
    return undefined
  }
  const session = await knex("payment_session")
    .where({ id: sessionId })
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

/**
 * This provider's payment sessions created before the store's first token (`before`), by pid
 * (the newest session holding it): one query per process while the look-up is open. Only the
 * grace period before it: a payment's notifications stop coming by then (`NOTIFICATION_GRACE_MS`).
 */
function legacySessions(knex: Knex, before: Date): Promise<Map<string, string>> {
  if (legacy?.since !== before.getTime()) {
    const sessions = (async () => {
      const rows: { id: string; created_at: Date; data: Record<string, unknown> | null }[] = await knex(
        "payment_session"
      )
        .where({ provider_id: PROVIDER_ID })
        .where("created_at", "<", before)
        .where("created_at", ">=", new Date(before.getTime() - NOTIFICATION_GRACE_MS))
        .select("id", "created_at", "data")
      const byPid = new Map<string, string>()
      const oldestFirst = [...rows].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      for (const row of oldestFirst) {
        const pid = row.data?.bnpl_payment_id
        if (isPaymentId(pid)) {
          byPid.set(pid, row.id)
        }
      }
      return byPid
    })()
    const entry = { since: before.getTime(), sessions }
    legacy = entry
    // A failed read is tried again by the next notification.
    sessions.catch(() => legacy === entry && (legacy = undefined))
  }
  return legacy!.sessions
}
