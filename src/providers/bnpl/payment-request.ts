import { MedusaError } from "@medusajs/framework/utils"
import type { CreatePaymentInput, EligibilityResult, Payment, Plan } from "../../client"
import { normalizePlan, planLabel, planProblem, samePlan, servicePlan } from "../../lib/eligibility/plans"
import { deferredDescription } from "../../lib/payment/pay-at-shipment"
import type { Mode } from "../../lib/settings/mode"
import { customerLanguage } from "../../lib/payment/customer-language"
import { PAYMENT_EXPIRY_MINUTES } from "./constants"
import type { BnplSessionData, CheckoutSnapshot } from "./types"

/**
 * The create-payment request and the session data, built from what the storefront chose, the
 * server-side checkout snapshot and the store's options. Pure: the provider does the calls.
 */

/** The plan the storefront chose (3 instalments when it named none), if this store offers it. */
export function chosenPlan(data: BnplSessionData, offered: Plan[]): Plan {
  const plan = {
    installments_count: data.installments_count ?? 3,
    deferred_days: data.deferred_days,
    deferred_months: data.deferred_months,
    ...(data.pay_at_shipment !== undefined ? { pay_at_shipment: data.pay_at_shipment as true } : {}),
  }
  const problem = planProblem(plan)
  if (problem) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid instalment plan in data: ${problem}`)
  }
  const normalized = normalizePlan(plan)
  if (!offered.some((p) => samePlan(p, normalized))) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The plan "${planLabel(normalized)}" is not offered by this store (offered: ${offered.map(planLabel).join(", ")})`
    )
  }
  return normalized
}

/** The cart's plans the store route just read (fresh) answer for this amount: no second call. */
export function keptAnswer(data: BnplSessionData, plan: Plan, cents: number): EligibilityResult | undefined {
  return data.kept_plans?.purchase_amount === cents ? data.kept_plans.plans.find((p) => samePlan(p, plan)) : undefined
}

/** The storefront page the customer comes back to: the session's, else the returnUrl option. */
export function returnUrlOf(data: BnplSessionData, optionReturnUrl: string | undefined): string {
  const returnUrl = data.return_url ?? optionReturnUrl
  if (!returnUrl) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "A return_url is required: pass data.return_url (the storefront page the customer comes back to) or set the returnUrl option"
    )
  }
  return returnUrl
}

export type PaymentRequestInput = {
  data: BnplSessionData
  plan: Plan
  cents: number
  currency: string
  checkout: CheckoutSnapshot
  returnUrl: string
  cancelUrl?: string
  notificationUrl: string
}

/** What the service is asked to create: the amount, plan, URLs and the checkout's details. */
export function paymentRequest(input: PaymentRequestInput): CreatePaymentInput {
  const { data, plan, cents, currency, checkout, returnUrl } = input
  const locale = customerLanguage(checkout.locale, data.fallback_locale)
  return {
    payment: {
      purchase_amount: cents,
      ...servicePlan(plan),
      // Pay at shipment: the schedule starts when the shop triggers it (the order ships).
      ...(plan.pay_at_shipment
        ? { deferred: "trigger" as const, deferred_description: deferredDescription(locale) }
        : {}),
      return_url: returnUrl,
      customer_cancel_url: data.customer_cancel_url ?? input.cancelUrl ?? returnUrl,
      ipn_callback_url: input.notificationUrl,
      origin: "online",
      // A payment whose session was deleted while the service was down cannot stay payable.
      expires_after: PAYMENT_EXPIRY_MINUTES,
      locale,
      custom_data: {
        session_id: data.session_id,
        cart_id: checkout.cart_id,
        ...(checkout.order_id ? { order_id: checkout.order_id } : {}),
        currency_code: currency,
      },
      billing_address: checkout.billing_address,
      shipping_address: checkout.shipping_address,
      shipping_info: checkout.shipping_info,
      cart: checkout.items ? { items: checkout.items } : undefined,
    },
    customer: checkout.customer,
  }
}

/** The session's data once the service made the payment. Visible to the storefront. */
export function sessionData(
  input: BnplSessionData,
  plan: Plan,
  cents: number,
  currency: string,
  payment: Payment,
  mode: Mode
): BnplSessionData {
  // The storefront can read session data: never the customer's details (see checkout_id).
  const { checkout: _serverSide, ...kept } = input
  return {
    ...kept,
    // Medusa merges this over the data it was given: undefined drops the kept plans from the
    // stored session (they were for this choice only).
    kept_plans: undefined,
    ...plan,
    bnpl_payment_id: payment.id,
    mode,
    url: payment.url,
    purchase_amount: cents,
    currency_code: currency,
    state: payment.state,
    payment_plan: payment.payment_plan,
  }
}
