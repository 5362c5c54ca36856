import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { Payment, PaymentState } from "../../../client"
import { isAcceptedState, statusOf, webhookActionOf } from "../status"

const payment = (state: PaymentState, extra: Partial<Payment> = {}): Payment => ({
  id: "payment_1",
  url: "https://pay.example/1",
  state,
  purchase_amount: 10_000,
  installments_count: 3,
  payment_plan: [],
  refunds: [],
  ...extra,
})

describe("statusOf", () => {
  it.each([
    ["in_progress", false, PaymentSessionStatus.AUTHORIZED],
    ["paid", false, PaymentSessionStatus.AUTHORIZED],
    ["in_progress", true, PaymentSessionStatus.CAPTURED],
    ["paid", true, PaymentSessionStatus.CAPTURED],
  ] as const)("an accepted payment (%s, autoCapture %s) is %s", (state, autoCapture, status) => {
    expect(statusOf(payment(state), 10_000, autoCapture)).toEqual({ status })
  })

  it.each([1_000, 10_000])(
    "a payment with %s cents refunded is never authorized: it was given back before any order held it",
    (refunded) => {
      const verdict = statusOf(payment("paid", { refunds: [{ id: "r", created: 0, amount: refunded }] }), 10_000, true)
      expect(verdict.status).toBe(PaymentSessionStatus.CANCELED)
      expect(verdict.reason).toBe(`the payment was refunded (${refunded} of 10000 cents): it cannot become an order`)
    }
  )

  it("an accepted payment for another amount than the session's is an error, never authorized", () => {
    const verdict = statusOf(payment("paid", { purchase_amount: 9_999 }), 10_000, true)
    expect(verdict.status).toBe(PaymentSessionStatus.ERROR)
    expect(verdict.reason).toBe("amount mismatch: the service accepted 9999 cents, the session expects 10000")
  })

  it("an expired page ends the payment whatever its last state (accepted excepted)", () => {
    for (const state of ["not_started", "scored_yes", "scored_maybe", "scored_no", "stopped"] as const) {
      expect(statusOf(payment(state, { expired_at: 1 }), 10_000, false)).toEqual({
        status: PaymentSessionStatus.CANCELED,
        reason: "the payment was cancelled or expired",
      })
    }
    expect(statusOf(payment("paid", { expired_at: 1 }), 10_000, false).status).toBe(PaymentSessionStatus.AUTHORIZED)
  })

  it.each([
    ["stopped", PaymentSessionStatus.CANCELED, "the service stopped the payment"],
    ["scored_maybe", PaymentSessionStatus.PENDING_AUTHORIZATION, undefined],
    ["scored_yes", PaymentSessionStatus.PENDING_AUTHORIZATION, undefined],
    ["scored_no", PaymentSessionStatus.ERROR, "the service refused the payment"],
    ["not_started", PaymentSessionStatus.PENDING, "the payment is not accepted yet (state not_started)"],
    ["late_dunning", PaymentSessionStatus.PENDING, "the payment is not accepted yet (state late_dunning)"],
  ] as const)("%s is %s", (state, status, reason) => {
    expect(statusOf(payment(state), 10_000, false)).toEqual(reason ? { status, reason } : { status })
  })
})

describe("webhookActionOf", () => {
  it.each([
    [PaymentSessionStatus.CAPTURED, PaymentActions.SUCCESSFUL],
    [PaymentSessionStatus.AUTHORIZED, PaymentActions.AUTHORIZED],
    [PaymentSessionStatus.CANCELED, PaymentActions.CANCELED],
    [PaymentSessionStatus.ERROR, PaymentActions.FAILED],
    [PaymentSessionStatus.PENDING, PaymentActions.PENDING],
    [PaymentSessionStatus.PENDING_AUTHORIZATION, PaymentActions.PENDING],
    [PaymentSessionStatus.REQUIRES_MORE, PaymentActions.PENDING],
  ])("%s → %s", (status, action) => {
    expect(webhookActionOf(status)).toBe(action)
  })
})

describe("isAcceptedState", () => {
  it("is in_progress and paid only", () => {
    expect(["in_progress", "paid"].every(isAcceptedState)).toBe(true)
    expect(["scored_yes", "stopped", "collection_done", ""].some(isAcceptedState)).toBe(false)
  })
})
