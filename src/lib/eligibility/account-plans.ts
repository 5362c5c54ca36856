import type { FeePlan, Plan } from "../../client/types"
import type { ServicePlanView } from "../api-shapes"
import { formatCents, fromCents, toCents } from "../money/money"
import type { PlanBounds } from "./plan-bounds"
import { normalizePlan, planKey, planLabel } from "./plans"

/**
 * The account's own plans (`GET /v1/me/fee-plans`) against the merchant's: which plans may be
 * offered, within which bounds. Pure; the fetching and caching are in
 * `workflows/eligibility/utils/account-plans.ts`.
 */

/** A plan the account may sell: a fee plan (`allowed`), or its pay-at-shipment form. */
export type ServicePlan = Plan & { fee_plan: FeePlan }

/** What the account's plans are known as, kept per account (an hour; a failure briefly). */
export type AccountPlansRecord = {
  fetched_at: string
  fee_plans?: FeePlan[]
  account?: { name: string | null; can_create_payments: boolean }
  /** Why the list is missing: an older account (`not_available`) or a service failure. */
  problem?: { code: string; message: string }
  /** v2 eligibility answered 404 for this account: v1 is used instead. */
  eligibility_v2_missing?: boolean
}

/**
 * The plans an account may sell: its `allowed` fee plans, and, for those with a positive
 * `deferred_trigger_limit_days` and no deferral of their own, the same plan at shipment.
 */
export function servicePlansOf(feePlans: FeePlan[]): ServicePlan[] {
  const plans: ServicePlan[] = []
  for (const fee_plan of feePlans.filter((p) => p.allowed)) {
    const plan = { ...normalizePlan(fee_plan), fee_plan }
    plans.push(plan)
    if (fee_plan.deferred_trigger_limit_days > 0 && !plan.deferred_days && !plan.deferred_months) {
      plans.push({ installments_count: plan.installments_count, pay_at_shipment: true, fee_plan })
    }
  }
  return plans
}

export const findServicePlan = (plan: Plan, servicePlans: ServicePlan[]): ServicePlan | undefined =>
  servicePlans.find((p) => planKey(p) === planKey(plan))

/**
 * Merchant plans the account does not have, each naming the plan and listing the account's
 * (a save's 400).
 */
export function unknownPlanProblems(plans: Plan[], servicePlans: ServicePlan[], field = "plans"): string[] {
  const offered = servicePlans.map((p) => `"${planLabel(p)}"`).join(", ")
  return plans.flatMap((plan, i) =>
    findServicePlan(plan, servicePlans)
      ? []
      : [`${field}[${i}]: the service account has no plan "${planLabel(plan)}"; its plans: ${offered || "none"}`]
  )
}

/** The merchant's plans the account does not have (checkout does not offer them). */
export const plansMissingFrom = (plans: Plan[], servicePlans: ServicePlan[]): Plan[] =>
  plans.filter((plan) => !findServicePlan(plan, servicePlans))

/**
 * The start-up line for plans of the plugin options an account lacks: names each plan and lists
 * the account's, so the merchant can fix the options (no 400 can be given at start-up).
 */
export function missingOptionPlansLine(mode: string, missing: Plan[], servicePlans: ServicePlan[]): string {
  const names = (plans: Plan[]) => plans.map((p) => `"${planLabel(p)}"`).join(", ")
  return `medusa-plugin-bnpl: the plugin option plans lists ${missing.length === 1 ? "a plan" : "plans"} the ${mode} account does not have: ${names(missing)}; checkout does not offer ${missing.length === 1 ? "it" : "them"}. The account's plans: ${names(servicePlans) || "none"}. Remove ${missing.length === 1 ? "it" : "them"} from the plans option, or choose the plans in the admin (Settings → Instalment payments)`
}

/** Merchant bounds outside the service's for the plan (a save's 400, naming the service's bound). */
export function boundsOutsideServiceProblems(
  bounds: PlanBounds[],
  servicePlans: ServicePlan[],
  currency: string,
  field = "plan_bounds"
): string[] {
  const problems: string[] = []
  bounds.forEach((b, i) => {
    const found = findServicePlan(b, servicePlans)
    if (!found) {
      return
    }
    const { min_purchase_amount: min, max_purchase_amount: max } = found.fee_plan
    const label = planLabel(b)
    if (typeof b.min_amount === "number" && toCents(b.min_amount, currency) < min) {
      problems.push(
        `${field}[${i}].min_amount: "${label}" starts at ${formatCents(min, currency)} with the service; set a minimum of at least that`
      )
    }
    if (typeof b.max_amount === "number" && toCents(b.max_amount, currency) > max) {
      problems.push(
        `${field}[${i}].max_amount: "${label}" goes up to ${formatCents(max, currency)} with the service; set a maximum of at most that`
      )
    }
  })
  return problems
}

/**
 * What checkout offers with the account's plans known: the merchant's plans the account has,
 * and for each the tighter of the service's and the merchant's bounds (major units), so an
 * amount outside either is answered without a service call.
 */
export function withinAccount(
  plans: Plan[],
  merchantBounds: PlanBounds[],
  servicePlans: ServicePlan[],
  currency: string
): { plans: Plan[]; bounds: PlanBounds[] } {
  const offered = plans.filter((plan) => findServicePlan(plan, servicePlans))
  const bounds = offered.map((plan): PlanBounds => {
    const { min_purchase_amount, max_purchase_amount } = findServicePlan(plan, servicePlans)!.fee_plan
    const own = merchantBounds.find((b) => planKey(b) === planKey(plan))
    const serviceMin = fromCents(min_purchase_amount, currency)
    const serviceMax = fromCents(max_purchase_amount, currency)
    return {
      ...plan,
      min_amount: typeof own?.min_amount === "number" ? Math.max(own.min_amount, serviceMin) : serviceMin,
      max_amount: typeof own?.max_amount === "number" ? Math.min(own.max_amount, serviceMax) : serviceMax,
    }
  })
  return { plans: offered, bounds }
}

/** The admin's list of the account's plans (`accounts.{mode}.service_plans`), amounts in major units. */
export function servicePlanViews(
  servicePlans: ServicePlan[],
  merchantPlans: Plan[],
  currency: string
): ServicePlanView[] {
  const enabled = new Set(merchantPlans.map(planKey))
  return servicePlans.map(({ fee_plan: f, ...plan }) => ({
    installments_count: plan.installments_count,
    deferred_days: plan.deferred_days ?? 0,
    deferred_months: plan.deferred_months ?? 0,
    pay_at_shipment: plan.pay_at_shipment === true,
    min_amount: fromCents(f.min_purchase_amount, currency),
    max_amount: fromCents(f.max_purchase_amount, currency),
    customer_fee_bps: f.customer_fee_variable,
    customer_fee_fixed: fromCents(f.customer_fee_fixed, currency),
    customer_lending_rate_bps: f.customer_lending_rate,
    merchant_fee_bps: f.merchant_fee_variable,
    merchant_fee_fixed: fromCents(f.merchant_fee_fixed, currency),
    ...(plan.pay_at_shipment ? { trigger_limit_days: f.deferred_trigger_limit_days } : {}),
    enabled: enabled.has(planKey(plan)),
  }))
}
