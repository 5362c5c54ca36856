import { PaymentSessionStatus } from "@medusajs/framework/utils"

/**
 * What the customer's return from the hosted page means for the cart, before anyone completes
 * it. Completing a cart whose payment cannot be authorized still creates (then drops) an order,
 * and its order number is lost: accountants read the gap as a lost order. So the storefront
 * completes only `accepted` and `in_review` (and a cart already `ordered`); `refused` and
 * `abandoned` go back to the cart with the message; `unknown` (the service did not answer)
 * completes as before, the provider's own check deciding.
 */
export type PaymentOutcome = "ordered" | "accepted" | "in_review" | "refused" | "abandoned" | "unknown"

const BY_STATUS: Partial<Record<PaymentSessionStatus, PaymentOutcome>> = {
  [PaymentSessionStatus.CAPTURED]: "accepted",
  [PaymentSessionStatus.AUTHORIZED]: "accepted",
  [PaymentSessionStatus.PENDING_AUTHORIZATION]: "in_review",
  [PaymentSessionStatus.ERROR]: "refused",
  [PaymentSessionStatus.CANCELED]: "abandoned",
  // Not submitted: the customer left the hosted page (its cancel link, the back button).
  [PaymentSessionStatus.PENDING]: "abandoned",
}

/**
 * The outcome of a payment from the provider's verdict on the service's answer (`statusOf`)
 * and its ledger row: a payment the ledger already sends to settling (or settled) never
 * becomes an order, whatever the service says now (the provider's claim would refuse it).
 */
export function paymentOutcome(status: PaymentSessionStatus, ledger: string | undefined): PaymentOutcome {
  if (ledger && !["open", "authorized", "ordered"].includes(ledger)) return "abandoned"
  return BY_STATUS[status] ?? "abandoned"
}
