import type { ICacheService } from "@medusajs/framework/types"
import { BnplClient, isBnplError, type BnplErrorCode, type EligibilityResult, type Plan } from "../client"
import type { ExcludedProduct } from "../lib/exclusions"
import type { OutsideBoundsPlan } from "../lib/plan-bounds"
import { groupByDeferral, planKey } from "./plans"

/** `excluded_products`: the cart holds a product the merchant excluded (the service is not asked). */
export type UnavailableReason = BnplErrorCode | "not_configured" | "excluded_products"

/**
 * One plan as the storefront gets it: the contract's fields, amounts in cents. A plan outside
 * the merchant's own bounds has only the bounds the merchant set as `constraints`.
 */
export type PlanAnswer = (EligibilityResult | OutsideBoundsPlan) & { currency_code: string }

export type PlansAnswer = {
  purchase_amount: number
  currency_code: string
  /** ISO time the service was asked (or the cached answer was made). */
  checked_at: string
  /** False when the service could not be asked: then every plan is unavailable. */
  service_available: boolean
  unavailable_reason?: UnavailableReason
  message?: string
  /** With `excluded_products`: which products, and the rule that excludes each. */
  excluded_products?: ExcludedProduct[]
  plans: PlanAnswer[]
}

/** Eligibility answers are shared by every cart of the same amount, for a few minutes. */
export const ELIGIBILITY_CACHE_TTL_SECONDS = 300

// Due dates start at the call date: the UTC day is part of the key, so an answer from an
// earlier day is never served.
// The scope names the account asked (a fingerprint of the service URL and key): after the
// merchant changes the key in the settings, answers made for the other account are not served.
const cacheKey = (cents: number, currency: string, plans: Plan[], now: Date, scope: string) =>
  `bnpl:eligibility:${scope}:${now.toISOString().slice(0, 10)}:${currency}:${cents}:${plans.map(planKey).sort().join(",")}`

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

/**
 * Asks the service which of the plans fit an amount: one request per deferral group (all
 * instalment counts of a group in one array request), none when the shared cache has the
 * answer. Never throws: a failing service gives an answer marked unavailable, with the reason.
 */
export async function checkPlans(input: {
  client: BnplClient
  cents: number
  currency: string
  plans: Plan[]
  timeoutMs: number
  cache?: ICacheService
  /** Which account is asked (e.g. `accountFingerprint(options)`); part of the cache key. */
  cacheScope?: string
  now?: Date
}): Promise<PlansAnswer> {
  const { client, cents, currency, plans, timeoutMs, cache } = input
  const now = input.now ?? new Date()
  if (cents <= 0) {
    // An empty cart: nothing to ask the service, no plan can pay for nothing.
    return {
      purchase_amount: cents,
      currency_code: currency,
      checked_at: now.toISOString(),
      service_available: true,
      plans: plans.map((plan) => ({
        eligible: false as const,
        ...plan,
        reasons: { purchase_amount: "invalid_value" },
        constraints: {},
        currency_code: currency,
      })),
    }
  }
  const key = cacheKey(cents, currency, plans, now, input.cacheScope ?? "default")
  const cached = await cache?.get<PlansAnswer>(key).catch(() => null)
  if (cached) {
    return cached
  }

  try {
    const groups = groupByDeferral(plans)
    const answers = await Promise.all(
      groups.map(({ deferral, counts }) =>
        client.checkEligibility(
          { purchase_amount: cents, installments_count: counts, ...deferral },
          { timeoutMs, retries: 0 }
        )
      )
    )
    // The client checked each answer is in request order: key results by what was asked,
    // then put them back in the merchant's order of plans.
    const byKey = new Map<string, EligibilityResult>()
    groups.forEach(({ deferral, counts }, g) =>
      counts.forEach((count, i) => byKey.set(planKey({ installments_count: count, ...deferral }), answers[g][i]))
    )
    const answer: PlansAnswer = {
      purchase_amount: cents,
      currency_code: currency,
      checked_at: now.toISOString(),
      service_available: true,
      plans: plans
        .map((p) => byKey.get(planKey(p)))
        .filter((r): r is EligibilityResult => !!r)
        .map((r) => ({ ...r, currency_code: currency })),
    }
    await cache?.set(key, answer, ELIGIBILITY_CACHE_TTL_SECONDS).catch(() => undefined)
    return answer
  } catch (e) {
    if (isBnplError(e)) {
      return unavailableAnswer(cents, currency, e.code, e.message, now)
    }
    return unavailableAnswer(cents, currency, "unavailable", "The instalment service could not be asked", now)
  }
}
