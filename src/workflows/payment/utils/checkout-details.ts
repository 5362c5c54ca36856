import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { CART_FIELDS, type CheckoutSnapshot } from "../../../lib/shipping/checkout"
import { checkoutDetailsHash } from "../../../lib/shipping/checkout-details"
import { BNPL_PROVIDER_ID } from "../../../lib/payment/provider-registration"
import type { PlansAnswer } from "../../../lib/eligibility/eligibility"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { checkoutDetailsOfCart, recordCheckoutSnapshot } from "../../shipping/utils/checkout-snapshot"

export type DetailsRefresh = "no_payment" | "total_changed" | "unchanged" | "refreshed"

const SESSION_FIELDS = [
  "payment_collection.id",
  "payment_collection.raw_amount",
  "payment_collection.currency_code",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.status",
  "payment_collection.payment_sessions.amount",
  "payment_collection.payment_sessions.currency_code",
  "payment_collection.payment_sessions.data",
]

/**
 * A cart edit that keeps the total keeps Medusa's payment session (Medusa 2.21 deletes sessions
 * only when the total or currency changes, and never asks the provider to update one): the
 * service would keep the customer, addresses and items the payment was made with. When those
 * changed, the session is given a new payment with the cart's details (the provider's
 * `updatePayment`, which ends the old one); when they did not, nothing is called or written.
 *
 * Cost on the cart's hot path: one indexed query of the ledger for a cart without an open
 * instalment payment (nearly all); for one with, a cart read and the stored snapshot.
 */
export async function refreshCheckoutDetails(
  container: MedusaContainer,
  cartId: string,
  plans?: PlansAnswer
): Promise<DetailsRefresh> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const [open] = await bnpl.listBnplPayments(
    { cart_id: cartId, status: "open" },
    { select: ["bnpl_payment_id", "session_id", "checkout_id"], order: { created_at: "DESC" }, take: 1 }
  )
  if (!open?.checkout_id) {
    return "no_payment"
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["raw_total", ...CART_FIELDS, ...SESSION_FIELDS],
    filters: { id: cartId },
  })
  const cart = data[0] as any
  const collection = cart?.payment_collection
  const session = collection?.payment_sessions?.find(
    (s: any) => s.id === open.session_id && s.provider_id === BNPL_PROVIDER_ID && s.status === "pending"
  )
  if (!session || session.data?.bnpl_payment_id !== open.bnpl_payment_id) {
    return "no_payment"
  }
  // A new total: Medusa deletes the session right after this hook, and its payment ends then.
  if (!MathBN.eq(collection.raw_amount, cart.raw_total) || collection.currency_code !== cart.currency_code) {
    return "total_changed"
  }
  const { shippingMethodOverrides } = await bnpl.getOptions()
  const [now, sent] = await Promise.all([
    checkoutDetailsOfCart(container, cart, shippingMethodOverrides),
    bnpl.listBnplCheckoutSnapshots({ id: open.checkout_id }, { select: ["snapshot"] }),
  ])
  const sentSnapshot = sent[0]?.snapshot as CheckoutSnapshot | undefined
  if (!sentSnapshot || checkoutDetailsHash(sentSnapshot) === checkoutDetailsHash(now)) {
    // Unknown (its data already forgotten) is left as it is: no payment is replaced on a guess.
    return "unchanged"
  }
  const checkout = await recordCheckoutSnapshot(container, collection.id, shippingMethodOverrides)
  if (!checkout) {
    return "no_payment"
  }
  const kept_plans = plans?.service_available
    ? { purchase_amount: plans.purchase_amount, plans: plans.plans }
    : undefined
  await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentSession({
    id: session.id,
    amount: session.amount,
    currency_code: session.currency_code,
    data: { ...session.data, checkout_id: checkout.id, ...(kept_plans ? { kept_plans } : {}) },
  })
  return "refreshed"
}
