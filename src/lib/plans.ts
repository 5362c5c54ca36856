import type { Plan } from "../client/types"

/** Plans offered when the merchant configured none. */
export const DEFAULT_PLANS: Plan[] = [{ installments_count: 3 }, { installments_count: 4 }]

/** Bounds every plan is checked against (options, admin settings, storefront choice). */
export const MAX_INSTALMENTS = 48
export const MAX_DEFERRED = { deferred_days: 365, deferred_months: 24 } as const

/** A readable reason, or undefined when the value is a valid plan. */
export function planProblem(value: unknown): string | undefined {
  if (!value || typeof value !== "object") {
    return "a plan must be an object like {installments_count: 3}"
  }
  const plan = value as Record<string, unknown>
  const count = plan.installments_count
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_INSTALMENTS) {
    return `installments_count must be an integer from 1 to ${MAX_INSTALMENTS}, got ${JSON.stringify(count)}`
  }
  for (const key of ["deferred_days", "deferred_months"] as const) {
    const v = plan[key]
    if (v !== undefined && v !== null && (!Number.isInteger(v) || (v as number) < 0)) {
      return `${key} must be a non-negative integer, got ${JSON.stringify(v)}`
    }
    if (typeof v === "number" && v > MAX_DEFERRED[key]) {
      return `${key} must be at most ${MAX_DEFERRED[key]}, got ${v}`
    }
  }
  if (plan.deferred_days && plan.deferred_months) {
    return "a plan is deferred by days or by months, not both"
  }
  return undefined
}

/** Normalised: no zero or null deferrals, so equal plans compare equal. */
export function normalizePlan(plan: Plan): Plan {
  const out: Plan = { installments_count: Number(plan.installments_count) }
  if (plan.deferred_days) {
    out.deferred_days = Number(plan.deferred_days)
  }
  if (plan.deferred_months) {
    out.deferred_months = Number(plan.deferred_months)
  }
  return out
}

export const planKey = (plan: Plan): string => {
  const p = normalizePlan(plan)
  return `${p.installments_count}x-d${p.deferred_days ?? 0}-m${p.deferred_months ?? 0}`
}

export const samePlan = (a: Plan, b: Plan): boolean => planKey(a) === planKey(b)

/** "3 instalments", "pay in 30 days", "4 instalments, first in 1 month". */
export function planLabel(plan: Plan): string {
  const p = normalizePlan(plan)
  const deferral = p.deferred_days
    ? `${p.deferred_days} day${p.deferred_days > 1 ? "s" : ""}`
    : p.deferred_months
      ? `${p.deferred_months} month${p.deferred_months > 1 ? "s" : ""}`
      : undefined
  if (p.installments_count === 1) {
    return deferral ? `pay in ${deferral}` : "pay now"
  }
  return deferral ? `${p.installments_count} instalments, first in ${deferral}` : `${p.installments_count} instalments`
}

/**
 * The v1 eligibility endpoint takes an array of instalment counts for one deferral:
 * plans sharing a deferral go in one request.
 */
export function groupByDeferral(plans: Plan[]): { deferral: Omit<Plan, "installments_count">; counts: number[] }[] {
  const groups = new Map<string, { deferral: Omit<Plan, "installments_count">; counts: number[] }>()
  for (const plan of plans.map(normalizePlan)) {
    const { installments_count, ...deferral } = plan
    const key = `d${deferral.deferred_days ?? 0}-m${deferral.deferred_months ?? 0}`
    const group = groups.get(key) ?? { deferral, counts: [] }
    if (!group.counts.includes(installments_count)) {
      group.counts.push(installments_count)
    }
    groups.set(key, group)
  }
  return [...groups.values()]
}
