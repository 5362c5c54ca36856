import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../modules/bnpl/service"
import { plansForAmount, plansForCart } from "../../../../workflows/eligibility/utils/plans"
import { plansForCollection } from "../../../../workflows/eligibility/utils/plans-for-collection"
import { productPageBudget } from "../../../../workflows/eligibility/utils/product-page-budget"
import { forwardedForWarning } from "../../../../lib/infrastructure/client-address"
import { fromCents, currencyExponent, toCents } from "../../../../lib/money/money"
import { currencyProblem } from "../../../../modules/bnpl/settings"
import { excludedAmongProducts } from "../../../../workflows/eligibility/utils/cart-exclusions"
import { exclusionMessage, type ExcludedProduct } from "../../../../lib/eligibility/exclusions"
import { unavailableAnswer } from "../../../../lib/eligibility/eligibility-answer"
import { legalTextsFor } from "../../../../lib/legal"
import { mapLimited, splitAmounts } from "./helpers"
import type { StoreEligibilityQuery } from "./validators"

// Distinct amounts of one batch asked at the same time (each is one service call when cold).
const BATCH_CONCURRENCY = 6

/**
 * `GET /store/bnpl/eligibility?cart_id=...` → the plans for a cart (recomputed only when the
 * kept answer is stale); `?payment_collection_id=...` → the plans for what a collection owes (a
 * payment link: an order's own collection, with the order it is for); `?amount=<major units>&currency_code=eur` → the plans for an amount;
 * `?amounts=19.90,129.90&currency_code=eur` → the plans for each distinct amount, in one answer.
 * With `product_id` (or `product_ids`, one per amount), a product the merchant excluded is
 * answered with the reason (`excluded_products`, its entry naming `product_id`) and no service call.
 * Amounts are validated (see validators.ts) before anything is asked.
 *
 * Every answer carries `legal`: the credit-advertising texts of the market the offer is made in
 * (the cart's shipping, else billing country, else `country_code`; two for Belgium, all nine for
 * any other country or none), as the merchant set them now: never kept with the cart's answer.
 * Once per answer, beside `eligibilities` for many amounts: copied into each of 50 entries, the
 * nine markets' texts made a request of 500 bytes cost up to 1.5 MB of answer.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = req.validatedQuery as StoreEligibilityQuery
  const bnpl = req.scope.resolve<BnplModuleService>(BNPL_MODULE)
  if (params.cart_id) {
    try {
      // The cart's country comes from the cart read the plans make (no read of its own).
      const { country, ...answer } = await plansForCart(req.scope, params.cart_id)
      const { legalTexts } = await bnpl.getOptions()
      return res.json({ eligibility: { ...answer, legal: legalTextsFor(legalTexts, country ?? params.country_code) } })
    } catch (e) {
      if (e instanceof MedusaError && e.type === MedusaError.Types.NOT_FOUND) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown cart_id "${params.cart_id}"`)
      }
      throw e
    }
  }
  if (params.payment_collection_id) {
    const { country, ...answer } = await plansForCollection(req.scope, params.payment_collection_id).catch((e) => {
      throw e instanceof MedusaError && e.type === MedusaError.Types.NOT_FOUND
        ? new MedusaError(MedusaError.Types.INVALID_DATA, e.message)
        : e
    })
    const { legalTexts } = await bnpl.getOptions()
    return res.json({ eligibility: { ...answer, legal: legalTextsFor(legalTexts, country ?? params.country_code) } })
  }
  const currency = params.currency_code!.toLowerCase()
  const options = await bnpl.getOptions()
  const legal = legalTextsFor(options.legalTexts, params.country_code)
  const unsupported = currencyProblem(options, currency)
  if (unsupported) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, unsupported)
  }
  // Anonymous and cheap to repeat: a capped number of service calls per request, per client (the
  // socket's address unless proxies are declared, never req.ip) and per process, and breakers
  // apart from the carts'.
  const ask = { surface: "product_page" as const, options, mayAsk: productPageBudget(req, options.trustedProxies) }
  const proxyWarning = forwardedForWarning(req, options.trustedProxies)
  if (proxyWarning) req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(proxyWarning)
  const amountText = (cents: number) => fromCents(cents, currency).toFixed(currencyExponent(currency))
  const productIds = params.product_id !== undefined ? [params.product_id] : (params.product_ids?.split(",") ?? [])
  const excluded = new Map<string, ExcludedProduct>(
    (await excludedAmongProducts(req.scope, productIds.map((id) => id.trim()).filter(Boolean), options.exclusions)).map(
      (p) => [p.product_id, p]
    )
  )
  const excludedAnswer = (product: ExcludedProduct, cents: number) => ({
    product_id: product.product_id,
    ...unavailableAnswer(cents, currency, "excluded_products", exclusionMessage([product])),
    excluded_products: [product],
  })
  if (params.amount !== undefined) {
    const cents = toCents(params.amount, currency)
    const product = excluded.get(params.product_id?.trim() ?? "")
    const eligibility = product ? excludedAnswer(product, cents) : await plansForAmount(req.scope, cents, currency, ask)
    return res.json({ eligibility: { ...eligibility, legal } })
  }
  // "19.9" and "19.90" are one amount: one answer (and at most one service call) each. An
  // excluded product's price is answered for that product alone, and not asked for it.
  const priced = splitAmounts(params.amounts!).map((a, i) => ({
    cents: toCents(a, currency),
    product: excluded.get(productIds[i]?.trim() ?? ""),
  }))
  const distinct = [...new Set(priced.filter((p) => !p.product).map((p) => p.cents))]
  const answers = await mapLimited(distinct, BATCH_CONCURRENCY, (cents) =>
    plansForAmount(req.scope, cents, currency, ask)
  )
  const seen = new Set<string>()
  const forExcluded = priced.flatMap(({ cents, product }) => {
    if (!product || seen.has(product.product_id)) return []
    seen.add(product.product_id)
    return [{ amount: amountText(cents), ...excludedAnswer(product, cents) }]
  })
  res.json({
    eligibilities: [
      ...answers.map((answer) => ({ amount: amountText(answer.purchase_amount), ...answer })),
      ...forExcluded,
    ],
    legal,
  })
}
