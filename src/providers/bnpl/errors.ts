import { MedusaError } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { isBnplError, type BnplErrorCode, type IneligiblePlan, type Plan } from "../../client"
import { formatCents } from "../../lib/money/money"
import { planLabel } from "../../lib/eligibility/plans"

/** What a shopper is told when the service fails while they choose instalments: plain words. */
export const SHOPPER_MESSAGES: Record<BnplErrorCode, string> = {
  invalid_request: "This instalment plan cannot be used for this order: choose another plan or another payment method",
  not_activated: "Payment in instalments is not available in this shop yet: choose another payment method",
  unauthorized: "Payment in instalments is not available in this shop right now: choose another payment method",
  unavailable:
    "Payment in instalments is unavailable right now: try again in a moment, or choose another payment method",
  malformed_answer:
    "Payment in instalments is unavailable right now: try again in a moment, or choose another payment method",
  not_available: "Payment in instalments is not available in this shop yet: choose another payment method",
}

/** The Medusa error type a service failure becomes for the storefront (else `unexpected_state`). */
export const SHOPPER_ERROR_TYPES: Partial<Record<BnplErrorCode, string>> = {
  invalid_request: MedusaError.Types.INVALID_DATA,
  not_activated: MedusaError.Types.NOT_ALLOWED,
}

/** The shopper's error for a service failure (never the service's own text). */
export function shopperError(code: BnplErrorCode): MedusaError {
  return new MedusaError(SHOPPER_ERROR_TYPES[code] ?? MedusaError.Types.UNEXPECTED_STATE, SHOPPER_MESSAGES[code])
}

/**
 * A service failure while a customer chooses instalments: the shopper gets a plain message
 * (never the service's own text); the detail goes to the log for the merchant.
 */
export function forTheStorefront(logger: Logger) {
  return (e: unknown): never => {
    if (isBnplError(e)) {
      logger.warn(`BNPL payment creation failed (${e.code}): ${e.message}`)
      throw shopperError(e.code)
    }
    throw e
  }
}

/** "the amount must be between 50.00 and 5000.00 EUR" from a not-eligible result. */
export function describeIneligibility(result: IneligiblePlan, currency: string): string {
  const bounds = result.constraints?.purchase_amount
  if (bounds && result.reasons?.purchase_amount) {
    return `the amount must be between ${formatCents(bounds.minimum, currency)} and ${formatCents(bounds.maximum, currency)}`
  }
  const reasons = Object.entries(result.reasons ?? {}).map(([field, reason]) => `${field}: ${reason}`)
  return reasons.length ? `the service refused it (${reasons.join(", ")})` : "the service refused it"
}

/** A plan refused for this amount (the merchant's bounds or the service's answer): `why` says how. */
export function planUnavailable(plan: Plan, cents: number, currency: string, why: string): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The plan "${planLabel(plan)}" is not available for ${formatCents(cents, currency)}: ${why}`
  )
}
