import type { ShippingInfo } from "../types"
import {
  client,
  failure,
  newPaymentId,
  paymentInput,
  sandbox,
  seen,
  useSandbox,
  validShipping,
} from "./client-fixtures"

/** A payment's life through the client, and its shipping information, checked before it is sent (client-fixtures.ts: the sandbox). */

useSandbox()

describe("payment lifecycle", () => {
  it("create → fetch → accept → partial refund → refund of the rest", async () => {
    const c = client()
    const input = paymentInput({ custom_data: { cart_id: "cart_1" }, shipping_info: validShipping })
    const created = await c.createPayment(input)
    expect(created.id).toMatch(/^payment_/)
    expect(created.state).toBe("not_started")
    expect(created.purchase_amount).toBe(30000)
    expect(created.installments_count).toBe(3)
    expect(created.url).toBe(`${sandbox.url}/pay/${created.id}`)
    expect(created.payment_plan.map((i) => i.total_amount)).toEqual([10435, 10000, 10000])
    expect(created.refunds).toEqual([])
    expect(seen("POST", "/v1/payments")[0].body).toEqual(input)

    const fetched = await c.getPayment(created.id)
    expect(fetched.id).toBe(created.id)
    expect(fetched.state).toBe("not_started")
    expect(fetched.custom_data).toEqual({ cart_id: "cart_1" })
    expect(fetched.shipping_info).toEqual(validShipping)

    sandbox.accept(created.id, { notify: false })
    const accepted = await c.getPayment(created.id)
    expect(accepted.state).toBe("in_progress")
    expect(accepted.payment_plan.map((i) => i.state)).toEqual(["paid", "pending", "pending"])

    const partial = await c.refundPayment(created.id, {
      amount: 5000,
      merchant_reference: "refund_1",
      comment: "one item back",
    })
    expect(partial.state).toBe("in_progress")
    expect(partial.refunds).toEqual([expect.objectContaining({ amount: 5000, id: expect.stringMatching(/^refund_/) })])
    expect(seen("POST", `/v1/payments/${created.id}/refund`)[0].body).toEqual({
      amount: 5000,
      merchant_reference: "refund_1",
      comment: "one item back",
    })

    const rest = await c.refundPayment(created.id, { amount: 25000, merchant_reference: "refund_2" })
    expect(rest.state).toBe("paid")
    expect(rest.refunds.map((r) => r.amount)).toEqual([5000, 25000])
    expect(rest.payment_plan.map((i) => i.state)).toEqual(["paid", "cancelled", "cancelled"])

    const nothingLeft = await failure(c.refundPayment(created.id, { amount: 1, merchant_reference: "refund_3" }))
    expect(nothingLeft.code).toBe("invalid_request")
    expect(nothingLeft.field).toBe("amount")
  })

  it("cancels an unaccepted payment, and cancelling twice is fine", async () => {
    const c = client()
    const { id } = await c.createPayment(paymentInput())
    await c.cancelPayment(id)
    const expiredAt = sandbox.payments.get(id).expired_at
    expect(typeof expiredAt).toBe("number")
    await c.cancelPayment(id)
    expect(sandbox.payments.get(id).expired_at).toBe(expiredAt)
    expect(seen("PUT", `/v1/payments/${id}/cancel`)).toHaveLength(2)
    expect(() => sandbox.accept(id, { notify: false })).toThrow(/cancelled or has expired/)
  })

  it("cancelling an accepted payment → invalid_request on `state`, not retried", async () => {
    const id = await newPaymentId(true)
    const error = await failure(client().cancelPayment(id))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("state")
    expect(error.message).toMatch(/refund it instead/)
    expect(seen()).toHaveLength(1)
  })

  it("accepts an empty answer to a cancellation", async () => {
    const id = await newPaymentId()
    sandbox.setFault({ match: { method: "PUT" }, status: 204, body: "" })
    await expect(client().cancelPayment(id)).resolves.toBeUndefined()
  })
})

