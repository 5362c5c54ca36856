import { stableHash } from "../infrastructure/stable-hash"
import type { ShippingInfo } from "../../client"
import type { OrderShippingInfo } from "./order"

/** After this many failed attempts a sync stays `failed` (visible, pushed again by hand). */
export const MAX_SYNC_ATTEMPTS = 12

/** First attempt of a recorded sync when the push that follows it did not happen (a crash). */
export const UNPUSHED_RETRY_AFTER_MS = 30_000

/** 1, 2, 4, ... minutes, at most 30: twelve attempts span about three and a half hours. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 30) * 60_000
}

/**
 * Stable across key order and the order of arrays (the options are a set: listing them in
 * another order is the same information), so the same information always has the same hash.
 */
export function hashShippingInfo(info: ShippingInfo): string {
  return stableHash(info)
}

export type AcceptedSync = {
  id: string
  payload_hash?: string | null
  accepted_sequence?: number | null
  accepted_at?: Date | string | null
}

/**
 * What the service last accepted for a payment: the highest `accepted_sequence` (numbered
 * under the lock), else, for syncs recorded before it existed, the latest `accepted_at`.
 */
export function lastAccepted<T extends AcceptedSync>(accepted: T[]): T | undefined {
  const rank = (s: T) => [s.accepted_sequence ?? 0, new Date(s.accepted_at ?? 0).getTime()]
  return accepted.reduce<T | undefined>((best, s) => {
    if (!best) return s
    const [a, b] = [rank(s), rank(best)]
    return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) ? s : best
  }, undefined)
}

/** The information read for a sync, or why it could not be read. */
export type BuiltShippingInfo = OrderShippingInfo | { kind: "unbuilt"; error: string }

export type SyncDecision =
  /** Already decided by another attempt (not pending): nothing to do. */
  | { action: "done" }
  /** Recorded while the order could not be read, and not paid with the plugin after all. */
  | { action: "ignore" }
  | { action: "fail"; message: string; final: boolean }
  | { action: "skip"; reason: string }
  /** The service already accepted the same information for this payment. */
  | { action: "unchanged" }
  | { action: "push" }

/**
 * What one attempt at a sync does, given what is known under the payment's lock. Pure: the
 * push step reads, decides here, then writes the one outcome.
 */
export function decideSync(input: {
  sync: { status: string; trigger: string; attempts: number }
  info: BuiltShippingInfo
  syncEnabled: boolean
  lastAcceptedHash?: string | null
}): SyncDecision {
  const { sync, info } = input
  if (sync.status !== "pending") return { action: "done" }
  if (info.kind === "unbuilt") {
    return {
      action: "fail",
      message: `shipping information not built: ${info.error}`,
      final: sync.attempts + 1 >= MAX_SYNC_ATTEMPTS,
    }
  }
  if (info.kind === "ignored") return { action: "ignore" }
  if (info.kind === "skipped") return { action: "skip", reason: info.reason }
  if (!input.syncEnabled && sync.trigger !== "manual") {
    return { action: "skip", reason: "automatic shipping sync is turned off (plugin settings or options)" }
  }
  // Idempotent: what the service last accepted for this payment is not sent again.
  if (input.lastAcceptedHash && input.lastAcceptedHash === hashShippingInfo(info.shipping_info)) {
    return { action: "unchanged" }
  }
  return { action: "push" }
}

/**
 * Whether information read before the lock may be older than what the service accepted since:
 * another sync of the payment was accepted after the read (`readMark` is the last accepted
 * sync's id then). It is then read again under the lock, so an older payload never overwrites
 * a newer one, whatever the servers' clocks say (only the order of acceptance counts).
 */
export function mayBeSuperseded(
  readMark: string | null | undefined,
  lastAcceptedId: string | null | undefined
): boolean {
  return readMark !== undefined && (readMark ?? null) !== (lastAcceptedId ?? null)
}

/** A failed attempt: retried with backoff, unless final (out of attempts, or refused as invalid). */
export function failedAttempt(attempts: number, opts: { invalid?: boolean; final?: boolean } = {}, now = Date.now()) {
  const final = !!opts.final || attempts >= MAX_SYNC_ATTEMPTS || !!opts.invalid
  return {
    status: final ? ("failed" as const) : ("pending" as const),
    attempts,
    next_attempt_at: final ? null : new Date(now + nextAttemptDelayMs(attempts)),
  }
}
