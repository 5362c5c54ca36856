/**
 * How long the customer data kept with a checkout (`bnpl_checkout_snapshot`: names, e-mails,
 * phones, addresses, items) may live. It is read when a payment is created at the service
 * (and again if the session's amount changes); after the order only the non-personal part
 * (the shipping options offered, the cart id) is read, by the shipping sync.
 */

/** Default of the `checkoutRetentionDays` option: after it, nothing personal is left. */
export const DEFAULT_CHECKOUT_RETENTION_DAYS = 30
export const MAX_CHECKOUT_RETENTION_DAYS = 3650

/**
 * A checkout no payment was made with (the session was refused, or never finished) goes after
 * this: far beyond a session creation, whose service calls time out in seconds.
 */
export const UNPAID_CHECKOUT_MINUTES = 30

/** Ledger statuses of a payment that ended without an order: its checkout is not needed any more. */
export const ENDED_WITHOUT_ORDER = ["cancelled", "refunded"] as const

/** Ledger statuses of a payment whose checkout may still make a payment (an amount change, an order). */
export const MAY_STILL_NEED_CHECKOUT = ["open", "authorized", "ordered"] as const

/** What a checkout held by an order keeps: no personal data (the row keeps its offered options). */
export const STRIPPED_SNAPSHOT = {}

/** Why a `checkoutRetentionDays` value cannot be used (undefined: fine). */
export function retentionDaysProblem(value: unknown, field: string): string | undefined {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_CHECKOUT_RETENTION_DAYS
    ? undefined
    : `${field} must be a whole number of days from 1 to ${MAX_CHECKOUT_RETENTION_DAYS}, got ${JSON.stringify(value)}`
}

/** The moments before which checkout data goes, as of `now`. */
export function retentionCutoffs(now: number, retentionDays: number) {
  return {
    /** Everything created before this: stripped when an order holds it, deleted otherwise. */
    keptBefore: new Date(now - retentionDays * 24 * 3600_000),
    /** A checkout without a payment created before this is deleted. */
    unpaidBefore: new Date(now - UNPAID_CHECKOUT_MINUTES * 60_000),
  }
}

/**
 * Runs `batch` (which handles at most `size` rows and says how many it did) until a batch is
 * not full or `maxBatches` ran: each run's work is bounded, the rest waits for the next run.
 */
export async function inBatches(
  batch: (size: number) => Promise<number>,
  size: number,
  maxBatches: number
): Promise<number> {
  let total = 0
  for (let i = 0; i < maxBatches; i++) {
    const done = await batch(size)
    total += done
    if (done < size) {
      break
    }
  }
  return total
}
