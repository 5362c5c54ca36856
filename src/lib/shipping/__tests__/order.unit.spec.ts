import { isOutboundMethod, orderShippingInfo } from "../order"
import type { OptionRow } from "../checkout"

const colissimo: OptionRow = { id: "so_home", name: "Colissimo Home", type: { code: "standard", label: "Standard" } }
const relay: OptionRow = { id: "so_relay", name: "Relay point", type: { code: "relay", label: "Relay" } }
const options = new Map([colissimo, relay].map((o) => [o.id, o]))
const payment = { id: "pay_1", data: { bnpl_payment_id: "pid_1" } }
const order = (over: any = {}) => ({
  currency_code: "eur",
  items: [{ requires_shipping: true }],
  shipping_methods: [{ name: "Colissimo Home", total: 4.9, shipping_option_id: "so_home" }],
  ...over,
})

describe("orderShippingInfo", () => {
  it("sends the outbound methods as selected options, in cents, with the offered ones", () => {
    const available = [
      { title: "Relay point", amount: 390, shipping_method: "pickup_point" as const, express_delivery: false },
    ]
    const info = orderShippingInfo({
      order: order({
        shipping_methods: [
          { name: "Colissimo Home", total: 4.9, shipping_option_id: "so_home" },
          { name: "Return label", total: 0, shipping_option_id: "so_home", detail: { return_id: "ret_1" } },
        ],
      }),
      payment,
      options,
      available,
    })
    expect(info).toEqual({
      kind: "ready",
      payment_id: "pay_1",
      bnpl_payment_id: "pid_1",
      shipping_info: {
        selected_options: [
          { title: "Colissimo Home", amount: 490, shipping_method: "postal", express_delivery: false },
        ],
        available_options: available,
      },
    })
  })

  it("leaves out unknown offered options, with a warning", () => {
    const info = orderShippingInfo({ order: order(), payment, options, available: undefined })
    expect(info).toMatchObject({ kind: "ready", warning: expect.stringMatching(/available_options left out/) })
    expect((info as any).shipping_info).not.toHaveProperty("available_options")
  })

  it("sends a digital order as instore", () => {
    const info = orderShippingInfo({
      order: order({ items: [{ requires_shipping: false }], shipping_methods: [] }),
      payment,
      options,
      available: [],
    })
    expect((info as any).shipping_info.selected_options).toEqual([
      { title: "No shipping", amount: 0, shipping_method: "instore", express_delivery: false },
    ])
  })

  it("ignores an order without BNPL payment, skips a payment without service id", () => {
    expect(orderShippingInfo({ order: order(), options, available: [] })).toEqual({ kind: "ignored" })
    expect(
      orderShippingInfo({ order: order(), payment: { id: "pay_1", data: {} }, options, available: [] })
    ).toMatchObject({
      kind: "skipped",
      payment_id: "pay_1",
    })
  })
})

describe("isOutboundMethod", () => {
  it("leaves out returns, claims and exchanges", () => {
    expect(isOutboundMethod({})).toBe(true)
    expect(isOutboundMethod({ detail: { claim_id: "c" } })).toBe(false)
    expect(isOutboundMethod({ detail: { exchange_id: "e" } })).toBe(false)
  })
})
