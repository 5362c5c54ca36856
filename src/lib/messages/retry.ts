/**
 * When a message to the service is tried again: every kind follows these rules (the retry job,
 * the push, an event whose order could not be read).
 */

/** After this many failed attempts a message stays `failed` (visible, pushed again by hand). */
export const MAX_MESSAGE_ATTEMPTS = 12

/** First attempt of a recorded message when the push that follows it did not happen (a crash). */
export const UNPUSHED_RETRY_AFTER_MS = 30_000

/** 1, 2, 4, ... minutes, at most 30: twelve attempts span about three and a half hours. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 30) * 60_000
}

/** A failed attempt: retried with backoff, unless final (out of attempts, or refused as invalid). */
export function failedAttempt(attempts: number, opts: { invalid?: boolean; final?: boolean } = {}, now = Date.now()) {
  const final = !!opts.final || attempts >= MAX_MESSAGE_ATTEMPTS || !!opts.invalid
  return {
    status: final ? ("failed" as const) : ("pending" as const),
    attempts,
    next_attempt_at: final ? null : new Date(now + nextAttemptDelayMs(attempts)),
  }
}
