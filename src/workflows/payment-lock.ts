import { randomUUID } from "node:crypto"

/** Seconds the lock is held per message pushed under it (3 × 10 s attempts and backoff, with room). */
export const LOCK_TTL_PER_MESSAGE_S = 60

/** Seconds a run waits at most for the payment's lock (another event's push in flight). */
export const LOCK_WAIT_S = 30

/**
 * Seconds between two tries at a held lock. Medusa's default (0.3 s) made an event that
 * followed another (a shipment right after its fulfillment) wait up to 300 ms for a push of
 * 20 ms; a try is one call to the locking module (Redis in production), so 25 ms costs little.
 */
export const LOCK_POLL_S = 0.025

/**
 * The lock of one payment's messages to the service, of every kind (the order's, while its
 * payment is unknown): one at a time, so "the last accepted" and its sequence are decided
 * under it. `ttl` (set by the callers): nothing renews the lock while a push runs, so it
 * outlasts the client's worst attempt (3 × 10 s and backoff); one left by a process that died
 * mid-push frees after it. A unique owner per run: two runs for one payment never share it, and
 * only the run that took it releases it. Nothing to send (`[]`): both lock steps do nothing.
 * The key keeps the shipping sync's name: servers on the old and new code share one lock.
 *
 * Not named `key`: Medusa 2.21's step input resolution takes a resolved object holding a `key`
 * for its own `{key, value}` marker, so `lock.key` and `lock.ownerId` came out undefined and the
 * lock steps locked nothing.
 * `lockTtl` grows with the number of messages pushed under one lock (an event's tracking,
 * status and trigger), so the lock never expires in the middle of them.
 */
export function paymentLock(hasWork: boolean, paymentKey: string, messages = 1) {
  return {
    lockKey: (hasWork ? `bnpl-shipping-sync:${paymentKey}` : []) as string | string[],
    owner: `bnpl-shipping-sync:${randomUUID()}`,
    // Each message's push may take its client's worst attempt (~30 s): the lock outlasts them all.
    lockTtl: LOCK_TTL_PER_MESSAGE_S * Math.max(1, messages),
  }
}
