import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { boundedAnswerCache, sharedOrLocalCache, type AnswerCache } from "../../../lib/eligibility/answer-cache"
import { BreakerRegistry } from "../../../lib/infrastructure/circuit-breaker"
import { DEFAULT_DEADLINE_FLOOR_MS, ResponseTimesRegistry } from "../../../lib/infrastructure/response-deadline"
import { answerTtlSeconds, availableAnswer, cartAnswerScope } from "../../../lib/eligibility/eligibility-answer"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { exclusionMessage } from "../../../lib/eligibility/exclusions"
import { inPlanOrder, splitByBounds } from "../../../lib/eligibility/plan-bounds"
import { excludedFromCart } from "./cart-exclusions"
import { checkoutPlans } from "./account-plans"
import {
  checkPlans,
  unavailableAnswer,
  type EligibilitySurface,
  type PlanAnswer,
  type PlansAnswer,
} from "../../../lib/eligibility/eligibility"
import { medusaRefusal } from "../../../lib/infrastructure/medusa-version"
import { toCents, type MedusaAmount } from "../../../lib/money/money"
import { cartCountries, type CartCountries } from "../../../lib/eligibility/cart-countries"
import { accountFingerprint, clientFor, isConfigured } from "../../../client"
import { currencyProblem, type ResolvedOptions } from "../../../modules/bnpl/settings"
import { keptInMemory } from "../../../lib/infrastructure/process-memory"
import { BoundedCache } from "../../../lib/infrastructure/bounded-cache"

export type CartPlansAnswer = PlansAnswer & { cart_id: string }

/**
 * A cart's plans, with the country the offer is made in when the cart was read for them (its
 * shipping address, else its billing address; lower case): the market of the texts the store
 * serves with them. Never part of the kept answer.
 */
export type CartPlans = CartPlansAnswer & { country?: string }

/**
 * Circuit breakers of the eligibility requests, per account, surface (carts, product pages) and
 * deferral group, in this process: after 3 consecutive failures or timeouts of a group's
 * request, that group is answered "unavailable" at once for 30 s, then one probe request goes.
 * With several instances, each keeps its own (each learns of an outage from its own first 3 calls).
 *
 * While a breaker is open, its last request is repeated in the background every 5 s (waiting
 * at most `eligibilityTimeoutMs`); once the service answers one, the next caller goes through at
 * once: carts get their plans back within about 5 s of a recovery, not up to 30 s. 5 s: at most
 * 5 requests per opening and breaker (at 5, 10, ... 25 s of its cool-down), a small cost for a
 * service that is struggling, and well under the 30 s it shortens.
 */
export const ELIGIBILITY_BREAKER = {
  failureThreshold: 3,
  coolDownMs: 30_000,
  backgroundProbeIntervalMs: 5_000,
} as const
const breakers = keptInMemory(new BreakerRegistry(ELIGIBILITY_BREAKER))
/** How fast each account, surface and deferral group answered lately: the wait is learnt from it. */
const responseTimes = keptInMemory(new ResponseTimesRegistry())

/**
 * Eligibility answers kept in this process when the store has no shared cache. Medusa's
 * in-memory cache module (@medusajs/cache-inmemory, the default) keeps every key in a Map until
 * its TTL timer fires: storefront calls for many distinct amounts would grow it without bound.
 * Then answers go to this LRU of at most 5,000 (a few KB each). With Redis (@medusajs/cache-redis)
 * the shared cache is used, so one instance's answer serves all; Redis bounds itself. Any other
 * cache module gets the bounded local one too: sharing is a nicety, bounded memory is not.
 */
export const LOCAL_ELIGIBILITY_CACHE_ENTRIES = 5_000
const localCache = keptInMemory(boundedAnswerCache(LOCAL_ELIGIBILITY_CACHE_ENTRIES))

const resolveCache = (container: MedusaContainer): AnswerCache =>
  sharedOrLocalCache(() => container.resolve(Modules.CACHE, { allowUnregistered: true }), localCache)

/**
 * The answer this process last read or wrote for each cart, with its row's id: a cart mutation
 * that keeps the total (and so the answer, still fresh) reads nothing, and one with a new total
 * updates the row without looking it up first. Another instance may have written a newer
 * answer meanwhile: for the same amount and account it is the same answer, and freshness is
 * judged on what this one holds, as on the row.
 */
const lastCartAnswers = keptInMemory(new BoundedCache<{ id: string; record: KeptAnswer }>({ maxEntries: 5_000 }))

function rememberCartAnswer(id: string, record: KeptAnswer) {
  const ttlMs =
    answerTtlSeconds({
      service_available: record.service_available,
      plans: record.plans as unknown as PlansAnswer["plans"],
    }) * 1000
  lastCartAnswers.set(record.cart_id, { id, record }, ttlMs)
}

