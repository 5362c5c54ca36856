import { PaymentActions } from "@medusajs/framework/utils"
import {
  isAcceptedAction,
  isEndedAction,
  isPaymentId,
  notificationUrl,
  OUTCOME_BY_LEDGER_STATUS,
  sessionMatches,
  settleDue,
  tokenAccepted,
} from "../notification"

describe("isPaymentId", () => {
  it("accepts the service's ids", () => {
    expect(isPaymentId("payment_abc-DEF_123")).toBe(true)
    expect(isPaymentId("a".repeat(100))).toBe(true)
  })

  it.each([
    [""],
    ["a".repeat(101)],
    ["payment abc"],
    ["payment_1;drop"],
    ["payment_1\n"],
    [["payment_1"]],
    [undefined],
    [42],
  ])("refuses %j", (value) => {
    expect(isPaymentId(value)).toBe(false)
  })
})

describe("notificationUrl", () => {
  it("is the plugin's route with the store's token", () => {
    expect(notificationUrl("https://medusa.example", "abc")).toBe(
      "https://medusa.example/hooks/bnpl/notification?token=abc"
    )
  })

  it("is the bare route without a token (what Verify shows)", () => {
    expect(notificationUrl("https://medusa.example")).toBe("https://medusa.example/hooks/bnpl/notification")
  })
})

describe("tokenAccepted", () => {
  it("needs one of the tokens accepted for the payment when its URL carried one", () => {
    expect(tokenAccepted({ token_in_url: true }, "abc", ["abc"])).toBe(true)
    expect(tokenAccepted({ token_in_url: true }, "old", ["new", "old"])).toBe(true)
    expect(tokenAccepted({ token_in_url: true }, "abd", ["abc", "old"])).toBe(false)
    expect(tokenAccepted({ token_in_url: true }, undefined, ["abc"])).toBe(false)
    expect(tokenAccepted({ token_in_url: true }, "abc", [])).toBe(false)
  })

  it("accepts a payment made before the upgrade without it", () => {
    expect(tokenAccepted({ token_in_url: false }, undefined, ["abc"])).toBe(true)
  })
})

describe("actions", () => {
  it("accepted: successful and authorized; ended: canceled and failed", () => {
    const all = Object.values(PaymentActions)
    expect(all.filter(isAcceptedAction).sort()).toEqual([PaymentActions.AUTHORIZED, PaymentActions.SUCCESSFUL].sort())
    expect(all.filter(isEndedAction).sort()).toEqual([PaymentActions.CANCELED, PaymentActions.FAILED].sort())
  })
})

describe("OUTCOME_BY_LEDGER_STATUS", () => {
  it("answers at once for settled, ordered and given-up payments, settles the ones to settle, lets open ones through", () => {
    expect(OUTCOME_BY_LEDGER_STATUS.cancelled).toEqual({
      kind: "answer",
      result: "settled",
      message: "settled without an order (cancelled)",
    })
    expect(OUTCOME_BY_LEDGER_STATUS.refunded).toEqual({
      kind: "answer",
      result: "settled",
      message: "settled without an order (refunded)",
    })
    expect(OUTCOME_BY_LEDGER_STATUS.ordered).toEqual({
      kind: "answer",
      result: "processed",
      message: "the order was placed",
    })
    expect(OUTCOME_BY_LEDGER_STATUS.to_settle).toEqual({ kind: "settle" })
    // Settling it failed: the merchant's ("Try again"), never attempted from a notification.
    expect(OUTCOME_BY_LEDGER_STATUS.failed).toEqual({
      kind: "answer",
      result: "ignored",
      message: "settling it failed: left to the merchant (payments without an order)",
    })
    expect(OUTCOME_BY_LEDGER_STATUS.open).toBeUndefined()
  })
})

describe("settleDue", () => {
  const now = new Date("2026-12-01T12:00:00Z")

  it("is due with no attempt planned, or once the planned one has come", () => {
    expect(settleDue({ next_attempt_at: null }, now)).toBe(true)
    expect(settleDue({ next_attempt_at: now }, now)).toBe(true)
    expect(settleDue({ next_attempt_at: new Date(now.getTime() - 1) }, now)).toBe(true)
  })

  it("is not due during the backoff (or the claimant's turn), however often it is asked", () => {
    expect(settleDue({ next_attempt_at: new Date(now.getTime() + 1) }, now)).toBe(false)
    expect(settleDue({ next_attempt_at: "2026-12-01T12:05:00Z" }, now)).toBe(false)
  })
})

describe("sessionMatches", () => {
  const session = {
    provider_id: "pp_bnpl_bnpl",
    amount: 100.5,
    currency_code: "eur",
    data: { bnpl_payment_id: "payment_1" },
  }

  it("is this provider's session for this payment and amount (in cents)", () => {
    expect(sessionMatches(session, "payment_1", 100.5)).toBe(true)
    expect(sessionMatches(session, "payment_1", "100.50")).toBe(true)
  })

  it("refuses another provider, another payment or another amount", () => {
    expect(sessionMatches({ ...session, provider_id: "pp_system_default" }, "payment_1", 100.5)).toBe(false)
    expect(sessionMatches(session, "payment_2", 100.5)).toBe(false)
    expect(sessionMatches(session, "payment_1", 100.51)).toBe(false)
    expect(sessionMatches({ ...session, data: null }, "payment_1", 100.5)).toBe(false)
  })
})
