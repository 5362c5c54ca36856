import { BNPL_PROVIDER_ID, currencyDigits, isBnplProvider, planChoice, toCents } from "./plans"
import { hostedPageUrl } from "./hosted-page"
import type {
  AmountPlans,
  BnplStorefrontConfig,
  CartPlans,
  CollectionPlans,
  CompleteReturnInput,
  CompleteReturnResult,
  LinkReturnInput,
  LinkReturnResult,
  StartLinkPaymentInput,
  MedusaSdkLike,
  PlansAnswer,
  PlansOptions,
  StartPaymentInput,
} from "./types"

/** The most amounts the store route takes in one request. */
export const MAX_AMOUNTS_PER_REQUEST = 50

/** The header Medusa reads the storefront's locale from (`req.locale`); the plugin tells the service that language. */
const LOCALE_HEADER = "x-medusa-locale"

/**
 * `country_code` for the store route: the market of the credit-advertising texts it answers
 * (`legal`). Checked here, as the route does, so a typo fails before any request.
 */
function countryQuery(countryCode: string | null | undefined): Record<string, string> {
  const country = countryCode?.trim()
  if (!country) return {}
  if (!/^[A-Za-z]{2}$/.test(country)) {
    throw new BnplStorefrontError(`countryCode ${JSON.stringify(countryCode)} must be 2 letters, like "fr"`, 400)
  }
  return { country_code: country.toLowerCase() }
}

/** Each price in cents; a price that is not positive is refused before any request. */
function priceCents(amounts: Array<number | string>, currency: string): number[] {
  const cents = amounts.map((a) => toCents(a, currency))
  const bad = amounts.find((_, i) => !Number.isFinite(cents[i]) || cents[i] <= 0)
  if (bad !== undefined) {
    throw new BnplStorefrontError(`amount ${JSON.stringify(bad)} must be a positive price in major units`, 400)
  }
  return cents
}

/** Cents → "129.90" (the currency's decimals), as the store route takes amounts. */
function majorUnits(cents: number, currency: string): string {
  const digits = currencyDigits(currency)
  return (cents / 10 ** digits).toFixed(digits)
}

/** A store API call that failed: `status` is the HTTP status (0 when the store was not reached). */
export class BnplStorefrontError extends Error {
  constructor(message: string, readonly status: number) {
    super(message)
    this.name = "BnplStorefrontError"
  }
}

type Init = {
  method?: "GET" | "POST"
  body?: Record<string, unknown>
  query?: Record<string, string>
  headers?: Record<string, string>
}
type Http = <T>(path: string, init?: Init) => Promise<T>

function viaSdk(sdk: MedusaSdkLike): Http {
  return async (path, init) => {
    try {
      // The js-sdk merges `init.headers` over its own (its locale, publishable key): ours win.
      return await sdk.client.fetch(path, init)
    } catch (e) {
      const error = e as { message?: string; status?: number }
      throw new BnplStorefrontError(error.message ?? String(e), error.status ?? 0)
    }
  }
}