const keptAnswerOf = (cartId: string, kept: Omit<KeptAnswer, "cart_id" | "account">): CartPlansAnswer => ({
  cart_id: cartId,
  purchase_amount: Number(kept.purchase_amount),
  currency_code: kept.currency_code,
  checked_at: new Date(kept.checked_at).toISOString(),
  service_available: kept.service_available,
  unavailable_reason: (kept.unavailable_reason ?? undefined) as PlansAnswer["unavailable_reason"],
  message: kept.message ?? undefined,
  plans: kept.plans as unknown as PlansAnswer["plans"],
})

/**
 * Plans for an amount; never throws for a service problem. Plans outside the merchant's own
 * bounds are answered here, without asking the service; answers come in the merchant's order.
 * `surface` picks the breakers (a cart's or the product pages'); `mayAsk` is the allowance of
 * service calls of a product-page request (see product-page.ts).
 */
export async function plansForAmount(
  container: MedusaContainer,
  cents: number,
  currency: string,
  by: { surface: EligibilitySurface; options?: ResolvedOptions; mayAsk?: () => boolean; countries?: CartCountries }
): Promise<PlansAnswer> {
  const resolved = by.options ?? (await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions())
  const refusal = medusaRefusal()
  if (refusal) {
    // An untested Medusa: no new payment (the provider refuses it too), and the sentence says why.
    return unavailableAnswer(cents, currency, "not_configured", refusal)
  }
  if (!isConfigured(resolved)) {
    return unavailableAnswer(cents, currency, "not_configured", "Instalment payments are not configured yet")
  }
  // The account's own plans and bounds (kept an hour): an amount outside them costs no call.
  const offered = await checkoutPlans(container, resolved)
  const { ask, outside } = splitByBounds(offered.plans, offered.bounds, cents, currency)
  const answered: PlanAnswer[] = outside.map((plan) => ({ ...plan, currency_code: currency }))
  if (!ask.length) {
    return availableAnswer(cents, currency, answered)
  }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const answer = await checkPlans({
    client: clientFor(resolved, logger),
    cents,
    currency,
    plans: ask,
    timeoutMs: resolved.eligibilityTimeoutMs,
    deadlines: { registry: responseTimes, floorMs: resolved.eligibilityTimeoutFloorMs ?? DEFAULT_DEADLINE_FLOOR_MS },
    cache: resolveCache(container),
    cacheScope: accountFingerprint(resolved),
    breakers,
    surface: by.surface,
    mayAsk: by.mayAsk,
    eligibilityApi: offered.eligibilityApi,
    onV2Missing: offered.onV2Missing,
    countries: by.countries,
  })
  if (!answer.service_available) {
    return answer
  }
  return { ...answer, plans: inPlanOrder(offered.plans, [...answer.plans, ...answered]) }
}

// A failed or partial answer is kept briefly (answerTtlSeconds), a complete one for minutes.
function isFresh(
  kept: {
    purchase_amount: number
    currency_code: string
    checked_at: Date | string
    service_available: boolean
    plans: unknown
    account?: string | null
  },
  cents: number,
  currency: string,
  account: string,
  now: Date
) {
  const checkedAt = new Date(kept.checked_at)
  const age = now.getTime() - checkedAt.getTime()
  return (
    // 129.90 EUR is not 129.90 USD: a cart moved to another region's currency asks again.
    Number(kept.purchase_amount) === cents &&
    // Asked of another account (test/live, a key changed) or with other plans or bounds: stale.
    kept.account === account &&
    kept.currency_code === currency &&
    checkedAt.toISOString().slice(0, 10) === now.toISOString().slice(0, 10) &&
    age <
      answerTtlSeconds({ service_available: kept.service_available, plans: kept.plans as PlansAnswer["plans"] }) * 1000
  )
}

/** What a cart workflow already holds of its cart: the plans need no read of their own. */
export type HeldCart = {
  total: MedusaAmount | null | undefined
  currency_code: string
  /** The cart's items' products, when the workflow has them (the exclusion check reuses its last answer). */
  product_ids?: (string | null | undefined)[]
}

/**
 * The plans for a cart's current total, kept with the cart. Asks the service only when the
 * kept answer is for another amount or currency, from another day, or older than the cache TTL.
 * `held`: the cart's total and currency as a cart workflow just computed them (no cart read).
 */
