import { offeredOptions, ratesByOption, selectedOptions, snapshotOfCart, type OptionRow } from "../checkout"

const home: OptionRow = { id: "so_home", name: "Colissimo Home", metadata: { carrier: "colissimo" } }
const express: OptionRow = { id: "so_express", name: "Express 24h" }
const options = new Map([home, express].map((o) => [o.id, o]))

describe("offeredOptions", () => {
  it("adds the tax the cart would add, and keeps what the customer paid for the chosen one", () => {
    const cart = { currency_code: "eur", items: [{}], shipping_methods: [{ shipping_option_id: "so_home", total: 5 }] }
    const offered = [
      { id: "so_home", amount: 4.9 },
      { id: "so_express", amount: 10 },
      { id: "so_unknown", amount: 1 },
    ]
    expect(offeredOptions(cart, offered, options, new Map([["so_express", 20]]))).toEqual([
      {
        title: "Colissimo Home",
        amount: 500,
        carrier: "colissimo",
        shipping_method: "postal",
        express_delivery: false,
      },
      { title: "Express 24h", amount: 1200, shipping_method: "postal", express_delivery: true },
    ])
  })

  it("takes a tax-inclusive price as it is", () => {
    const cart = { currency_code: "eur", items: [{}] }
    expect(
      offeredOptions(
        cart,
        [{ id: "so_express", amount: 10, is_tax_inclusive: true }],
        options,
        new Map([["so_express", 20]])
      )[0].amount
    ).toBe(1000)
  })
})

describe("ratesByOption", () => {
  it("sums the rates of each option", () => {
    expect(
      ratesByOption([
        { shipping_line_id: "a", rate: 10 },
        { shipping_line_id: "a", rate: 5 },
        { line_item_id: "b", rate: "20" },
      ])
    ).toEqual(
      new Map([
        ["a", 15],
        ["b", 20],
      ])
    )
  })
})

describe("selectedOptions", () => {
  it("names a method without option by itself, postal or instore", () => {
    expect(
      selectedOptions([{ name: "Custom", total: 3 }], options, { currency: "eur", requiresShipping: false })
    ).toEqual([{ title: "Custom", amount: 300, shipping_method: "instore", express_delivery: false }])
  })
})

describe("snapshotOfCart", () => {
  it("takes the customer from the billing address when there is no customer, in cents", () => {
    const snapshot = snapshotOfCart(
      {
        id: "cart_1",
        currency_code: "eur",
        email: "a@example.com",
        billing_address: { first_name: "Jeanne", country_code: "fr", address_1: "1 rue" },
        items: [{ title: "Bag", quantity: 2, unit_price: 10, total: 20, variant_sku: "BAG" }],
      },
      { selected_options: [] }
    )
    expect(snapshot).toMatchObject({
      cart_id: "cart_1",
      customer: { first_name: "Jeanne", email: "a@example.com" },
      billing_address: { first_name: "Jeanne", country: "FR", line1: "1 rue", email: "a@example.com" },
      shipping_address: undefined,
      items: [{ sku: "BAG", title: "Bag", quantity: 2, unit_price: 1000, line_price: 2000 }],
      shipping_info: { selected_options: [] },
    })
  })
})
