import Medusa from "@medusajs/js-sdk"
import { BnplStorefrontError, createBnplStorefront } from "../client"
import type { MedusaSdkLike } from "../types"
import { THREE } from "./fixtures"

/** What the kit sent: the URL (path and query) and the headers, per request. */
type Sent = { url: URL; method: string; headers: Record<string, string>; body?: any }

const PLANS = { purchase_amount: 12990, currency_code: "eur", checked_at: "2026-11-23T10:00:00.000Z", service_available: true, plans: [THREE] }

/** Answers like the store: eligibility (every form), the cart, the payment session. */
function storeAnswer(url: URL, method: string): unknown {
  if (url.pathname === "/store/bnpl/eligibility") {
    if (url.searchParams.has("amounts")) {
      return { eligibilities: url.searchParams.get("amounts")!.split(",").map((amount) => ({ ...PLANS, amount, purchase_amount: Math.round(Number(amount) * 100) })) }
    }
    return { eligibility: { ...PLANS, ...(url.searchParams.has("cart_id") ? { cart_id: url.searchParams.get("cart_id") } : {}) } }
  }
  if (url.pathname === "/store/carts/cart_1" && method === "GET") return { cart: { id: "cart_1", payment_collection: { id: "paycol_1" } } }
  if (url.pathname === "/store/payment-collections/paycol_1/payment-sessions") {
    return { payment_collection: { payment_sessions: [{ provider_id: "pp_bnpl_bnpl", data: { url: "https://pay.example/p/1" } }] } }
  }
  throw new Error(`unexpected ${method} ${url}`)
}

/** A fetch that records each request and answers as the store. */
function fakeFetch(sent: Sent[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url)
    const method = (init?.method ?? "GET").toUpperCase()
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    sent.push({ url, method, headers, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    return new Response(JSON.stringify(storeAnswer(url, method)), { status: 200, headers: { "content-type": "application/json" } })
  }) as typeof fetch
}

const sessionRequest = (sent: Sent[]) => sent.find((s) => s.url.pathname.endsWith("/payment-sessions"))!

describe("createBnplStorefront({ baseUrl }): country and locale", () => {
  let sent: Sent[]
  let bnpl: ReturnType<typeof createBnplStorefront>
  beforeEach(() => {
    sent = []
    bnpl = createBnplStorefront({ baseUrl: "http://store.test/", publishableKey: "pk_1", fetch: fakeFetch(sent) })
  })

  it("sends countryCode as country_code on every form of the plans, lower-cased", async () => {
    await bnpl.plansForCart("cart_1", { countryCode: "FR" })
    await bnpl.plansForAmounts([129.9, "349.00"], "EUR", { countryCode: "be", productIds: ["prod_1", "prod_2"] })
    const one = await bnpl.plansForAmount("129.9", "eur", { countryCode: "nl", productId: "prod_1" })
    expect(sent.map((s) => Object.fromEntries(s.url.searchParams))).toEqual([
      { cart_id: "cart_1", country_code: "fr" },
      { amounts: "129.90,349.00", currency_code: "eur", country_code: "be", product_ids: "prod_1,prod_2" },
      { amount: "129.90", currency_code: "eur", country_code: "nl", product_id: "prod_1" },
    ])
    expect(one).toMatchObject({ purchase_amount: 12990, service_available: true })
  })

  it("sends no country_code without one (the calls as before)", async () => {
    await bnpl.plansForCart("cart_1")
    await bnpl.plansForAmounts([129.9], "eur")
    await bnpl.plansForAmount(129.9, "eur", { countryCode: " " })
    expect(sent.map((s) => s.url.searchParams.has("country_code"))).toEqual([false, false, false])
  })

  it("refuses a countryCode that is not 2 letters before asking the store", async () => {
    await expect(bnpl.plansForCart("cart_1", { countryCode: "fra" })).rejects.toThrow(BnplStorefrontError)
    await expect(bnpl.plansForAmounts([10], "eur", { countryCode: "f1" })).rejects.toMatchObject({ status: 400 })
    await expect(bnpl.plansForAmount(0, "eur")).rejects.toMatchObject({ status: 400 })
    expect(sent).toHaveLength(0)
  })

  it("startPayment sends the locale as x-medusa-locale on the payment session's request only", async () => {
    const { url } = await bnpl.startPayment({ cartId: "cart_1", plan: THREE, returnUrl: "https://shop.test/back", locale: "fr-FR" })
    expect(url).toBe("https://pay.example/p/1")
    const session = sessionRequest(sent)
    expect(session.headers["x-medusa-locale"]).toBe("fr-FR")
    expect(session.headers["x-publishable-api-key"]).toBe("pk_1")
    expect(session.body).toMatchObject({ provider_id: "pp_bnpl_bnpl", data: { installments_count: 3, return_url: "https://shop.test/back" } })
    // The locale is no field of the session's data: the store reads the header.
    expect(session.body.data).not.toHaveProperty("locale")
    expect(sent.filter((s) => s !== session).every((s) => !("x-medusa-locale" in s.headers))).toBe(true)
  })

  it("startPayment without a locale sends no header", async () => {
    await bnpl.startPayment({ cartId: "cart_1", plan: THREE, returnUrl: "https://shop.test/back" })
    expect(sessionRequest(sent).headers).not.toHaveProperty("x-medusa-locale")
  })
})

