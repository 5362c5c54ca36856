/**
 * Pay-at-shipment deadlines as the merchant sees them: days left, and where an order stands.
 * Pure: the job and the admin list give the time.
 */

const DAY_MS = 86_400_000

/** Whole days left before the deadline, rounded up (0 on its last day, negative once past). */
export function daysLeft(deadline: Date | string, now = Date.now()): number {
  return Math.ceil((new Date(deadline).getTime() - now) / DAY_MS)
}

/**
 * Where a pay-at-shipment order not started yet stands, for the merchant: `to_ship` (nothing
 * happened yet), `starting` (a trigger is being sent, retried), `not_started` (the service
 * refused the trigger, or it was given up: the merchant starts it again), `deadline_passed`
 * (nothing started it in time: the service may refuse it now). A passed deadline comes first,
 * whatever the trigger did: the goods may have left while the payment never started, the
 * order the merchant most needs to hear about (the reason says why it did not start).
 */
export type ToShipState = "to_ship" | "starting" | "not_started" | "deadline_passed"

export type TriggerRecord = { status: string; last_error?: string | null; created_at?: Date | string | null }

export function toShipState(
  deadline: Date | string,
  trigger: TriggerRecord | undefined,
  now = Date.now()
): { state: ToShipState; reason: string | null } {
  const failed = trigger && ["failed", "skipped", "unavailable"].includes(trigger.status)
  const reason = failed ? (trigger.last_error ?? "the payment was not started") : (trigger?.last_error ?? null)
  if (new Date(deadline).getTime() < now) {
    return { state: "deadline_passed", reason }
  }
  if (trigger?.status === "pending") {
    return { state: "starting", reason }
  }
  return { state: failed ? "not_started" : "to_ship", reason }
}

/** The latest of an order's trigger records (one per attempt to start it), if any. */
export function latestTrigger<T extends TriggerRecord>(rows: T[]): T | undefined {
  return rows.reduce<T | undefined>(
    (latest, r) => (!latest || new Date(r.created_at ?? 0) > new Date(latest.created_at ?? 0) ? r : latest),
    undefined
  )
}