export async function plansForCart(container: MedusaContainer, cartId: string, held?: HeldCart): Promise<CartPlans> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const options = await bnpl.getOptions()
  // A cart read here comes with its countries, in the same query: v2 is told them, and they
  // pick the texts served with the plans. A cart workflow's cart lacks the billing address (and,
  // with a payment collection, the shipping one): v2 then reads them, a query, no service call.
  const v2 = options.eligibilityApi === "v2"
  const cart: ReadCart = held ?? (await readCart(container, cartId, [...TOTAL_FIELDS, ...COUNTRY_FIELDS]))
  const addresses = held ? (v2 ? await readCart(container, cartId, COUNTRY_FIELDS) : undefined) : cart
  const read = addresses ? cartCountries(addresses) : undefined
  const countries = v2 ? read : undefined
  const found = read?.shipping ?? read?.billing
  const withCountry = <T extends CartPlansAnswer>(answer: T): T & { country?: string } =>
    found ? { ...answer, country: found.toLowerCase() } : answer
  const currency = cart.currency_code.toLowerCase()
  const cents = toCents(cart.total ?? 0, currency)
  const now = new Date()
  // Checked on every read, before the kept answer (which may predate it); never kept.
  const refusal = medusaRefusal()
  if (refusal) {
    return withCountry({ cart_id: cartId, ...unavailableAnswer(cents, currency, "not_configured", refusal, now) })
  }
  // Checked on every read, before the kept answer: an excluded product may have been added
  // without changing the total. It costs one query when the products changed (or are not
  // known), never a service call.
  const excluded = await excludedFromCart(container, cartId, options.exclusions, held?.product_ids)
  if (excluded.length) {
    return withCountry({
      cart_id: cartId,
      ...unavailableAnswer(cents, currency, "excluded_products", exclusionMessage(excluded), now),
      excluded_products: excluded,
    })
  }
  const account = cartAnswerScope(options, countries)
  const remembered = lastCartAnswers.get(cartId)
  if (remembered && isFresh(remembered.record, cents, currency, account, now)) {
    return withCountry(keptAnswerOf(cartId, remembered.record))
  }
  const [kept] = remembered ? [] : await bnpl.listBnplCartEligibilities({ cart_id: cartId })
  if (kept && isFresh(kept, cents, currency, account, now)) {
    rememberCartAnswer(kept.id, { ...(kept as unknown as KeptAnswer), cart_id: cartId, account })
    return withCountry(keptAnswerOf(cartId, kept as unknown as KeptAnswer))
  }

  const unsupported = currencyProblem(options, currency)
  const answer = unsupported
    ? unavailableAnswer(cents, currency, "invalid_request", unsupported)
    : await plansForAmount(container, cents, currency, { surface: "cart", options, countries })
  const record: KeptAnswer = {
    cart_id: cartId,
    purchase_amount: cents,
    currency_code: currency,
    checked_at: new Date(answer.checked_at),
    service_available: answer.service_available,
    unavailable_reason: answer.unavailable_reason ?? null,
    message: answer.message ?? null,
    plans: answer.plans as unknown as Record<string, unknown>,
    account,
  }
  rememberCartAnswer(await keepCartAnswer(bnpl, remembered?.id ?? kept?.id, record), record)
  return withCountry({ cart_id: cartId, ...answer })
}

const TOTAL_FIELDS = ["id", "total", "currency_code"]
const COUNTRY_FIELDS = ["billing_address.country_code", "shipping_address.country_code"]

type ReadCart = HeldCart & Parameters<typeof cartCountries>[0]

async function readCart(container: MedusaContainer, cartId: string, fields: string[]): Promise<ReadCart> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields, filters: { id: cartId } })
  const cart = data[0] as ReadCart | undefined
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`)
  }
  return cart
}

type KeptAnswer = {
  cart_id: string
  purchase_amount: number
  currency_code: string
  checked_at: Date
  service_available: boolean
  unavailable_reason: string | null
  message: string | null
  plans: Record<string, unknown>
  account: string
}

/**
 * Writes a cart's answer: the row it had, or a first one; resolves the row's id. Two first
 * refreshes of a cart can run at once (a mutation's hook and a storefront read, two tabs); both
 * find no row and both create: the unique index on cart_id lets one through. The other finds the
 * row written meanwhile and updates it (both answers are for the same cart, a moment apart). The
 * module's generated methods have no upsert keyed on cart_id, hence create, then update on
 * conflict. A row this process remembered but that is gone (the retention job) is written anew.
 */
async function keepCartAnswer(
  bnpl: BnplModuleService,
  keptId: string | undefined,
  record: KeptAnswer
): Promise<string> {
  const { cart_id: _cartId, ...row } = record
  if (keptId && (await bnpl.updateCartAnswer(keptId, row))) {
    return keptId
  }
  try {
    return (await bnpl.createBnplCartEligibilities(record)).id
  } catch (e) {
    const [written] = await bnpl.listBnplCartEligibilities({ cart_id: record.cart_id })
    if (!written) {
      throw e
    }
    await bnpl.updateBnplCartEligibilities({ id: written.id, ...record })
    return written.id
  }
}
