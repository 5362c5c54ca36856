import { MedusaError } from "@medusajs/framework/utils"
import type { Payment, Plan } from "../../client"
import { describeOutside, splitByBounds } from "../../lib/eligibility/plan-bounds"
import { servicePlan } from "../../lib/eligibility/plans"
import { notificationUrl } from "../../lib/payment/notification"
import { tokenForUrl } from "../../lib/payment/notification-token"
import { recordPayment } from "../../modules/bnpl/ledger"
import { notificationToken } from "../../modules/bnpl/notification-secret"
import { readCheckoutSnapshot } from "../../modules/bnpl/checkout-snapshot-reader"
import type { BnplSessionData, CheckoutSnapshot } from "./types"
import type { Operation } from "./operation"
import { describeIneligibility, planUnavailable } from "./errors"
import { keptAnswer, paymentRequest, returnUrlOf } from "./payment-request"
import { cancelQuietly } from "./ending"

/**
 * A new payment at the service, for the operation's account: the plan checked (the merchant's
 * bounds, then the service's eligibility, kept or asked), created, then recorded in the ledger
 * before the customer can see its page.
 */
export async function createServicePayment(
  op: Operation,
  data: BnplSessionData,
  plan: Plan,
  cents: number,
  currency: string
): Promise<Payment> {
  await checkPlanFor(op, data, plan, cents, currency)
  const returnUrl = returnUrlOf(data, op.options.returnUrl)
  // Kept server-side (bnpl_checkout_snapshot): the session only names it.
  const checkout: CheckoutSnapshot = data.checkout ?? (await readCheckoutSnapshot(op.knex, data.checkout_id)) ?? {}
  const { token } = await notificationToken(op.knex, op.mode)
  const payment = await op.client().createPayment(
    paymentRequest({
      data,
      plan,
      cents,
      currency,
      checkout,
      returnUrl,
      cancelUrl: op.options.cancelUrl,
      notificationUrl: notificationUrl(op.options.backendUrl, tokenForUrl(op.options, token)),
    })
  )
  await record(op, payment, data, plan, checkout, cents, currency)
  return payment
}

/** The merchant's bounds, then the service's eligibility (kept or asked) for this amount. */
async function checkPlanFor(op: Operation, data: BnplSessionData, plan: Plan, cents: number, currency: string) {
  // The merchant's own bounds first: a plan outside them is refused without a service call.
  // (A cart holding an excluded product is refused by the store route before it gets here.)
  const [outside] = splitByBounds([plan], op.options.planBounds, cents, currency).outside
  if (outside) {
    throw planUnavailable(plan, cents, currency, describeOutside(outside, currency))
  }
  const result =
    keptAnswer(data, plan, cents) ??
    (await op.client().checkEligibility({ purchase_amount: cents, ...servicePlan(plan) }))
  if (!result.eligible) {
    throw planUnavailable(plan, cents, currency, describeIneligibility(result, currency))
  }
}

/**
 * Recorded before the customer can see the page: a notification for it is then recognised
 * without calling the service, and the job can end it if no order ever holds it.
 */
async function record(
  op: Operation,
  payment: Payment,
  data: BnplSessionData,
  plan: Plan,
  checkout: CheckoutSnapshot,
  cents: number,
  currency: string
) {
  try {
    await recordPayment(op.knex, {
      bnpl_payment_id: payment.id,
      session_id: data.session_id ?? "",
      cart_id: checkout.cart_id ?? null,
      checkout_id: data.checkout_id ?? null,
      purchase_amount: cents,
      currency_code: currency,
      mode: op.mode,
      pay_at_shipment: !!plan.pay_at_shipment,
    })
  } catch (e) {
    await cancelQuietly(op, payment.id)
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The instalment payment could not be recorded (${(e as Error).message}); try again`
    )
  }
}