function viaFetch(baseUrl: string, publishableKey: string, fetchImpl?: typeof fetch): Http {
  const root = baseUrl.replace(/\/+$/, "")
  return async (path, init = {}) => {
    const doFetch = fetchImpl ?? globalThis.fetch
    const query = init.query ? `?${new URLSearchParams(init.query)}` : ""
    let response: Response
    try {
      response = await doFetch(`${root}${path}${query}`, {
        method: init.method ?? "GET",
        headers: {
          accept: "application/json",
          "x-publishable-api-key": publishableKey,
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          ...init.headers,
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        credentials: "include",
      })
    } catch (e) {
      throw new BnplStorefrontError(`The store could not be reached: ${(e as Error).message}`, 0)
    }
    const body = await response.json().catch(() => ({}))
    if (!response.ok) {
      throw new BnplStorefrontError(body?.message ?? response.statusText, response.status)
    }
    return body
  }
}

/**
 * The storefront's side of instalment payments, over the Medusa store API: plans for a cart or
 * for product prices, starting the payment on the service's hosted page, and the customer's
 * return. Give it a `@medusajs/js-sdk` instance, or the backend URL and publishable key.
 */
export function createBnplStorefront(config: BnplStorefrontConfig) {
  const http = "sdk" in config ? viaSdk(config.sdk) : viaFetch(config.baseUrl, config.publishableKey, config.fetch)

  /**
   * The plans for a cart's current total (kept with the cart: usually no service call). With
   * `countryCode`, the credit texts (`legal`) of that market when the cart has no address yet
   * (the cart's own country comes first).
   */
  async function plansForCart(cartId: string, options: PlansOptions = {}): Promise<CartPlans> {
    const query = { cart_id: cartId, ...countryQuery(options.countryCode) }
    const { eligibility } = await http<{ eligibility: CartPlans }>("/store/bnpl/eligibility", { query })
    return eligibility
  }

  /**
   * The plans for one price in major units (the store route's `?amount=` form). With
   * `productId`, a product the merchant excluded gets an `excluded_products` answer (no service
   * call); with `countryCode`, the credit texts (`legal`) of that market.
   */
  async function plansForAmount(
    amount: number | string,
    currencyCode: string,
    options: PlansOptions & { productId?: string | null } = {}
  ): Promise<PlansAnswer & { product_id?: string }> {
    const currency = currencyCode.toLowerCase()
    const query: Record<string, string> = {
      amount: majorUnits(priceCents([amount], currency)[0], currency),
      currency_code: currency,
      ...countryQuery(options.countryCode),
    }
    if (options.productId?.trim()) query.product_id = options.productId.trim()
    const { eligibility } = await http<{ eligibility: PlansAnswer & { product_id?: string } }>("/store/bnpl/eligibility", { query })
    return eligibility
  }

  /**
   * The plans for many prices in major units (numbers, or decimal strings like Medusa's
   * `calculated_amount`), in one request (one per 50 distinct prices). The answer has one entry
   * per given amount, in the same order; equal prices share one. With `productIds` (one per
   * amount, in the same order; null for a price of no product), a product the merchant excluded
   * gets an answer with `unavailable_reason: "excluded_products"` and the reason, and costs the
   * service nothing: `BnplTeaser` then shows no "or 3 × ..." for it. With `countryCode`, each
   * answer carries the credit texts (`legal`) of that market (the store sends them once per
   * request; they are given to each answer here, as before).
   */
  async function plansForAmounts(
    amounts: Array<number | string>,
    currencyCode: string,
    options: PlansOptions & { productIds?: Array<string | null | undefined> } = {}
  ): Promise<AmountPlans[]> {
    const currency = currencyCode.toLowerCase()
    const cents = priceCents(amounts, currency)
    const productIds = options.productIds
    if (productIds && productIds.length !== amounts.length) {
      throw new BnplStorefrontError(`productIds holds ${productIds.length} ids for ${amounts.length} amounts: give one per amount`, 400)
    }
    const country = countryQuery(options.countryCode)
    const productOf = (i: number) => productIds?.[i]?.trim() || ""
    // One item per distinct price, and per distinct product (its own answer when excluded).
    const items = [...new Map(cents.map((c, i) => [`${c}|${productOf(i)}`, { cents: c, product: productOf(i) }])).values()]
    const withProducts = items.some((item) => item.product)
    const byCents = new Map<number, AmountPlans>()
    const byProduct = new Map<string, AmountPlans>()
    for (let i = 0; i < items.length; i += MAX_AMOUNTS_PER_REQUEST) {
      const chunk = items.slice(i, i + MAX_AMOUNTS_PER_REQUEST)
      const query: Record<string, string> = {
        amounts: chunk.map((item) => majorUnits(item.cents, currency)).join(","),
        currency_code: currency,
        ...country,
      }
      if (withProducts) query.product_ids = chunk.map((item) => item.product).join(",")
      const answer = await http<{ eligibilities: AmountPlans[]; legal?: AmountPlans["legal"] }>(
        "/store/bnpl/eligibility",
        { query }
      )
      // A store before 0.1.0's fourth security pass put `legal` in each entry: kept when there.
      const eligibilities = answer.eligibilities.map((entry) => (entry.legal || !answer.legal ? entry : { ...entry, legal: answer.legal }))
      for (const answer of eligibilities) {
        if (answer.product_id) byProduct.set(answer.product_id, answer)
        else byCents.set(answer.purchase_amount, answer)
      }
    }
    return cents.map((c, i) => byProduct.get(productOf(i)) ?? byCents.get(c)!)
  }

  /**
   * Chooses the plan for the cart (creating its payment collection when needed) and gives the
   * hosted payment page to send the customer to. With `locale`, the store tells the service the
   * customer's language (hosted page, e-mails) when the cart has no locale of its own.
   */
  async function startPayment({ cartId, ...choice }: StartPaymentInput): Promise<{ url: string }> {
    const { cart } = await http<{ cart: { id: string; payment_collection?: { id: string } | null } }>(
      `/store/carts/${encodeURIComponent(cartId)}`,
      { query: { fields: "id,payment_collection.id" } }
    )
    let collectionId = cart.payment_collection?.id
    if (!collectionId) {
      const { payment_collection } = await http<{ payment_collection: { id: string } }>("/store/payment-collections", {
        method: "POST",
        body: { cart_id: cartId },
      })
      collectionId = payment_collection.id
    }
    return payOnCollection(collectionId, choice)
  }

  /**
   * A payment link (`/payment-collection/<id>`, the admin's "Copy payment link"): the plan for
   * what the order owes, and the hosted page to send the customer to. The store reads the
   * order's customer, addresses and lines itself.
   */
  async function startLinkPayment({ paymentCollectionId, ...choice }: StartLinkPaymentInput): Promise<{ url: string }> {
    return payOnCollection(paymentCollectionId, choice)
  }

  /** The instalment payment session on a collection, and its hosted page (checked: https only). */
  async function payOnCollection(
    collectionId: string,
    { plan, returnUrl, cancelUrl, locale }: Omit<StartPaymentInput, "cartId">
  ): Promise<{ url: string }> {
    // Medusa reads the storefront's locale from this header; only this request needs it.
    const language = locale?.trim()
    const headers = language ? { [LOCALE_HEADER]: language } : undefined
    const { payment_collection } = await http<{
      payment_collection: { payment_sessions?: Array<{ provider_id: string; data?: { url?: string } }> }
    }>(`/store/payment-collections/${encodeURIComponent(collectionId)}/payment-sessions`, {
      method: "POST",
      ...(headers ? { headers } : {}),
      body: {
        provider_id: BNPL_PROVIDER_ID,
        data: { ...planChoice(plan), return_url: returnUrl, customer_cancel_url: cancelUrl ?? returnUrl },
      },
    })
    const given = payment_collection.payment_sessions?.find((s) => isBnplProvider(s.provider_id))?.data?.url
    if (!given) {
      throw new BnplStorefrontError("The store made no instalment payment for this cart", 502)
    }
    // Callers hand it to location.assign: never a javascript: or data: URL (hosted-page.ts).
    const url = hostedPageUrl(given)
    if (!url) {
      throw new BnplStorefrontError("The store's hosted payment page is not an https page", 502)
    }
    return { url }
  }

  /**
   * The plans for what a payment collection owes (a payment link's page), with the order it is
   * for and the market's credit texts (`legal`, the order's country first).
   */
  async function plansForPaymentCollection(paymentCollectionId: string, options: PlansOptions = {}): Promise<CollectionPlans> {
    const query = { payment_collection_id: paymentCollectionId, ...countryQuery(options.countryCode) }
    const { eligibility } = await http<{ eligibility: CollectionPlans }>("/store/bnpl/eligibility", { query })
    return eligibility
  }

  /**
   * The customer is back from a payment link's hosted page (`?pid=` in the return URL): the store
   * asks the service, and records an accepted payment on the order at once (the notification
   * finds it done). No cart to complete.
   */
  async function linkReturn({ paymentCollectionId, pid }: LinkReturnInput): Promise<LinkReturnResult> {
    const { outcome } = await http<{ outcome: Outcome }>("/store/bnpl/payment-outcome", {
      query: { payment_collection_id: paymentCollectionId, ...(pid ? { pid } : {}) },
    })
    const status = outcome.status === "ordered" ? "paid" : outcome.status === "accepted" ? "unknown" : outcome.status
    return { status, current: outcome.current, ...(outcome.message ? { message: outcome.message } : {}) }
  }

  type Completion = { type: "order"; order: { id: string } } | { type: "cart"; cart: { id: string }; error?: { message?: string } }

  const complete = (cartId: string) =>
    http<Completion>(`/store/carts/${encodeURIComponent(cartId)}/complete`, { method: "POST", body: {} })

  type CartAfterReturn = {
    id: string
    completed_at?: string | null
    payment_collection?: {
      payment_sessions?: Array<{ provider_id: string; status: string; data?: Record<string, unknown> }>
    } | null
  }
  const cartAfterReturn = async (cartId: string) =>
    (
      await http<{ cart: CartAfterReturn }>(`/store/carts/${encodeURIComponent(cartId)}`, {
        query: { fields: "id,completed_at,*payment_collection.payment_sessions" },
      })
    ).cart

  type Outcome = { status: "ordered" | "accepted" | "in_review" | "refused" | "abandoned" | "unknown"; current: boolean; message?: string }

  /**
   * The customer is back from the hosted page. The store says first what became of the payment
   * (`/store/bnpl/payment-outcome`, which asks the service): refused or abandoned, the cart is
   * not completed (a completion that fails still uses up an order number, leaving a gap in the
   * merchant's order numbers) and the customer goes back to it with the message. Otherwise the
   * cart is completed (or the order the service's notification already placed is found: Medusa
   * answers the same order for a completed cart), so there is exactly one order.
   */
  async function completeReturn({ cartId, pid }: CompleteReturnInput): Promise<CompleteReturnResult> {
    // No answer (a store before this route, the store unreachable): complete, the store decides.
    const outcome = await http<{ outcome: Outcome }>("/store/bnpl/payment-outcome", {
      query: { cart_id: cartId, ...(pid ? { pid } : {}) },
    }).then(
      (r) => r.outcome,
      () => undefined
    )
    if (outcome?.status === "refused" || outcome?.status === "abandoned") {
      return {
        status: outcome.status,
        cartId,
        cart: await cartAfterReturn(cartId),
        message: !outcome.current
          ? "This payment is not the cart's current one"
          : outcome.status === "refused"
            ? (outcome.message ?? "The payment was refused")
            : "The payment was not completed",
      }
    }
    let failure: string | undefined
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const done = await complete(cartId)
        if (done.type === "order") return { status: "paid", order: done.order }
        failure = done.error?.message
        break
      } catch (e) {
        failure = (e as Error).message
        // 409: the notification is completing this cart right now; its order is ours in a moment.
        if ((e as BnplStorefrontError).status !== 409) break
        await new Promise((r) => setTimeout(r, 400 * (attempt + 1)))
      }
    }
    const cart = await cartAfterReturn(cartId)
    const session = cart.payment_collection?.payment_sessions?.find((s) => isBnplProvider(s.provider_id))
    const samePayment = !pid || session?.data?.bnpl_payment_id === pid
    const refused = samePayment && session?.status === "error"
    return {
      status: refused ? "refused" : "abandoned",
      cartId,
      cart,
      message:
        (refused ? (session?.data?.failure_reason as string | undefined) : undefined) ??
        (samePayment ? failure ?? "The payment was not completed" : "This payment is not the cart's current one"),
    }
  }

  return {
    plansForCart,
    plansForAmount,
    plansForAmounts,
    startPayment,
    completeReturn,
    plansForPaymentCollection,
    startLinkPayment,
    linkReturn,
  }
}

export type BnplStorefront = ReturnType<typeof createBnplStorefront>
