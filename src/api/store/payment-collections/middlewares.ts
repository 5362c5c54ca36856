import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { ConfigModule } from "@medusajs/framework/types"
import { exclusionMessage } from "../../../lib/eligibility/exclusions"
import { allowedRedirectOrigins, redirectUrlProblem } from "../../../lib/settings/urls"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { BNPL_PROVIDER_ID as PROVIDER_ID } from "../../../lib/payment/provider-registration"
import { recordCheckoutSnapshot } from "../../../workflows/shipping/utils/checkout-snapshot"
import { excludedAmongProducts, excludedFromCart } from "../../../workflows/eligibility/utils/cart-exclusions"
import { orderHasShipped } from "../../../lib/shipping/checkout"
import { LINK_PAY_AT_SHIPMENT_FIELDS, payAtShipmentRefusal } from "../../../lib/payment/order-payments"
import { LINK_REFUSALS, linkRefusal } from "../../../lib/payment-links/state"
import { linkOfCollection } from "../../../workflows/payment-links/utils/links"
import { plansForCart } from "../../../workflows/eligibility/utils/plans"
import { fallbackLanguage } from "../../../workflows/payment/utils/customer-language"

// Medusa's own route creates the payment session; these run before it for this provider only.

// What a storefront may choose for a BNPL session; everything else is server-side.
const STOREFRONT_FIELDS = [
  "installments_count",
  "deferred_days",
  "deferred_months",
  "pay_at_shipment",
  "return_url",
  "customer_cancel_url",
]

/**
 * On `POST /store/payment-collections/:id/payment-sessions` for this provider: keep only the
 * fields a storefront may choose, and attach what the service must get about the checkout
 * (customer, addresses, items, shipping options) read from the server-side cart, or from the
 * order for an order's own collection (a payment link).
 */
export async function attachCheckoutSnapshot(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: string; data?: Record<string, unknown> } | undefined
  if (body?.provider_id !== PROVIDER_ID) {
    return next()
  }
  try {
    const data = body.data ?? {}
    const chosen = Object.fromEntries(Object.entries(data).filter(([k]) => STOREFRONT_FIELDS.includes(k)))
    // The merchant's shipping option overrides (settings) decide what each option is sent as.
    const { shippingMethodOverrides, exclusions } = await req.scope.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    // Products the merchant excluded: refused here with the storefront's reason (no service call).
    const owner = await collectionOwner(req, req.params.id)
    const excluded = owner.cartId
      ? await excludedFromCart(req.scope, owner.cartId, exclusions)
      : await excludedAmongProducts(req.scope, owner.orderProductIds, exclusions)
    if (excluded.length) {
      return next(new MedusaError(MedusaError.Types.NOT_ALLOWED, exclusionMessage(excluded)))
    }
    // The merchant cancelled the collection's instalment link, or it expired.
    const refused = owner.cartId ? undefined : linkRefusal(await linkOfCollection(req.scope, req.params.id), new Date())
    if (refused) {
      return next(new MedusaError(MedusaError.Types.NOT_ALLOWED, LINK_REFUSALS[refused]))
    }
    // An order's own collection: the schedule cannot wait for a shipment that has already left.
    if (!owner.cartId && owner.payAtShipmentRefusal && chosen.pay_at_shipment === true) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, owner.payAtShipmentRefusal))
    }
    // Kept server-side: the session (readable with the cart id) only carries its id.
    const checkout = await recordCheckoutSnapshot(req.scope, req.params.id, shippingMethodOverrides)
    // The cart's kept plans (fresh, or recomputed once here): the provider then needs no
    // eligibility call of its own for the chosen plan when the amount is the same.
    const cartId = checkout?.snapshot.cart_id
    const kept = cartId ? await plansForCart(req.scope, cartId) : undefined
    const kept_plans = kept?.service_available
      ? { purchase_amount: kept.purchase_amount, plans: kept.plans }
      : undefined
    // The customer's language for the service's page and e-mails when the cart has none it speaks.
    const fallback_locale = checkout
      ? await fallbackLanguage(req.scope, checkout.snapshot.locale, req.locale)
      : undefined
    body.data = {
      ...chosen,
      ...(checkout ? { checkout_id: checkout.id } : {}),
      ...(checkout?.snapshot.order_id ? { owed_order_id: checkout.snapshot.order_id } : {}),
      ...(kept_plans ? { kept_plans } : {}),
      ...(fallback_locale ? { fallback_locale } : {}),
    }
    next()
  } catch (e) {
    next(e)
  }
}

/**
 * Who a payment collection is for: a cart (a checkout), or an order's own collection (no cart:
 * what the order owes), with what the order's checks need.
 */
async function collectionOwner(req: MedusaRequest, collectionId: string) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: [
      "cart.id",
      "order.id",
      "order.display_id",
      "order.items.product_id",
      ...LINK_PAY_AT_SHIPMENT_FIELDS.map((f) => `order.${f}`),
    ],
    filters: { id: collectionId },
  })
  const row = data[0] as any
  const order = row?.cart?.id ? undefined : row?.order
  return {
    cartId: row?.cart?.id as string | undefined,
    orderProductIds: ((order?.items ?? []) as any[]).map((i) => i?.product_id).filter((id): id is string => !!id),
    payAtShipmentRefusal: order ? payAtShipmentRefusal(order, orderHasShipped(order)) : undefined,
  }
}

/**
 * The hosted page sends the customer to `data.return_url` / `data.customer_cancel_url`: only
 * to the storefront's own origins (the returnUrl option's, the store's CORS origins), never an
 * open redirect. 400 with the reason otherwise.
 */
export async function checkStorefrontUrls(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: string; data?: Record<string, unknown> } | undefined
  const given = (["return_url", "customer_cancel_url"] as const).filter((f) => body?.data?.[f] !== undefined)
  if (body?.provider_id !== PROVIDER_ID || !given.length) {
    return next()
  }
  try {
    const options = await req.scope.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    const config = req.scope.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    const allowed = allowedRedirectOrigins({
      storeCors: config.projectConfig.http.storeCors,
      returnUrl: options.returnUrl,
      cancelUrl: options.cancelUrl,
    })
    const problem = given.map((f) => redirectUrlProblem(f, body.data![f], allowed)).find(Boolean)
    next(problem ? new MedusaError(MedusaError.Types.INVALID_DATA, problem) : undefined)
  } catch (e) {
    next(e)
  }
}
