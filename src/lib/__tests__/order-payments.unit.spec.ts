import { bnplPaymentsOf, liveBnplPaymentOf, servicePaymentIdsOf } from "../order-payments"

const order = {
  payment_collections: [
    null,
    { payments: [{ id: "pay_other", provider_id: "pp_system_default", data: { bnpl_payment_id: "payment_x" } }] },
    {
      payments: [
        {
          id: "pay_old",
          provider_id: "pp_bnpl_bnpl",
          data: { bnpl_payment_id: "payment_old" },
          canceled_at: "2026-01-01",
        },
        null,
        { id: "pay_live", provider_id: "pp_bnpl_bnpl", data: { bnpl_payment_id: "payment_live" }, canceled_at: null },
        { id: "pay_empty", provider_id: "pp_bnpl_bnpl", data: {} },
      ],
    },
    { payments: null },
  ],
}

describe("an order's BNPL payments", () => {
  it("are the payments of this provider only", () => {
    expect(bnplPaymentsOf<{ id: string }>(order).map((p) => p.id)).toEqual(["pay_old", "pay_live", "pay_empty"])
  })

  it("the live one is the first not cancelled", () => {
    expect(liveBnplPaymentOf<{ id: string }>(order)?.id).toBe("pay_live")
    expect(liveBnplPaymentOf({ payment_collections: [] })).toBeUndefined()
    expect(liveBnplPaymentOf(undefined)).toBeUndefined()
  })

  it("their service payment ids include cancelled payments", () => {
    expect(servicePaymentIdsOf(order)).toEqual(["payment_old", "payment_live"])
  })
})
