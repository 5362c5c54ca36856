import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { exclusionMessage } from "../lib/exclusions"
import { inPlanOrder, splitByBounds } from "../lib/plan-bounds"
import { excludedFromCart } from "./cart-exclusions"
import { ELIGIBILITY_CACHE_TTL_SECONDS, checkPlans, unavailableAnswer, type PlanAnswer, type PlansAnswer } from "./eligibility"
import { toCents } from "./money"
import { clientFor, currencyProblem, type ResolvedOptions } from "./options"
import { accountFingerprint } from "./settings"

// A failed check is tried again sooner than a good answer expires.
const RETRY_UNAVAILABLE_AFTER_MS = 30_000

export type CartPlansAnswer = PlansAnswer & { cart_id: string }

function resolveCache(container: MedusaContainer): ICacheService | undefined {
  try {
    return container.resolve<ICacheService>(Modules.CACHE)
  } catch {
    return undefined
  }
}

/**
 * Plans for an amount; never throws for a service problem. Plans outside the merchant's own
 * bounds are answered here, without asking the service; answers come in the merchant's order.
 */
export async function plansForAmount(
  container: MedusaContainer,
  cents: number,
  currency: string,
  options?: ResolvedOptions
): Promise<PlansAnswer> {
  const resolved = options ?? (await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions())
  if (!resolved.apiKey || !resolved.apiUrl) {
    return unavailableAnswer(cents, currency, "not_configured", "Instalment payments are not configured yet")
  }
  const { ask, outside } = splitByBounds(resolved.plans, resolved.planBounds, cents, currency)
  const answered: PlanAnswer[] = outside.map((plan) => ({ ...plan, currency_code: currency }))
  if (!ask.length) {
    return { purchase_amount: cents, currency_code: currency, checked_at: new Date().toISOString(), service_available: true, plans: answered }
  }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const answer = await checkPlans({
    client: clientFor(resolved, logger),
    cents,
    currency,
    plans: ask,
    timeoutMs: resolved.eligibilityTimeoutMs,
    cache: resolveCache(container),
    cacheScope: accountFingerprint(resolved),
  })
  if (!answer.service_available) {
    return answer
  }
  return { ...answer, plans: inPlanOrder(resolved.plans, [...answer.plans, ...answered]) }
}

function isFresh(kept: { purchase_amount: number; checked_at: Date | string; service_available: boolean }, cents: number, now: Date) {
  const checkedAt = new Date(kept.checked_at)
  const age = now.getTime() - checkedAt.getTime()
  return (
    Number(kept.purchase_amount) === cents &&
    checkedAt.toISOString().slice(0, 10) === now.toISOString().slice(0, 10) &&
    age < (kept.service_available ? ELIGIBILITY_CACHE_TTL_SECONDS * 1000 : RETRY_UNAVAILABLE_AFTER_MS)
  )
}

/**
 * The plans for a cart's current total, kept with the cart. Asks the service only when the
 * kept answer is for another amount, from another day, or older than the cache TTL.
 */
export async function plansForCart(container: MedusaContainer, cartId: string): Promise<CartPlansAnswer> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "total", "currency_code"],
    filters: { id: cartId },
  })
  const cart = data[0] as { id: string; total: any; currency_code: string } | undefined
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`)
  }
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const currency = cart.currency_code.toLowerCase()
  const cents = toCents(cart.total ?? 0, currency)
  const now = new Date()
  const options = await bnpl.getOptions()
  // Checked on every read, before the kept answer: an excluded product may have been added
  // without changing the total. It costs one query, never a service call.
  const excluded = await excludedFromCart(container, cartId, options.exclusions)
  if (excluded.length) {
    return {
      cart_id: cartId,
      ...unavailableAnswer(cents, currency, "excluded_products", exclusionMessage(excluded), now),
      excluded_products: excluded,
    }
  }
  const [kept] = await bnpl.listBnplCartEligibilities({ cart_id: cartId })
  if (kept && isFresh(kept, cents, now)) {
    return {
      cart_id: cartId,
      purchase_amount: Number(kept.purchase_amount),
      currency_code: kept.currency_code,
      checked_at: new Date(kept.checked_at).toISOString(),
      service_available: kept.service_available,
      unavailable_reason: (kept.unavailable_reason ?? undefined) as PlansAnswer["unavailable_reason"],
      message: kept.message ?? undefined,
      plans: kept.plans as unknown as PlansAnswer["plans"],
    }
  }

  const unsupported = currencyProblem(options, currency)
  const answer = unsupported
    ? unavailableAnswer(cents, currency, "invalid_request", unsupported)
    : await plansForAmount(container, cents, currency, options)
  const record = {
    cart_id: cartId,
    purchase_amount: cents,
    currency_code: currency,
    checked_at: new Date(answer.checked_at),
    service_available: answer.service_available,
    unavailable_reason: answer.unavailable_reason ?? null,
    message: answer.message ?? null,
    plans: answer.plans as unknown as Record<string, unknown>,
  }
  if (kept) {
    await bnpl.updateBnplCartEligibilities({ id: kept.id, ...record })
  } else {
    await bnpl.createBnplCartEligibilities(record)
  }
  return { cart_id: cartId, ...answer }
}
