import type { Mode } from "../settings/mode"
import { checksSignatures, type SignatureOptions } from "./signature"

/**
 * The store's notification tokens over time, without I/O: one per account (mode), which tokens
 * open a payment's notification, when a notification URL carries one, and how long payments
 * made before the first token existed are looked up.
 */

/**
 * How long a payment's notifications may keep coming: a hosted page is payable 60 minutes, a
 * payment under review is accepted later, and the service notifies again for a while on a
 * non-2xx answer. A retired token stays accepted this long for the payments made before its
 * rotation; the look-up of payments made before the first token runs this long after it.
 */
export const NOTIFICATION_GRACE_MS = 7 * 86_400_000

/** How long each server keeps the tokens in memory before reading them again. */
export const TOKEN_CACHE_MS = 30_000

/**
 * How long after a rotation a payment may still be recorded with the previous token: another
 * server may hand it out until its memory expires (`TOKEN_CACHE_MS`), and a payment is recorded
 * after the service answered its creation (timeouts and retries: a few tens of seconds).
 */
export const TOKEN_ISSUE_LAG_MS = 5 * 60_000

/**
 * A token as stored: the current one has no `retired_at`. `mode`: the account whose payments it
 * was given to; null for the one token both accounts shared before tokens per account (retired
 * on the first read after the upgrade, accepted its grace period for both accounts' payments
 * made before).
 */
export type TokenRow = { token: string; retired_at: Date | null; mode?: Mode | null }

/**
 * The tokens of one account's payments: its own, and the shared one of before. A token of the
 * other account (seen in a sandbox dashboard, say) never opens this account's payments.
 */
export function tokensOfMode<T extends TokenRow>(tokens: readonly T[], mode: Mode): T[] {
  return tokens.filter((row) => row.mode == null || row.mode === mode)
}

/**
 * The token a new payment's notification URL carries: none when the account checks the
 * signature (it authenticates the notification, and a URL without a secret leaves none in
 * access logs), else the store's current token.
 */
export function tokenForUrl(account: SignatureOptions, token: string): string | undefined {
  return checksSignatures(account) ? undefined : token
}

/**
 * The tokens a payment made at `paymentCreatedAt` may present: the current token, and each
 * retired one that payment may have been given (made before, or just after, the rotation),
 * until the grace period after its rotation is over.
 */
export function acceptedTokensFor(tokens: readonly TokenRow[], paymentCreatedAt: Date, now: Date): string[] {
  const made = new Date(paymentCreatedAt).getTime()
  return tokens
    .filter(({ retired_at }) => {
      if (!retired_at) {
        return true
      }
      const retired = new Date(retired_at).getTime()
      return made < retired + TOKEN_ISSUE_LAG_MS && now.getTime() < retired + NOTIFICATION_GRACE_MS
    })
    .map(({ token }) => token)
}

/**
 * Payments made before the store's first token (`since`) were sent a URL without it: they are
 * looked up in Medusa's payment sessions only during the grace period after it, never after.
 */
export function legacyLookupOpen(since: Date, now: Date): boolean {
  return now.getTime() < new Date(since).getTime() + NOTIFICATION_GRACE_MS
}
