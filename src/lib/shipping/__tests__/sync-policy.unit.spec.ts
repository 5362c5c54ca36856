import { hashShippingInfo, nextAttemptDelayMs } from "../sync-policy"

const colissimo = { title: "Colissimo Home", amount: 490, shipping_method: "postal" as const, express_delivery: false }
const express = { title: "Express 24h", amount: 1290, shipping_method: "postal" as const, express_delivery: true }
const relay = { title: "Relay point", amount: 390, shipping_method: "pickup_point" as const, express_delivery: false }

describe("hashShippingInfo", () => {
  it("does not depend on the order of keys or of the options", () => {
    const a = hashShippingInfo({ selected_options: [colissimo, express], available_options: [colissimo, express, relay] })
    const b = hashShippingInfo({
      available_options: [relay, { express_delivery: true, amount: 1290, title: "Express 24h", shipping_method: "postal" }, colissimo],
      selected_options: [express, colissimo],
    })
    expect(b).toBe(a)
  })

  it("changes with the information", () => {
    const base = hashShippingInfo({ selected_options: [colissimo], available_options: [colissimo, express] })
    expect(hashShippingInfo({ selected_options: [express], available_options: [colissimo, express] })).not.toBe(base)
    expect(hashShippingInfo({ selected_options: [{ ...colissimo, amount: 588 }], available_options: [colissimo, express] })).not.toBe(base)
    // An option moved from one array to the other is other information.
    expect(hashShippingInfo({ selected_options: [colissimo, express], available_options: [colissimo] })).not.toBe(base)
    // Unknown offered options (left out) are not "none offered".
    expect(hashShippingInfo({ selected_options: [colissimo] })).not.toBe(hashShippingInfo({ selected_options: [colissimo], available_options: [] }))
  })
})

describe("nextAttemptDelayMs", () => {
  it("doubles from one minute up to thirty", () => {
    expect([1, 2, 3, 6, 7, 12].map((n) => nextAttemptDelayMs(n) / 60_000)).toEqual([1, 2, 4, 30, 30, 30])
  })
})
