/** One instalment of a schedule, as the service gives it (amounts in cents). */
export type Instalment = {
  purchase_amount: number
  customer_fee: number
  customer_interest: number
  /** Seconds since the Unix epoch. */
  due_date: number
  total_amount: number
}

/** What a plan is: a number of instalments, possibly deferred. */
export type PlanChoice = {
  installments_count: number
  deferred_days?: number | null
  deferred_months?: number | null
  /**
   * Pay at shipment: nothing is taken when the order is placed; the first instalment is taken
   * when the order ships (the plan has no deferral, and its due dates are not meaningful).
   */
  pay_at_shipment?: boolean | null
}

/** One plan of an eligibility answer: the service contract's field names, amounts in cents. */
export type Plan = PlanChoice & {
  eligible: boolean
  currency_code?: string
  customer_total_cost_amount?: number
  /** Informative only; never shown for plans of more than 4 instalments (the contract says so). */
  customer_total_cost_bps?: number
  payment_plan?: Instalment[]
  reasons?: Record<string, string>
  /** The amounts the plan accepts; a bound the merchant set alone may have one side only. */
  constraints?: { purchase_amount?: { minimum?: number; maximum?: number } }
  /**
   * The plan's APR (Annex I of Directive 2023/2225) in basis points, when the service gives it
   * (a future field): shown instead of the kit's own computation (`planApr`).
   */
  annual_percentage_rate_bps?: number
}

export type UnavailableReason =
  | "not_activated"
  | "unauthorized"
  | "invalid_request"
  | "unavailable"
  /** An optional interface this account does not have. */
  | "not_available"
  | "malformed_answer"
  | "not_configured"
  /** The cart holds a product the merchant excluded (`excluded_products` names them; the service is not asked). */
  | "excluded_products"
  | "rate_limited"
  /** A payment collection already paid (a payment link opened again): nothing to offer. */
  | "nothing_owed"
  /** The shop cancelled its instalment payment link of this collection (`message` says so). */
  | "link_cancelled"
  /** The shop's instalment payment link of this collection is past its validity; the shop can send it again. */
  | "link_expired"

/** A product of the cart the merchant excluded from instalment payment, and the rule that excludes it. */
export type ExcludedProduct = {
  product_id: string
  title: string | null
  excluded_by: { kind: string; id: string; name: string | null }
}

export type LegalMarket = "FR" | "BE-FR" | "BE-NL" | "NL" | "DE" | "ES" | "IT" | "PT" | "OTHER"
/** The credit-advertising texts of one market, as the merchant set them (or the shipped defaults). */
export type LegalText = {
  market: LegalMarket
  /** The language the texts are written in (fr, nl, de, es, it, pt, en). */
  language: string
  warning: string
  /** Optional lender mention shown under the warning, e.g. "Credit provided by …". */
  lender: string | null
  /** Show the representative example (one step away) with every amount. */
  representative_example: boolean
  /** NL: the AFM warning symbol's artwork (https), supplied by the merchant. */
  afm_artwork_url: string | null
  /** False for a default not confirmed by a lawyer (IT, PT). */
  confirmed: boolean
}

/** The plans for one amount (`GET /store/bnpl/eligibility`). */
export type PlansAnswer = {
  /** In cents. */
  purchase_amount: number
  currency_code: string
  checked_at: string
  /** False when the service could not be asked: hide the payment method, the cart works as usual. */
  service_available: boolean
  unavailable_reason?: UnavailableReason
  /** The store's explanation (in English) when `service_available` is false. */
  message?: string
  /** With `unavailable_reason: "excluded_products"`: which products. */
  excluded_products?: ExcludedProduct[]
  plans: Plan[]
  /** The customer's market's texts (two for Belgium: fr and nl); absent from an older store: the kit's defaults apply. */
  legal?: LegalText[]
}

export type CartPlans = PlansAnswer & { cart_id: string }

/**
 * The plans for what a payment collection owes: a payment link's page (the admin's "Copy
 * payment link" leads to `/payment-collection/<id>`). `order`: the order that owes the amount
 * (its number to show); pay at shipment is left out once it has shipped. A collection already
 * paid answers `unavailable_reason: "nothing_owed"`.
 */
export type CollectionPlans = PlansAnswer & {
  payment_collection_id: string
  order?: { id: string; display_id?: number; shipped: boolean }
}

/**
 * One amount of a batch: `amount` in major units, as the store wrote it back ("129.90"); with
 * `product_id` when it answers for that product alone (a product the merchant excluded).
 */
export type AmountPlans = PlansAnswer & { amount: string; product_id?: string }

/** The part of a `@medusajs/js-sdk` instance the kit uses. */
export type MedusaSdkLike = {
  client: {
    // Method syntax: a real `Medusa` instance (wider `init`) is accepted.
    fetch<T>(
      path: string,
      init?: { method?: string; body?: Record<string, any>; query?: Record<string, any>; headers?: Record<string, any> }
    ): Promise<T>
  }
}

export type BnplStorefrontConfig =
  | { sdk: MedusaSdkLike }
  | {
      /** The Medusa backend, e.g. http://localhost:9000. */
      baseUrl: string
      publishableKey: string
      /** Another fetch (tests, server runtimes); the global one by default. */
      fetch?: typeof fetch
    }

export type StartPaymentInput = {
  cartId: string
  plan: PlanChoice
  /** The storefront page the customer comes back to after paying (`?pid=` is added). */
  returnUrl: string
  /** Where the customer lands after cancelling or being refused (defaults to returnUrl). */
  cancelUrl?: string
  /**
   * The customer's locale ("fr-FR"), sent as the `x-medusa-locale` header: the plugin tells the
   * service that language for its hosted page and e-mails when the cart has no locale it speaks.
   */
  locale?: string | null
}

/** Options of the plans calls. */
export type PlansOptions = {
  /**
   * The country the offer is shown in (ISO 3166-1 alpha-2, e.g. the storefront's country in its
   * URL): the store answers that market's credit texts (`legal`). A cart's own address country
   * comes first.
   */
  countryCode?: string | null
}

export type CompleteReturnInput = { cartId: string; pid?: string | null }

/** A payment link's payment: as `StartPaymentInput`, on the order's own collection (no cart). */
export type StartLinkPaymentInput = Omit<StartPaymentInput, "cartId"> & { paymentCollectionId: string }

export type LinkReturnInput = { paymentCollectionId: string; pid?: string | null }

/**
 * After the customer came back from a payment link's hosted page: `paid` (the order holds the
 * payment now), `in_review` (the service decides later; the order is told), `refused` or
 * `abandoned` (the link can be paid again, `message` says why), `unknown` (the service did not
 * answer: the payment is recorded when its notification comes).
 */
export type LinkReturnResult = {
  status: "paid" | "in_review" | "refused" | "abandoned" | "unknown"
  /** False when `pid` is not the link's current payment (the status is the current one's). */
  current: boolean
  message?: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type StoreOrder = Record<string, any> & { id: string }
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type StoreCart = Record<string, any> & { id: string }

/**
 * After the customer came back: `paid` with the one order (completed now, or already by the
 * service's notification), or the payment was `refused` / `abandoned` and the customer goes
 * back to the cart `cartId` to choose again.
 */
export type CompleteReturnResult =
  | { status: "paid"; order: StoreOrder }
  | { status: "refused" | "abandoned"; cartId: string; cart?: StoreCart; message: string }
