import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../../../../modules/bnpl"
import type BnplModuleService from "../../../../modules/bnpl/service"
import { plansForAmount, plansForCart } from "../../../../workflows/eligibility/plans"
import { productPageBudget } from "../../../../workflows/eligibility/product-page"
import { fromCents, currencyExponent, toCents } from "../../../../lib/money"
import { currencyProblem } from "../../../../modules/bnpl/settings"
import { mapLimited, splitAmounts } from "./helpers"
import type { StoreEligibilityQuery } from "./validators"

// Distinct amounts of one batch asked at the same time (each is one service call when cold).
const BATCH_CONCURRENCY = 6

/**
 * `GET /store/bnpl/eligibility?cart_id=...` → the plans for a cart (recomputed only when the
 * kept answer is stale); `?amount=<major units>&currency_code=eur` → the plans for an amount;
 * `?amounts=19.90,129.90&currency_code=eur` → the plans for each distinct amount, in one answer.
 * Amounts are validated (see validators.ts) before anything is asked.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = req.validatedQuery as StoreEligibilityQuery
  if (params.cart_id) {
    try {
      const eligibility = await plansForCart(req.scope, params.cart_id)
      return res.json({ eligibility })
    } catch (e) {
      if (e instanceof MedusaError && e.type === MedusaError.Types.NOT_FOUND) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `Unknown cart_id "${params.cart_id}"`)
      }
      throw e
    }
  }
  const currency = params.currency_code!.toLowerCase()
  const options = await req.scope.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
  const unsupported = currencyProblem(options, currency)
  if (unsupported) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, unsupported)
  }
  // Anonymous and cheap to repeat: a capped number of service calls per request and per client,
  // and breakers apart from the carts'.
  const ask = { surface: "product_page" as const, options, mayAsk: productPageBudget(req.ip) }
  if (params.amount !== undefined) {
    const eligibility = await plansForAmount(req.scope, toCents(params.amount, currency), currency, ask)
    return res.json({ eligibility })
  }
  // "19.9" and "19.90" are one amount: one answer (and at most one service call) each.
  const distinct = [...new Set(splitAmounts(params.amounts!).map((a) => toCents(a, currency)))]
  const answers = await mapLimited(distinct, BATCH_CONCURRENCY, (cents) =>
    plansForAmount(req.scope, cents, currency, ask)
  )
  res.json({
    eligibilities: answers.map((answer) => ({
      amount: fromCents(answer.purchase_amount, currency).toFixed(currencyExponent(currency)),
      ...answer,
    })),
  })
}
