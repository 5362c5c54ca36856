import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { paymentOutcome } from "../payment-outcome"

describe("paymentOutcome: whether the customer's return may complete the cart", () => {
  it.each([
    [PaymentSessionStatus.CAPTURED, "open", "accepted"],
    [PaymentSessionStatus.AUTHORIZED, undefined, "accepted"],
    [PaymentSessionStatus.PENDING_AUTHORIZATION, "open", "in_review"],
    [PaymentSessionStatus.ERROR, "open", "refused"],
    [PaymentSessionStatus.CANCELED, "open", "abandoned"],
    // Not submitted: the customer left the hosted page.
    [PaymentSessionStatus.PENDING, "open", "abandoned"],
    // Settled by the job (refunded, to settle...) while the customer was away: never an order.
    [PaymentSessionStatus.CAPTURED, "refunded", "abandoned"],
    [PaymentSessionStatus.CAPTURED, "to_settle", "abandoned"],
    [PaymentSessionStatus.CAPTURED, "ordered", "accepted"],
  ] as const)("%s with a ledger row %s → %s", (status, ledger, outcome) => {
    expect(paymentOutcome(status, ledger)).toBe(outcome)
  })
})
