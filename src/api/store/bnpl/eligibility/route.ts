import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../../../../modules/bnpl"
import type BnplModuleService from "../../../../modules/bnpl/service"
import { plansForAmount, plansForCart } from "../../../../utils/cart-eligibility"
import { toCents } from "../../../../utils/money"
import { currencyProblem } from "../../../../utils/options"
import type { StoreEligibilityQuery } from "./validators"

/**
 * `GET /store/bnpl/eligibility?cart_id=...` → the plans for a cart (recomputed only when the
 * kept answer is stale); `?amount=<major units>&currency_code=eur` → the plans for an amount.
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
  const eligibility = await plansForAmount(req.scope, toCents(params.amount!, currency), currency, options)
  res.json({ eligibility })
}
