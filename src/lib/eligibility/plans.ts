import type { Plan } from "../../client/types"

/** Plans offered when the merchant configured none. */
export const DEFAULT_PLANS: Plan[] = [{ installments_count: 3 }, { installments_count: 4 }]

/** Bounds every plan is checked against (options, admin settings, storefront choice). */
export const MAX_INSTALMENTS = 48
export const MAX_DEFERRED = { deferred_days: 365, deferred_months: 24 } as const

const PLAN_FIELDS = ["installments_count", "deferred_days", "deferred_months", "pay_at_shipment"]

const shown = (v: unknown) =>
  typeof v === "string" ? `the string ${JSON.stringify(v)} (send a number)` : JSON.stringify(v)

/**
 * The one plan validator (options, admin settings, plan bounds, the storefront's choice): every
 * problem of a value as a plan, each naming its field (`plans[1].installments_count` with
 * `at: "plans[1]"`). `strict` also refuses fields a plan does not have (the admin's saves).
 */
export function planIssues(value: unknown, at = "", { strict = false } = {}): string[] {
  const field = (key: string) => (at ? `${at}.${key}` : key)
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return [`${at || "a plan"} must be an object like {"installments_count": 3}`]
  }
  const plan = value as Record<string, unknown>
  const issues: string[] = []
  const unknown = Object.keys(plan).filter((k) => !PLAN_FIELDS.includes(k))
  if (strict && unknown.length) {
    issues.push(`${at || "a plan"} has unknown fields: ${unknown.join(", ")} (allowed: ${PLAN_FIELDS.join(", ")})`)
  }
  const count = plan.installments_count
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_INSTALMENTS) {
    issues.push(
      count === undefined
        ? `${field("installments_count")} is required (a whole number from 1 to ${MAX_INSTALMENTS})`
        : `${field("installments_count")} must be a whole number from 1 to ${MAX_INSTALMENTS}, got ${shown(count)}`
    )
  }
  for (const [key, max] of Object.entries(MAX_DEFERRED) as [keyof typeof MAX_DEFERRED, number][]) {
    const v = plan[key]
    if (v !== undefined && v !== null && (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max)) {
      issues.push(`${field(key)} must be a whole number from 0 to ${max}, got ${shown(v)}`)
    }
  }
  if (plan.deferred_days && plan.deferred_months) {
    issues.push(`${at ? `${at}: ` : ""}a plan is deferred by days or by months, not both`)
  }
  const ship = plan.pay_at_shipment
  if (ship !== undefined && ship !== null && typeof ship !== "boolean") {
    issues.push(`${field("pay_at_shipment")} must be true or false, got ${JSON.stringify(ship)}`)
  }
  if (ship === true && (plan.deferred_days || plan.deferred_months)) {
    issues.push(
      `${at ? `${at}: ` : ""}a pay-at-shipment plan starts when the order ships: it takes no deferred_days or deferred_months`
    )
  }
  return issues
}

/** The first problem of a value as a plan, or undefined when it is a valid plan. */
export const planProblem = (value: unknown): string | undefined => planIssues(value)[0]

/**
 * Normalised: no zero or null deferrals, `pay_at_shipment` only when true, so equal plans
 * compare equal. The plugin options' `payAtShipment` is read as `pay_at_shipment`.
 */
export function normalizePlan(plan: Plan & { payAtShipment?: boolean }): Plan {
  const out: Plan = { installments_count: Number(plan.installments_count) }
  if (plan.pay_at_shipment === true || plan.payAtShipment === true) {
    out.pay_at_shipment = true
    return out
  }
  if (plan.deferred_days) {
    out.deferred_days = Number(plan.deferred_days)
  }
  if (plan.deferred_months) {
    out.deferred_months = Number(plan.deferred_months)
  }
  return out
}

/** The plan as the service's eligibility knows it: a pay-at-shipment plan is asked as the plain plan. */
export function servicePlan(plan: Plan): Omit<Plan, "pay_at_shipment"> {
  const { pay_at_shipment: _trigger, ...asked } = normalizePlan(plan)
  return asked
}

export const planKey = (plan: Plan): string => {
  const p = normalizePlan(plan)
  return `${p.installments_count}x-d${p.deferred_days ?? 0}-m${p.deferred_months ?? 0}${p.pay_at_shipment ? "-ship" : ""}`
}

export const samePlan = (a: Plan, b: Plan): boolean => planKey(a) === planKey(b)

/** "3 instalments", "pay in 30 days", "4 instalments, first in 1 month". */
export function planLabel(plan: Plan): string {
  const p = normalizePlan(plan)
  if (p.pay_at_shipment) {
    return p.installments_count === 1 ? "pay at shipment" : `${p.installments_count} instalments, from shipment`
  }
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
  for (const plan of plans.map(servicePlan)) {
    const { installments_count, ...deferral }: Plan = plan
    const key = `d${deferral.deferred_days ?? 0}-m${deferral.deferred_months ?? 0}`
    const group = groups.get(key) ?? { deferral, counts: [] }
    if (!group.counts.includes(installments_count)) {
      group.counts.push(installments_count)
    }
    groups.set(key, group)
  }
  return [...groups.values()]
}
