import { checkoutDetailsHash } from "../checkout-details"
import type { CheckoutSnapshot } from "../checkout"

const address = { first_name: "Jeanne", line1: "3 rue des Lilas", postal_code: "69003", city: "Lyon", country: "FR" }
const sent: CheckoutSnapshot = {
  cart_id: "cart_1",
  customer: { first_name: "Jeanne", email: "jeanne@example.com" },
  shipping_address: address,
  billing_address: address,
  items: [
    { title: "Mug", quantity: 1, unit_price: 1290, line_price: 1290 },
    { title: "Tee", quantity: 2, unit_price: 1500, line_price: 3000 },
  ],
  shipping_info: {
    selected_options: [{ title: "Colissimo Home", amount: 490, shipping_method: "postal", express_delivery: false }],
    available_options: [{ title: "Express 24h", amount: 1290, shipping_method: "postal", express_delivery: true }],
  },
}

describe("checkoutDetailsHash", () => {
  it("is the same for the same details read again: stored as JSON, items in another order, no offered options", () => {
    const stored = JSON.parse(JSON.stringify(sent))
    const readNow: CheckoutSnapshot = {
      ...sent,
      shipping_address: { ...address, line2: undefined },
      items: [...sent.items!].reverse(),
      shipping_info: { selected_options: sent.shipping_info!.selected_options },
    }
    expect(checkoutDetailsHash(readNow)).toBe(checkoutDetailsHash(stored))
  })

  it.each([
    ["the shipping address", { shipping_address: { ...address, line1: "12 quai Saint-Antoine" } }],
    ["the billing address", { billing_address: { ...address, postal_code: "69002" } }],
    ["an item swapped for one of the same price", { items: [sent.items![0], { ...sent.items![1], title: "Cap" }] }],
    ["the customer", { customer: { first_name: "Jeanne", email: "j.martin@example.com" } }],
    [
      "the chosen shipping",
      {
        shipping_info: {
          selected_options: [{ title: "Relay", amount: 490, shipping_method: "pickup_point" as const }],
        },
      },
    ],
  ])("changes with %s", (_what, change) => {
    expect(checkoutDetailsHash({ ...sent, ...change } as CheckoutSnapshot)).not.toBe(checkoutDetailsHash(sent))
  })
})
