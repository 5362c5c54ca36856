import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** Seconds a run waits at most for the payment's lock (another event's push in flight). */
export const LOCK_WAIT_S = 30

/**
 * Seconds the lock outlives a process that died holding it. Medusa's locking renews the lease
 * every third of it while the push runs (`execute`), so a push of any length keeps it; a worker
 * killed mid-push frees it this soon, and the retry job sends what it left pending.
 */
export const LOCK_LEASE_S = 10

/** The lock's name for a payment's messages (the order's while the payment is unknown). */
export const paymentLockKey = (paymentKey: string) => `bnpl-payment-messages:${paymentKey}`

/**
 * Runs `job` holding the lock of one payment's messages to the service, of every kind: one push
 * at a time, so "the last accepted" and its sequence are decided under it. The key keeps the
 * shipping sync's name: servers on the old and new code share one lock. Medusa's `execute`
 * takes it with an owner unique to this run, renews it, and releases it however the job ends.
 */
export function underPaymentLock<T>(container: MedusaContainer, paymentKey: string, job: () => Promise<T>): Promise<T> {
  return container
    .resolve<ILockingModule>(Modules.LOCKING)
    .execute(paymentLockKey(paymentKey), job, { timeout: LOCK_WAIT_S, expire: LOCK_LEASE_S })
}