describe("updateShippingInfo", () => {
  it("posts {payment: {shipping_info}} to /v1/payment/<id> (singular)", async () => {
    const id = await newPaymentId()
    const c = client()
    await expect(c.updateShippingInfo(id, validShipping)).resolves.toBeUndefined()
    const requests = seen()
    expect(requests).toHaveLength(1)
    expect(requests[0].method).toBe("POST")
    expect(requests[0].path).toBe(`/v1/payment/${id}`)
    expect(requests[0].body).toEqual({ payment: { shipping_info: validShipping } })
    expect(requests[0].headers["content-type"]).toBe("application/json")
    expect((await c.getPayment(id)).shipping_info).toEqual(validShipping)
  })

  it("sends only the list given; the service keeps the other", async () => {
    const c = client()
    const { id } = await c.createPayment(paymentInput({ shipping_info: validShipping }))
    const selected = [{ title: "Mondial Relay", amount: 390, shipping_method: "pickup_point" as const }]
    await c.updateShippingInfo(id, { selected_options: selected })
    expect(seen("POST", `/v1/payment/${id}`)[0].body).toEqual({
      payment: { shipping_info: { selected_options: selected } },
    })
    const payment = await c.getPayment(id)
    expect(payment.shipping_info).toEqual({
      selected_options: selected,
      available_options: validShipping.available_options,
    })
  })
})

describe("shipping options are validated before sending", () => {
  const option = { title: "Colissimo", amount: 490 }
  it.each<[string, unknown, string, RegExp]>([
    [
      "a missing title",
      { selected_options: [{ amount: 490 }] },
      "payment.shipping_info.selected_options[0].title",
      /title/,
    ],
    [
      "a blank title",
      { selected_options: [{ title: "  ", amount: 490 }] },
      "payment.shipping_info.selected_options[0].title",
      /title is required/,
    ],
    [
      "a missing amount",
      { selected_options: [{ title: "Colissimo" }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount/,
    ],
    [
      "a non-integer amount",
      { selected_options: [{ title: "Colissimo", amount: 4.9 }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount must be an integer number of cents/,
    ],
    [
      "an amount as a string",
      { selected_options: [{ title: "Colissimo", amount: "490" }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount/,
    ],
    [
      "a negative amount",
      { selected_options: [{ title: "Colissimo", amount: -1 }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount/,
    ],
    [
      "an unknown shipping_method",
      { selected_options: [{ ...option, shipping_method: "drone" }] },
      "payment.shipping_info.selected_options[0].shipping_method",
      /shipping_method must be one of instore, pickup_store, pickup_point, postal/,
    ],
    [
      "pickup_delivery true",
      { selected_options: [{ ...option, pickup_delivery: true }] },
      "payment.shipping_info.selected_options[0].pickup_delivery",
      /pickup_delivery is deprecated: use shipping_method/,
    ],
    [
      "pickup_delivery false",
      { selected_options: [{ ...option, pickup_delivery: false }] },
      "payment.shipping_info.selected_options[0].pickup_delivery",
      /pickup_delivery is deprecated/,
    ],
    [
      "express_delivery as a string",
      { selected_options: [{ ...option, express_delivery: "true" }] },
      "payment.shipping_info.selected_options[0].express_delivery",
      /./,
    ],
    [
      "a bad option deeper in available_options",
      { available_options: [option, { amount: 0 }] },
      "payment.shipping_info.available_options[1].title",
      /title/,
    ],
    ["selected_options not an array", { selected_options: option }, "payment.shipping_info.selected_options", /./],
  ])("%s → invalid_request on the field, nothing sent", async (_label, shippingInfo, field, message) => {
    const id = await newPaymentId()
    const c = client()
    for (const call of [
      () => c.updateShippingInfo(id, shippingInfo as ShippingInfo),
      () => c.createPayment(paymentInput({ shipping_info: shippingInfo as ShippingInfo })),
    ]) {
      const error = await failure(call())
      expect(error.code).toBe("invalid_request")
      expect(error.field).toBe(field)
      expect(error.message).toContain(field)
      expect(error.message).toMatch(message)
    }
    expect(seen()).toHaveLength(0)
  })

  it("an unknown option property or shipping_info key is refused before sending", async () => {
    const id = await newPaymentId()
    const c = client()
    const unknownProperty = await failure(
      c.updateShippingInfo(id, { selected_options: [{ ...option, colour: "red" } as any] })
    )
    expect(unknownProperty.code).toBe("invalid_request")
    expect(unknownProperty.field).toBe("payment.shipping_info.selected_options[0]")
    expect(unknownProperty.message).toContain("colour")
    const unknownKey = await failure(c.updateShippingInfo(id, { offered_options: [option] } as any))
    expect(unknownKey.code).toBe("invalid_request")
    expect(unknownKey.field).toBe("payment.shipping_info")
    expect(unknownKey.message).toContain("offered_options")
    expect(seen()).toHaveLength(0)
  })
})
