import {
  defineMiddlewares,
  validateAndTransformQuery,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { StoreEligibilityQuery } from "./store/bnpl/eligibility/validators"
import { buildCheckoutSnapshot } from "../utils/checkout-snapshot"
import { PROVIDER_ID } from "../utils/notification"

// What a storefront may choose for a BNPL session; everything else is server-side.
const STOREFRONT_FIELDS = ["installments_count", "deferred_days", "deferred_months", "return_url", "customer_cancel_url"]

/**
 * On `POST /store/payment-collections/:id/payment-sessions` for this provider: keep only the
 * fields a storefront may choose, and attach what the service must get about the checkout
 * (customer, addresses, items, shipping options) read from the server-side cart.
 */
async function attachCheckoutSnapshot(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: string; data?: Record<string, unknown> } | undefined
  if (body?.provider_id !== PROVIDER_ID) {
    return next()
  }
  try {
    const data = body.data ?? {}
    const chosen = Object.fromEntries(Object.entries(data).filter(([k]) => STOREFRONT_FIELDS.includes(k)))
    const checkout = await buildCheckoutSnapshot(req.scope, req.params.id)
    body.data = { ...chosen, ...(checkout ? { checkout } : {}) }
    next()
  } catch (e) {
    next(e)
  }
}

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/bnpl/eligibility",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StoreEligibilityQuery, {})],
    },
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [attachCheckoutSnapshot],
    },
  ],
})
