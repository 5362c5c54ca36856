import { TRIGGER_WARNING_DAYS } from "./pay-at-shipment"

/**
 * Pay-at-shipment deadlines as the merchant sees them: days left, and when the daily job warns.
 * Pure: the job and the admin list give the time.
 */

const DAY_MS = 86_400_000

/** Whole days left before the deadline, rounded up (0 on its last day, negative once past). */
export function daysLeft(deadline: Date | string, now = Date.now()): number {
  return Math.ceil((new Date(deadline).getTime() - now) / DAY_MS)
}

/**
 * The deadlines the daily job warns about on a run at `now`: those ending in the day that starts
 * `TRIGGER_WARNING_DAYS - 1` days from now, i.e. `(now + 2 days, now + 3 days]`. Runs a day
 * apart cover each deadline once: one warning per order, without keeping a mark.
 */
export function warningWindow(now = Date.now()): { after: Date; upTo: Date } {
  return {
    after: new Date(now + (TRIGGER_WARNING_DAYS - 1) * DAY_MS),
    upTo: new Date(now + TRIGGER_WARNING_DAYS * DAY_MS),
  }
}
