import type { IneligiblePlan } from "../client"
import { formatCents } from "../lib/money"

/** "the amount must be between 50.00 and 5000.00 EUR" from a not-eligible result. */
export function describeIneligibility(result: IneligiblePlan, currency: string): string {
  const bounds = result.constraints?.purchase_amount
  if (bounds && result.reasons?.purchase_amount) {
    return `the amount must be between ${formatCents(bounds.minimum, currency)} and ${formatCents(bounds.maximum, currency)}`
  }
  const reasons = Object.entries(result.reasons ?? {}).map(([field, reason]) => `${field}: ${reason}`)
  return reasons.length ? `the service refused it (${reasons.join(", ")})` : "the service refused it"
}
