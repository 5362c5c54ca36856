import { MedusaError } from "@medusajs/framework/utils"
import type { EligibilityResult, Payment } from "../../../client"
import { chosenPlan, keptAnswer, paymentRequest, returnUrlOf, sessionData } from "../payment-request"
import { PAYMENT_EXPIRY_MINUTES } from "../constants"

const OFFERED = [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 1, deferred_days: 30 }]

describe("chosenPlan", () => {
  it("is 3 instalments when the storefront named none", () => {
    expect(chosenPlan({}, OFFERED)).toEqual({ installments_count: 3 })
  })

  it("normalizes the plan (no empty deferral)", () => {
    expect(chosenPlan({ installments_count: 1, deferred_days: 30, deferred_months: 0 }, OFFERED)).toEqual({
      installments_count: 1,
      deferred_days: 30,
    })
  })

  it("refuses a plan this store does not offer, naming the offered ones", () => {
    expect(() => chosenPlan({ installments_count: 10 }, OFFERED)).toThrow(
      'The plan "10 instalments" is not offered by this store (offered: 3 instalments, 4 instalments, pay in 30 days)'
    )
  })

  it("refuses an invalid plan as invalid data", () => {
    let error: unknown
    try {
      chosenPlan({ installments_count: 0 }, OFFERED)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(MedusaError)
    expect((error as MedusaError).type).toBe(MedusaError.Types.INVALID_DATA)
    expect((error as MedusaError).message).toMatch(/^Invalid instalment plan in data: /)
  })
})

describe("keptAnswer", () => {
  const answer: EligibilityResult = {
    eligible: true,
    installments_count: 3,
    customer_total_cost_amount: 0,
    customer_total_cost_bps: 0,
    payment_plan: [],
  }
  const data = { kept_plans: { purchase_amount: 10_000, plans: [answer] } }

  it("answers for the same amount and plan only", () => {
    expect(keptAnswer(data, { installments_count: 3 }, 10_000)).toBe(answer)
    expect(keptAnswer(data, { installments_count: 3 }, 10_001)).toBeUndefined()
    expect(keptAnswer(data, { installments_count: 4 }, 10_000)).toBeUndefined()
    expect(keptAnswer({}, { installments_count: 3 }, 10_000)).toBeUndefined()
  })
})

describe("returnUrlOf", () => {
  it("is the session's, else the option's, else an error", () => {
    expect(returnUrlOf({ return_url: "https://shop.example/a" }, "https://shop.example/b")).toBe(
      "https://shop.example/a"
    )
    expect(returnUrlOf({}, "https://shop.example/b")).toBe("https://shop.example/b")
    expect(() => returnUrlOf({}, undefined)).toThrow(/A return_url is required/)
  })
})

describe("paymentRequest", () => {
  const checkout = {
    cart_id: "cart_1",
    locale: "fr",
    customer: { email: "a@example.com" } as any,
    billing_address: { city: "Paris" } as any,
    shipping_address: { city: "Lyon" } as any,
    shipping_info: { shipping_method: "postal" } as any,
    items: [{ title: "Shoes", quantity: 1, unit_price: 10_000, line_price: 10_000 }],
    excluded_products: [{ id: "prod_1", title: "Gift card" }] as any,
  }
  const base = {
    data: { session_id: "payses_1" },
    plan: { installments_count: 3 },
    cents: 10_000,
    currency: "eur",
    checkout,
    returnUrl: "https://shop.example/return",
    notificationUrl: "https://medusa.example/hooks/bnpl/notification?token=t",
  }

  it("carries the amount, plan, URLs, expiry and the checkout's details", () => {
    expect(paymentRequest(base)).toEqual({
      payment: {
        purchase_amount: 10_000,
        installments_count: 3,
        return_url: "https://shop.example/return",
        customer_cancel_url: "https://shop.example/return",
        ipn_callback_url: "https://medusa.example/hooks/bnpl/notification?token=t",
        origin: "online",
        expires_after: PAYMENT_EXPIRY_MINUTES,
        locale: "fr",
        custom_data: { session_id: "payses_1", cart_id: "cart_1", currency_code: "eur" },
        billing_address: checkout.billing_address,
        shipping_address: checkout.shipping_address,
        shipping_info: checkout.shipping_info,
        cart: { items: checkout.items },
      },
      customer: checkout.customer,
    })
  })

  it("never sends the excluded products", () => {
    expect(JSON.stringify(paymentRequest(base))).not.toContain("Gift card")
  })

  it("cancel URL: the session's, else the option's, else the return URL", () => {
    const cancel = (data: object, cancelUrl?: string) =>
      paymentRequest({ ...base, data: { ...base.data, ...data }, cancelUrl }).payment.customer_cancel_url
    expect(cancel({ customer_cancel_url: "https://shop.example/c1" }, "https://shop.example/c2")).toBe(
      "https://shop.example/c1"
    )
    expect(cancel({}, "https://shop.example/c2")).toBe("https://shop.example/c2")
    expect(cancel({})).toBe("https://shop.example/return")
  })

  it("sends the customer's language: the cart's, else the storefront's or store's kept in the session, never one the service does not speak", () => {
    const locale = (cartLocale: string | undefined, fallback_locale?: string) =>
      paymentRequest({
        ...base,
        checkout: { ...checkout, locale: cartLocale },
        data: { ...base.data, fallback_locale },
      }).payment.locale
    expect(locale("de-AT", "fr")).toBe("de")
    expect(locale(undefined, "it")).toBe("it")
    expect(locale("sv-SE", "nl")).toBe("nl")
    expect(locale("sv-SE")).toBeUndefined()
    expect(JSON.stringify(paymentRequest({ ...base, checkout: { ...checkout, locale: undefined } }))).not.toContain(
      "locale"
    )
  })

  it("describes pay at shipment in the language it sends", () => {
    const payment = paymentRequest({
      ...base,
      plan: { installments_count: 3, pay_at_shipment: true },
      checkout: { ...checkout, locale: undefined },
      data: { ...base.data, fallback_locale: "de" },
    }).payment
    expect(payment.locale).toBe("de")
    expect(payment.deferred_description).toMatch(/^Heute zahlen Sie nichts/)
  })

  it("sends no cart when the snapshot has no items", () => {
    expect(paymentRequest({ ...base, checkout: {} }).payment.cart).toBeUndefined()
  })
})

describe("sessionData", () => {
  const payment = {
    id: "payment_1",
    url: "https://pay.example/1",
    state: "not_started",
    purchase_amount: 10_000,
    installments_count: 3,
    payment_plan: [{ due_date: 1 }],
    refunds: [],
  } as unknown as Payment

  it("names the payment and its page, drops the server-side snapshot and the kept plans", () => {
    const data = sessionData(
      {
        session_id: "payses_1",
        checkout: { cart_id: "cart_1", customer: { email: "a@example.com" } as any },
        checkout_id: "bnplchk_1",
        kept_plans: { purchase_amount: 10_000, plans: [] },
      },
      { installments_count: 3 },
      10_000,
      "eur",
      payment,
      "test"
    )
    expect(data).toEqual({
      session_id: "payses_1",
      checkout_id: "bnplchk_1",
      kept_plans: undefined,
      installments_count: 3,
      bnpl_payment_id: "payment_1",
      mode: "test",
      url: "https://pay.example/1",
      purchase_amount: 10_000,
      currency_code: "eur",
      state: "not_started",
      payment_plan: [{ due_date: 1 }],
    })
    expect("kept_plans" in data).toBe(true) // undefined on purpose: Medusa merges it over the stored data
    expect(JSON.stringify(data)).not.toContain("a@example.com")
  })
})