describe("createBnplStorefront({ sdk }): country and locale", () => {
  it("passes country_code in the query and the locale header in init.headers", async () => {
    const calls: Array<{ path: string; init?: Record<string, any> }> = []
    const sdk: MedusaSdkLike = {
      client: {
        fetch: async <T>(path: string, init?: Record<string, any>) => {
          calls.push({ path, init })
          const url = new URL(`http://store.test${path}`)
          for (const [k, v] of Object.entries(init?.query ?? {})) url.searchParams.set(k, String(v))
          return storeAnswer(url, init?.method ?? "GET") as T
        },
      },
    }
    const bnpl = createBnplStorefront({ sdk })
    await bnpl.plansForCart("cart_1", { countryCode: "de" })
    await bnpl.startPayment({ cartId: "cart_1", plan: THREE, returnUrl: "https://shop.test/back", locale: "de-DE" })
    expect(calls[0].init?.query).toEqual({ cart_id: "cart_1", country_code: "de" })
    const session = calls.find((c) => c.path.endsWith("/payment-sessions"))!
    expect(session.init?.headers).toEqual({ "x-medusa-locale": "de-DE" })
    // Other requests carry no headers of the kit's: the SDK's own (its locale) stay.
    expect(calls.filter((c) => c !== session).every((c) => c.init?.headers === undefined)).toBe(true)
  })

  it("with a real @medusajs/js-sdk: the locale reaches the wire, over the SDK's own", async () => {
    const sent: Sent[] = []
    const original = globalThis.fetch
    globalThis.fetch = fakeFetch(sent)
    try {
      const sdk = new Medusa({ baseUrl: "http://store.test", publishableKey: "pk_1", globalHeaders: { "x-medusa-locale": "en-US" } })
      const bnpl = createBnplStorefront({ sdk })
      await bnpl.plansForAmounts([129.9], "eur", { countryCode: "ES" })
      await bnpl.startPayment({ cartId: "cart_1", plan: THREE, returnUrl: "https://shop.test/back", locale: "es-ES" })
    } finally {
      globalThis.fetch = original
    }
    expect(sent[0].url.searchParams.get("country_code")).toBe("es")
    expect(sessionRequest(sent).headers["x-medusa-locale"]).toBe("es-ES")
    expect(sessionRequest(sent).headers["x-publishable-api-key"]).toBe("pk_1")
    // The SDK's own locale on the other requests, untouched.
    expect(sent[0].headers["x-medusa-locale"]).toBe("en-US")
  })
})
