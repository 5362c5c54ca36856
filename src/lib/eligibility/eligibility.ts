import { BnplClient, isBnplError, type Plan } from "../../client"
import type { AnswerCache } from "./answer-cache"
import type { BreakerRegistry } from "../infrastructure/circuit-breaker"
import type { DeadlineRule, ResponseTimes, ResponseTimesRegistry } from "../infrastructure/response-deadline"
import {
  answerTtlSeconds,
  availableAnswer,
  combineGroupOutcomes,
  isCompleteAnswer,
  notAskedAnswer,
  type GroupOutcome,
  type PlansAnswer,
} from "./eligibility-answer"
import { groupByDeferral, planKey } from "./plans"
import { countriesKey, countryFields, type CartCountries } from "./cart-countries"

export type { AnswerCache } from "./answer-cache"
export {
  unavailableAnswer,
  type PlanAnswer,
  type PlansAnswer,
  type UnavailablePlan,
  type UnavailableReason,
} from "./eligibility-answer"

// Due dates start at the call date: the UTC day is part of the key, so an answer from an
// earlier day is never served.
// The scope names the account asked (a fingerprint of the service URL and key): after the
// merchant changes the key in the settings, answers made for the other account are not served.
// The countries (v2 only sends them) end it: an answer for one country is not another's.
const cacheKey = (cents: number, currency: string, plans: Plan[], now: Date, scope: string, countries: string) =>
  `bnpl:eligibility:${scope}:${now.toISOString().slice(0, 10)}:${currency}:${cents}:${plans.map(planKey).sort().join(",")}${countries}`

/**
 * Who is asking: a cart (the cart hooks, `?cart_id=`, payment sessions) or a product page
 * (`?amount=`, `?amounts=`, anonymous and cheap to repeat). Each surface has its own breakers
 * and keeps its own failed answers, so product-page floods that make the service fail (429,
 * 5xx) never hide instalments from carts. Complete answers are shared: they are the same.
 */
export type EligibilitySurface = "cart" | "product_page"

/** The one place a breaker is named: account, surface, deferral group. */
const breakerKey = (scope: string, surface: EligibilitySurface, deferral: Omit<Plan, "installments_count">) =>
  `${scope}:${surface}:${planKey({ installments_count: 0, ...deferral })}`

const BREAKER_OPEN_MESSAGE =
  "The instalment payment service failed or did not answer several times in a row: not asked again for a short while"

/** An empty cart: nothing to ask the service, no plan can pay for nothing. */
function emptyCartAnswer(cents: number, currency: string, plans: Plan[], now: Date): PlansAnswer {
  const plansFor = plans.map((plan) => ({
    eligible: false as const,
    ...plan,
    reasons: { purchase_amount: "invalid_value" },
    constraints: {},
    currency_code: currency,
  }))
  return availableAnswer(cents, currency, plansFor, now)
}

type Breaker = ReturnType<BreakerRegistry["get"]>

/** The service answered, even "no": only "unavailable" (network, timeout, 5xx, 429) is an outage. */
const serviceAnswered = (e: unknown) => isBnplError(e) && e.code !== "unavailable"

/**
 * One deferral group's request (all its instalment counts in one array), told to its breaker
 * and, when it answered, to its response times. The breaker remembers it: while open, its
 * background probe repeats it (with the longest wait, as a probe gets).
 */
async function askGroup(
  client: BnplClient,
  group: {
    cents: number
    deferral: Omit<Plan, "installments_count">
    counts: number[]
    timeoutMs: number
    ceilingMs: number
  },
  breaker?: Breaker,
  times?: ResponseTimes,
  clock: () => number = Date.now
): Promise<GroupOutcome> {
  const { cents, deferral, counts, timeoutMs, ceilingMs } = group
  const query = { purchase_amount: cents, installments_count: counts, ...deferral }
  breaker?.rememberRequest(() =>
    client.checkEligibility(query, { timeoutMs: ceilingMs, retries: 0 }).then(() => true, serviceAnswered)
  )
  const started = clock()
  try {
    const results = await client.checkEligibility(query, { timeoutMs, retries: 0 })
    breaker?.recordSuccess()
    times?.record(clock() - started)
    return { deferral, counts, results }
  } catch (e) {
    if (!isBnplError(e)) {
      return { deferral, counts, error: { code: "unavailable", message: "The instalment service could not be asked" } }
    }
    // Only "the service did not answer" (network, timeout, 5xx, 429) opens the breaker: an
    // inactive account or a refused request is an answer, given at once.
    if (serviceAnswered(e)) {
      breaker?.recordSuccess()
      times?.record(clock() - started)
    } else {
      breaker?.recordFailure()
    }
    return { deferral, counts, error: { code: e.code, message: e.message } }
  }
}

/**
 * v2: every plan in one request, told to one breaker, its results split back into the deferral
 * groups v1 would have asked (so both give the same answers). Undefined on a 404: no v2 here.
 */
async function askAllAtOnce(
  client: BnplClient,
  input: { cents: number; plans: Plan[]; timeoutMs: number; countries?: CartCountries },
  breaker?: Breaker
): Promise<GroupOutcome[] | undefined> {
  const groups = groupByDeferral(input.plans)
  const queries = groups.flatMap(({ deferral, counts }) =>
    counts.map((count) => ({ installments_count: count, ...deferral }))
  )
  const request = { purchase_amount: input.cents, queries, ...countryFields(input.countries) }
  const call = { timeoutMs: input.timeoutMs, retries: 0 }
  breaker?.rememberRequest(() => client.checkEligibilityV2(request, call).then(() => true, serviceAnswered))
  try {
    const results = await client.checkEligibilityV2(request, call)
    breaker?.recordSuccess()
    let next = 0
    return groups.map((g) => ({ ...g, results: results.slice(next, (next += g.counts.length)) }))
  } catch (e) {
    if (isBnplError(e) && e.code === "not_available") {
      breaker?.recordSuccess()
      return undefined
    }
    const error = isBnplError(e)
      ? { code: e.code, message: e.message }
      : { code: "unavailable" as const, message: "The instalment service could not be asked" }
    if (serviceAnswered(e)) breaker?.recordSuccess()
    else breaker?.recordFailure()
    return groups.map((g) => ({ ...g, error }))
  }
}

