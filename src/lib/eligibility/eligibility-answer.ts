import { createHash } from "node:crypto"
import {
  accountFingerprint,
  type BnplErrorCode,
  type EligibilityResult,
  type IneligiblePlan,
  type Plan,
} from "../../client"
import type { ExcludedProduct } from "./exclusions"
import type { LegalText } from "../legal/markets"
import type { OutsideBoundsPlan } from "./plan-bounds"
import { servicePlan } from "./plans"
import { countriesKey, type CartCountries } from "./cart-countries"

/**
 * `excluded_products`: the cart holds a product the merchant excluded (the service is not asked).
 * `nothing_owed`: a payment collection already paid (a payment link opened again).
 * `link_cancelled` / `link_expired`: the merchant's instalment payment link of the collection was
 * cancelled, or is past its validity (sending it again renews it).
 * `rate_limited` (a plan's `reasons.service` only): a product-page look-up over the request's or
 * the client's allowance of service calls, not asked; asking again later answers it.
 */
export type UnavailableReason =
  | BnplErrorCode
  | "not_configured"
  | "excluded_products"
  | "rate_limited"
  | "nothing_owed"
  | "link_cancelled"
  | "link_expired"

/**
 * A plan whose deferral group the service did not answer for (the other groups did): shown
 * greyed by the storefront, neither offered nor refused. `reasons.service` says why.
 */
export type UnavailablePlan = IneligiblePlan & { unavailable: true; reasons: { service: UnavailableReason } }

/**
 * One plan as the storefront gets it: the contract's fields, amounts in cents. A plan outside
 * the merchant's own bounds has only the bounds the merchant set as `constraints`.
 */
export type PlanAnswer = (EligibilityResult | UnavailablePlan | OutsideBoundsPlan) & {
  currency_code: string
  /** A pay-at-shipment plan: nothing to pay until the order ships (its due dates are not known yet). */
  pay_at_shipment?: true
}

export type PlansAnswer = {
  purchase_amount: number
  currency_code: string
  /** ISO time the service was asked (or the cached answer was made). */
  checked_at: string
  /**
   * False when the service could not be asked at all: then `plans` is empty. True when at
   * least one deferral group answered; plans of a group that did not answer carry `unavailable: true`.
   */
  service_available: boolean
  unavailable_reason?: UnavailableReason
  message?: string
  /** With `excluded_products`: which products, and the rule that excludes each. */
  excluded_products?: ExcludedProduct[]
  plans: PlanAnswer[]
  /**
   * The store route's (`GET /store/bnpl/eligibility`): the credit-advertising texts of the offer's
   * market as the merchant set them now (two for Belgium, nine for an unknown country). Added to
   * each answer served, never to one kept or cached.
   */
  legal?: LegalText[]
}

/** A complete answer is kept for minutes; a failed or partial one only briefly, then asked again. */
export const COMPLETE_ANSWER_TTL_SECONDS = 300
export const INCOMPLETE_ANSWER_TTL_SECONDS = 30

/** One deferral group's outcome: the results in the order of `counts`, or why there are none. */
export type GroupOutcome = {
  deferral: Omit<Plan, "installments_count">
  counts: number[]
} & ({ results: EligibilityResult[] } | { error: { code: UnavailableReason; message: string } })

export function unavailableAnswer(
  cents: number,
  currency: string,
  reason: UnavailableReason,
  message: string,
  now = new Date()
): PlansAnswer {
  return {
    purchase_amount: cents,
    currency_code: currency,
    checked_at: now.toISOString(),
    service_available: false,
    unavailable_reason: reason,
    message,
    plans: [],
  }
}

/** Every plan marked unavailable with `reason`, the answer still `service_available` (e.g. `rate_limited`). */
export function notAskedAnswer(
  cents: number,
  currency: string,
  plans: Plan[],
  reason: UnavailableReason,
  now = new Date()
): PlansAnswer {
  const unavailable = plans.map((plan) => unavailablePlan(plan, reason, currency))
  return availableAnswer(cents, currency, unavailable, now)
}

