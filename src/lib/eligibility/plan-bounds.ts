import type { AmountConstraint, IneligiblePlan, Plan } from "../../client"
import { formatCents, toCents } from "../money/money"
import { planKey } from "./plans"

import type { PlanBounds } from "../api-shapes"

export type { PlanBounds }

/** A plan answered by the merchant's bounds: the contract's not-eligible shape, no service call. */
export type OutsideBoundsPlan = Omit<IneligiblePlan, "constraints"> & {
  /** Only the bounds the merchant set (a plan may have a minimum and no maximum). */
  constraints: { purchase_amount: Partial<AmountConstraint> }
}

const BOUND_FIELDS = ["installments_count", "deferred_days", "deferred_months", "min_amount", "max_amount"]
const MAX_AMOUNT = 10_000_000

const isAmount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_AMOUNT

/**
 * Problems of a list of bounds (options `planBounds`, settings `plan_bounds`), each naming its
 * field (`plan_bounds[0].min_amount`). The plan fields themselves are checked like any plan.
 */
export function planBoundsProblems(
  value: unknown,
  field: string,
  planProblem: (plan: unknown) => string | undefined
): string[] {
  if (!Array.isArray(value)) {
    return [`${field} must be a list like [{"installments_count": 3, "min_amount": 100, "max_amount": 2000}]`]
  }
  const problems: string[] = []
  const seen = new Set<string>()
  value.forEach((entry, i) => {
    const at = `${field}[${i}]`
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
      problems.push(`${at} must be an object like {"installments_count": 3, "min_amount": 100}`)
      return
    }
    const bounds = entry as Record<string, unknown>
    const unknown = Object.keys(bounds).filter((k) => !BOUND_FIELDS.includes(k))
    if (unknown.length) {
      problems.push(`${at} has unknown fields: ${unknown.join(", ")} (allowed: ${BOUND_FIELDS.join(", ")})`)
    }
    const { min_amount: min, max_amount: max, ...plan } = bounds
    const problem = planProblem(plan)
    if (problem) {
      problems.push(`${at}: ${problem}`)
    } else if (seen.has(planKey(plan as Plan))) {
      problems.push(`${at}: this plan has bounds twice`)
    } else {
      seen.add(planKey(plan as Plan))
    }
    for (const [key, v] of [
      ["min_amount", min],
      ["max_amount", max],
    ] as const) {
      if (v !== undefined && v !== null && !isAmount(v)) {
        problems.push(
          `${at}.${key} must be an amount in major units from 0 to ${MAX_AMOUNT} (e.g. 150 or 99.90), got ${JSON.stringify(v)}`
        )
      }
    }
    if (isAmount(min) && isAmount(max) && min > max) {
      problems.push(`${at}: min_amount (${min}) is above max_amount (${max})`)
    }
  })
  return problems
}

/** The bounds that apply to a plan, if the merchant set any. */
export function boundsOf(plan: Plan, bounds: PlanBounds[]): { min?: number; max?: number } | undefined {
  const key = planKey(plan)
  const found = bounds.find((b) => planKey(b) === key)
  if (!found) {
    return undefined
  }
  const out: { min?: number; max?: number } = {}
  if (isAmount(found.min_amount)) out.min = found.min_amount
  if (isAmount(found.max_amount)) out.max = found.max_amount
  return out.min === undefined && out.max === undefined ? undefined : out
}

/**
 * Which plans to ask the service about for an amount (`ask`), and the ones the merchant's
 * bounds already answer (`outside`, with those bounds in cents as `constraints`).
 */
export function splitByBounds(
  plans: Plan[],
  bounds: PlanBounds[],
  cents: number,
  currency: string
): { ask: Plan[]; outside: OutsideBoundsPlan[] } {
  const ask: Plan[] = []
  const outside: OutsideBoundsPlan[] = []
  for (const plan of plans) {
    const limits = boundsOf(plan, bounds)
    const minimum = limits?.min !== undefined ? toCents(limits.min, currency) : undefined
    const maximum = limits?.max !== undefined ? toCents(limits.max, currency) : undefined
    // Inclusive: an amount equal to a bound is inside.
    if ((minimum !== undefined && cents < minimum) || (maximum !== undefined && cents > maximum)) {
      const purchase_amount: Partial<AmountConstraint> = {}
      if (minimum !== undefined) purchase_amount.minimum = minimum
      if (maximum !== undefined) purchase_amount.maximum = maximum
      outside.push({
        eligible: false,
        ...plan,
        reasons: { purchase_amount: "invalid_value" },
        constraints: { purchase_amount },
      })
    } else {
      ask.push(plan)
    }
  }
  return { ask, outside }
}

/** "the amount must be at least 100.00 EUR" for a plan outside the merchant's bounds. */
export function describeOutside(plan: OutsideBoundsPlan, currency: string): string {
  const { minimum, maximum } = plan.constraints.purchase_amount
  if (minimum !== undefined && maximum !== undefined) {
    return `the amount must be between ${formatCents(minimum, currency)} and ${formatCents(maximum, currency)}`
  }
  return minimum !== undefined
    ? `the amount must be at least ${formatCents(minimum, currency)}`
    : `the amount must be at most ${formatCents(maximum ?? 0, currency)}`
}

/** Answers put in the merchant's order of plans (the display order), whatever order they came in. */
export function inPlanOrder<T extends Plan>(plans: Plan[], answers: T[]): T[] {
  const rank = new Map(plans.map((p, i) => [planKey(p), i]))
  return [...answers].sort((a, b) => (rank.get(planKey(a)) ?? plans.length) - (rank.get(planKey(b)) ?? plans.length))
}
