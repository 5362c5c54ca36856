import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { cartCountries } from "../../../lib/eligibility/cart-countries"
import { unavailableAnswer, type PlansAnswer } from "../../../lib/eligibility/eligibility-answer"
import { exclusionMessage } from "../../../lib/eligibility/exclusions"
import { toCents } from "../../../lib/money/money"
import { LINK_REFUSALS, linkRefusal, PAYABLE_COLLECTION } from "../../../lib/payment-links/state"
import { orderHasShipped } from "../../../lib/shipping/checkout"
import { LINK_PAY_AT_SHIPMENT_FIELDS, payAtShipmentRefusal } from "../../../lib/payment/order-payments"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { excludedAmongProducts } from "./cart-exclusions"
import { plansForAmount, plansForCart } from "./plans"

const FIELDS = [
  "id",
  "amount",
  "currency_code",
  "status",
  "cart.id",
  "order.id",
  "order.display_id",
  "order.shipping_address.country_code",
  "order.billing_address.country_code",
  "order.items.product_id",
  ...LINK_PAY_AT_SHIPMENT_FIELDS.map((f) => `order.${f}`),
]

/** What a payment link's page shows beside the plans: the order that owes the amount. */
export type CollectionPlans = PlansAnswer & {
  country?: string
  payment_collection_id: string
  order?: { id: string; display_id?: number; shipped: boolean }
}

/**
 * The plans for a payment collection: a cart's (its checkout: as for the cart), or an order's
 * own (a payment link: what the order still owes) for its amount, in the order's country, with
 * the merchant's excluded products refused and pay at shipment left out once the order has
 * shipped. A collection already paid, or whose payment link the merchant cancelled or let
 * expire, answers no plan, with the reason. Unknown: NOT_FOUND.
 */
export async function plansForCollection(
  container: MedusaContainer,
  collectionId: string,
  /** The merchant's view (the admin's link card): the plans whatever the state of the link. */
  { merchant = false }: { merchant?: boolean } = {}
): Promise<CollectionPlans> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_collection", fields: FIELDS, filters: { id: collectionId } })
  const collection = data[0] as any
  if (!collection) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Unknown payment_collection_id "${collectionId}"`)
  }
  if (collection.cart?.id) {
    return { ...(await plansForCart(container, collection.cart.id)), payment_collection_id: collection.id }
  }
  const currency = String(collection.currency_code).toLowerCase()
  const cents = toCents(collection.amount, currency)
  const order = collection.order
  const countries = order ? cartCountries(order) : {}
  const about = {
    payment_collection_id: collection.id as string,
    ...((countries.shipping ?? countries.billing) ? { country: countries.shipping ?? countries.billing } : {}),
    ...(order
      ? {
          order: { id: order.id as string, display_id: order.display_id ?? undefined, shipped: orderHasShipped(order) },
        }
      : {}),
  }
  if (!PAYABLE_COLLECTION.has(collection.status)) {
    return {
      ...unavailableAnswer(cents, currency, "nothing_owed", "This payment has already been made"),
      ...about,
    }
  }
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  // The merchant's link of this collection, cancelled or expired: no instalment payment on it.
  const [link] = merchant ? [] : await bnpl.listBnplPaymentLinks({ payment_collection_id: collection.id })
  const refused = linkRefusal(link, new Date())
  if (refused) {
    return { ...unavailableAnswer(cents, currency, refused, LINK_REFUSALS[refused]), ...about }
  }
  const options = await bnpl.getOptions()
  const productIds = ((order?.items ?? []) as any[]).map((i) => i?.product_id).filter((id): id is string => !!id)
  const excluded = await excludedAmongProducts(container, productIds, options.exclusions)
  if (excluded.length) {
    return {
      ...unavailableAnswer(cents, currency, "excluded_products", exclusionMessage(excluded)),
      excluded_products: excluded,
      ...about,
    }
  }
  const answer = await plansForAmount(container, cents, currency, {
    surface: "cart",
    options,
    ...(options.eligibilityApi === "v2" ? { countries } : {}),
  })
  // Pay at shipment starts the schedule when the goods leave: not offered once they have, nor
  // beside another instalment payment of the order (payAtShipmentRefusal says why).
  const plans = payAtShipmentRefusal(order, about.order?.shipped ?? false)
    ? answer.plans.filter((p) => !p.pay_at_shipment)
    : answer.plans
  return { ...answer, plans, ...about }
}
