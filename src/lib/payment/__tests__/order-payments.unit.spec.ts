import {
  bnplPaymentsOf,
  earlierBnplPayments,
  liveBnplPaymentOf,
  payAtShipmentRefusal,
  servicePaymentIdsOf,
} from "../order-payments"

const order = {
  payment_collections: [
    null,
    { payments: [{ id: "pay_other", provider_id: "pp_system_default", data: { bnpl_payment_id: "payment_x" } }] },
    {
      payments: [
        { id: "pay_empty", provider_id: "pp_bnpl_bnpl", data: {}, created_at: "2026-01-01T00:00:00Z" },
        {
          id: "pay_old",
          provider_id: "pp_bnpl_bnpl",
          data: { bnpl_payment_id: "payment_old" },
          canceled_at: "2026-01-01",
          created_at: "2026-01-02T00:00:00Z",
        },
        null,
        {
          id: "pay_live",
          provider_id: "pp_bnpl_bnpl",
          data: { bnpl_payment_id: "payment_live" },
          canceled_at: null,
          created_at: "2026-01-03T00:00:00Z",
        },
      ],
    },
    { payments: null },
  ],
}

describe("an order's BNPL payments", () => {
  it("are the payments of this provider only, oldest first", () => {
    expect(bnplPaymentsOf<{ id: string }>(order).map((p) => p.id)).toEqual(["pay_empty", "pay_old", "pay_live"])
  })

  it("the live one is the latest not cancelled, whatever order the graph gives them in", () => {
    expect(liveBnplPaymentOf<{ id: string }>(order)?.id).toBe("pay_live")
    const reversed = { payment_collections: [{ payments: [...order.payment_collections[2]!.payments!].reverse() }] }
    expect(liveBnplPaymentOf<{ id: string }>(reversed)?.id).toBe("pay_live")
    expect(liveBnplPaymentOf({ payment_collections: [] })).toBeUndefined()
    expect(liveBnplPaymentOf(undefined)).toBeUndefined()
  })

  it("a later payment of what the order owes (a payment link, its snapshot read from the order) is not the one it was placed with", () => {
    const bnpl = (id: string, data: Record<string, unknown>, created_at: string) => ({
      id,
      provider_id: "pp_bnpl_bnpl",
      data: { bnpl_payment_id: `payment_${id}`, ...data },
      canceled_at: null,
      created_at,
    })
    const placed = bnpl("placed", { checkout_id: "bnplchk_1" }, "2026-01-01T00:00:00Z")
    const owed = bnpl("owed", { checkout_id: "bnplchk_2", owed_order_id: "order_1" }, "2026-01-02T00:00:00Z")
    const both = { payment_collections: [{ payments: [placed] }, { payments: [owed] }] }
    expect(liveBnplPaymentOf<{ id: string }>(both)?.id).toBe("placed")
    expect(earlierBnplPayments(both).map((p) => p.id)).not.toContain("placed")
    // An order placed with another provider: its only BNPL payment is the link's.
    const onlyOwed = {
      payment_collections: [{ payments: [owed, bnpl("owed2", { owed_order_id: "order_1" }, "2026-01-03T00:00:00Z")] }],
    }
    expect(liveBnplPaymentOf<{ id: string }>(onlyOwed)?.id).toBe("owed2")
    // Neither is a failed completion's: the service's end of one is never recorded as such.
    expect(earlierBnplPayments(onlyOwed, { withLive: true })).toEqual([])
  })

  it("their service payment ids include cancelled payments", () => {
    expect(servicePaymentIdsOf(order)).toEqual(["payment_old", "payment_live"])
  })

  it("the earlier live ones (a failed completion's) come with what Medusa captured and refunded, in cents", () => {
    const twoLive = {
      currency_code: "eur",
      payment_collections: [
        {
          payments: [
            {
              id: "pay_2",
              provider_id: "pp_bnpl_bnpl",
              data: { bnpl_payment_id: "payment_2" },
              created_at: "2026-01-02T00:00:00Z",
              captures: [{ amount: 60 }],
            },
            {
              id: "pay_1",
              provider_id: "pp_bnpl_bnpl",
              data: { bnpl_payment_id: "payment_1" },
              created_at: "2026-01-01T00:00:00Z",
              captures: [{ amount: 60 }],
              refunds: [{ amount: 10.5 }],
            },
            {
              id: "pay_0",
              provider_id: "pp_bnpl_bnpl",
              data: { bnpl_payment_id: "payment_0" },
              created_at: "2025-12-31T00:00:00Z",
              canceled_at: "2026-01-01T00:00:00Z",
            },
          ],
        },
      ],
    }
    expect(liveBnplPaymentOf<{ id: string }>(twoLive)?.id).toBe("pay_2")
    expect(earlierBnplPayments(twoLive)).toEqual([
      { id: "pay_1", bnpl_payment_id: "payment_1", captured_cents: 6000, refunded_cents: 1050 },
    ])
    expect(earlierBnplPayments(order)).toEqual([]) // the only other live one has no service payment
  })
})

describe("pay at shipment on what an order owes (a payment link)", () => {
  const bnpl = (canceled_at: string | null = null) => ({ provider_id: "pp_bnpl_bnpl", canceled_at })
  const order = (payments: object[]) => ({ display_id: 7, payment_collections: [{ payments }] })

  it("offered on an order not shipped with no live instalment payment (paid by card, or its instalments cancelled)", () => {
    expect(payAtShipmentRefusal(order([{ provider_id: "pp_system_default" }]), false)).toBeUndefined()
    expect(payAtShipmentRefusal(order([bnpl("2026-11-29T00:00:00Z")]), false)).toBeUndefined()
    expect(payAtShipmentRefusal(undefined, false)).toBeUndefined()
  })

  it("refused once shipped, and beside a live instalment payment, each with its sentence", () => {
    expect(payAtShipmentRefusal(order([]), true)).toBe(
      "Pay at shipment is not offered for order #7: it has already shipped. Choose another plan."
    )
    expect(payAtShipmentRefusal(order([bnpl()]), false)).toMatch(
      /^Pay at shipment is not offered for order #7: the order is already paid in instalments/
    )
  })
})