/**
 * Asks the service which of the plans fit an amount: one request per deferral group (all
 * instalment counts of a group in one array request), none when the cache has the answer.
 * Never throws: a failing group marks its own plans unavailable; when no group answers, the
 * answer is marked unavailable with the reason.
 *
 * Each group's request passes its circuit breaker (per account, surface and deferral group):
 * after a few consecutive failures or timeouts, the group is answered "unavailable" at once for
 * a cool-down instead of costing every cart the timeout.
 *
 * `mayAsk`, when given, is asked once per amount the cache lacks, before any service call: when
 * it says no, the plans are marked unavailable (`rate_limited`) and nothing is asked or kept.
 */
export async function checkPlans(input: {
  client: BnplClient
  cents: number
  currency: string
  plans: Plan[]
  /** The longest wait for an answer (the probe of an open breaker always gets it). */
  timeoutMs: number
  /**
   * Learn the wait from recent answers (response-deadline.ts): the deadline is a multiple of
   * their p99, at least `floorMs`, at most `timeoutMs`. Without it, every call waits `timeoutMs`.
   */
  deadlines?: { registry: ResponseTimesRegistry; floorMs: number }
  /** Answer times are read from it (ms); default `Date.now`. A test's own keeps what is learnt independent of the machine's speed. */
  clock?: () => number
  cache?: AnswerCache
  /** Which account is asked (e.g. `accountFingerprint(options)`); part of the cache and breaker keys. */
  cacheScope?: string
  breakers?: BreakerRegistry
  surface: EligibilitySurface
  mayAsk?: () => boolean
  /** `v2`: every plan in one request (`POST /v2/payments/eligibility`); default v1, one per deferral group. */
  eligibilityApi?: "v1" | "v2"
  /** Told when v2 answered 404 (the account lacks it); that call then asks v1. */
  onV2Missing?: () => void
  /** The cart's billing and shipping countries: v2 sends them (v1 has no such field). */
  countries?: CartCountries
  now?: Date
}): Promise<PlansAnswer> {
  const { client, cents, currency, plans, timeoutMs, cache, breakers, surface } = input
  const now = input.now ?? new Date()
  const scope = input.cacheScope ?? "default"
  if (cents <= 0) {
    return emptyCartAnswer(cents, currency, plans, now)
  }
  const countries = input.eligibilityApi === "v2" ? input.countries : undefined
  const key = cacheKey(cents, currency, plans, now, scope, countriesKey(countries))
  const failedKey = `${key}:${surface}`
  const read = (k: string) => cache?.get<PlansAnswer>(k).catch(() => null)
  const cached = (await read(key)) ?? (await read(failedKey))
  if (cached) {
    return cached
  }
  if (input.mayAsk && !input.mayAsk()) {
    return notAskedAnswer(cents, currency, plans, "rate_limited", now)
  }

  let asked = false
  let outcomes: GroupOutcome[] | undefined
  if (input.eligibilityApi === "v2") {
    const breaker = breakers?.get(`${scope}:${surface}:v2`)
    if (breaker && !breaker.tryAcquire()) {
      outcomes = groupByDeferral(plans).map((g) => ({
        ...g,
        error: { code: "unavailable", message: BREAKER_OPEN_MESSAGE },
      }))
    } else {
      asked = true
      outcomes = await askAllAtOnce(client, { cents, plans, timeoutMs, countries }, breaker)
      if (!outcomes) {
        input.onV2Missing?.() // an account without v2 (404): asked with v1 below, and from now on
      }
    }
  }
  outcomes ??= await Promise.all(
    groupByDeferral(plans).map(async ({ deferral, counts }): Promise<GroupOutcome> => {
      const groupKey = breakerKey(scope, surface, deferral)
      const breaker = breakers?.get(groupKey)
      if (breaker && !breaker.tryAcquire()) {
        return { deferral, counts, error: { code: "unavailable", message: BREAKER_OPEN_MESSAGE } }
      }
      asked = true
      const times = input.deadlines?.registry.get(groupKey)
      // A probe waits the longest: a service that became slow but answers is learnt again.
      const rule: DeadlineRule = { floorMs: input.deadlines?.floorMs ?? timeoutMs, ceilingMs: timeoutMs }
      const wait = times && breaker?.state !== "half_open" ? times.deadline(rule) : timeoutMs
      const group = { cents, deferral, counts, timeoutMs: wait, ceilingMs: timeoutMs }
      return askGroup(client, group, breaker, times, input.clock)
    })
  )
  const answer = combineGroupOutcomes({ cents, currency, plans, outcomes, planKey, now })
  // A failed or partial answer is kept briefly too: a failing service is not asked again for
  // every call of the same amount; kept for this surface only, so a product page's failure is
  // not a cart's. An answer the breakers gave alone cost nothing: not kept.
  if (asked) {
    const keptAs = isCompleteAnswer(answer) ? key : failedKey
    await cache?.set(keptAs, answer, answerTtlSeconds(answer)).catch(() => undefined)
  }
  return answer
}