/** An answer of a service that could be asked (or needed not be): `plans`, each as answered. */
export function availableAnswer(cents: number, currency: string, plans: PlanAnswer[], now = new Date()): PlansAnswer {
  return {
    purchase_amount: cents,
    currency_code: currency,
    checked_at: now.toISOString(),
    service_available: true,
    plans,
  }
}

const unavailablePlan = (plan: Plan, reason: UnavailableReason, currency: string): PlanAnswer => ({
  eligible: false,
  ...plan,
  unavailable: true,
  reasons: { service: reason },
  constraints: {},
  currency_code: currency,
})

/**
 * The answer for the merchant's plans (in the merchant's order) from each group's outcome: a
 * failing group marks only its own plans unavailable; when no group answered, the whole answer
 * is unavailable with the first group's reason (as a single failing request always was).
 */
export function combineGroupOutcomes(input: {
  cents: number
  currency: string
  plans: Plan[]
  outcomes: GroupOutcome[]
  /** Equal for equal plans (the plugin's one plan key). */
  planKey: (plan: Plan) => string
  now: Date
}): PlansAnswer {
  const { cents, currency, plans, outcomes, planKey, now } = input
  const answered = outcomes.filter((o): o is GroupOutcome & { results: EligibilityResult[] } => "results" in o)
  if (!answered.length) {
    const failed = outcomes.find(
      (o): o is GroupOutcome & { error: { code: UnavailableReason; message: string } } => "error" in o
    )
    return unavailableAnswer(
      cents,
      currency,
      failed?.error.code ?? "unavailable",
      failed?.error.message ?? "The instalment service could not be asked",
      now
    )
  }
  const byKey = new Map<string, PlanAnswer>()
  for (const outcome of outcomes) {
    outcome.counts.forEach((count, i) => {
      const plan = { installments_count: count, ...outcome.deferral }
      byKey.set(
        planKey(plan),
        "results" in outcome
          ? { ...outcome.results[i], currency_code: currency }
          : unavailablePlan(plan, outcome.error.code, currency)
      )
    })
  }
  const answers = plans.map((p) => answerFor(p, byKey.get(planKey(servicePlan(p)))))
  const planAnswers = answers.filter((r): r is PlanAnswer => !!r)
  return availableAnswer(cents, currency, planAnswers, now)
}

/** A pay-at-shipment plan is asked as its plain plan; its answer says which one it is. */
const answerFor = (plan: Plan, answer: PlanAnswer | undefined): PlanAnswer | undefined =>
  answer && plan.pay_at_shipment ? { ...answer, pay_at_shipment: true } : answer

/** Every plan was answered by the service (none unavailable). */
export const isCompleteAnswer = (answer: Pick<PlansAnswer, "service_available" | "plans">): boolean =>
  answer.service_available && !(answer.plans ?? []).some((p) => (p as { unavailable?: boolean }).unavailable === true)

/** How long an answer may be reused (cache, a cart's kept plans). */
export const answerTtlSeconds = (answer: Pick<PlansAnswer, "service_available" | "plans">): number =>
  isCompleteAnswer(answer) ? COMPLETE_ANSWER_TTL_SECONDS : INCOMPLETE_ANSWER_TTL_SECONDS

/**
 * What a cart's kept answer was asked with: the account (key and URL), the merchant's plans
 * and bounds, and the cart's countries when they were sent (v2). A kept answer of another scope
 * is stale, so a key, URL, mode, plans or bounds change makes every cart ask again at its next
 * read, without writing to any kept answer; so does a v2 cart's change of country.
 */
export function cartAnswerScope(
  options: {
    apiKey?: string
    apiUrl?: string
    plans: Plan[]
    planBounds?: unknown[]
  },
  countries?: CartCountries
): string {
  const rules = createHash("sha256")
    .update(JSON.stringify([options.plans, options.planBounds ?? []]))
    .digest("hex")
    .slice(0, 8)
  return `${accountFingerprint(options)}:${rules}${countriesKey(countries)}`
}
