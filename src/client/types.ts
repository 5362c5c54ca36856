/**
 * The service's contract types (service-contract.md, plus the lifecycle fields public
 * integrations use). Field names are the service's own; every amount is in integer cents.
 */

/** A payment plan a merchant can offer: instalments, optionally deferred. */
export type Plan = {
  installments_count: number
  deferred_days?: number
  deferred_months?: number
  /**
   * Not the service's field: the plugin's "pay at shipment" (nothing charged until the order
   * ships). Created at the service as `deferred: "trigger"`; asked for eligibility as the plain plan.
   */
  pay_at_shipment?: true
}

export type Instalment = {
  purchase_amount: number
  customer_fee: number
  customer_interest: number
  /** Unix seconds. */
  due_date: number
  total_amount: number
}

export type EligiblePlan = {
  eligible: true
  installments_count: number
  deferred_days?: number
  deferred_months?: number
  customer_total_cost_amount: number
  customer_total_cost_bps: number
  payment_plan: Instalment[]
}

export type AmountConstraint = { minimum: number; maximum: number }

export type IneligiblePlan = {
  eligible: false
  installments_count: number
  deferred_days?: number
  deferred_months?: number
  /** Attribute name → reason, e.g. `{purchase_amount: "invalid_value"}`. */
  reasons: Record<string, string>
  constraints: { purchase_amount?: AmountConstraint }
}

export type EligibilityResult = EligiblePlan | IneligiblePlan

export type EligibilityQuery<Counts extends number | number[] = number | number[]> = {
  purchase_amount: number
  installments_count?: Counts
  deferred_days?: number
  deferred_months?: number
}

export const SHIPPING_METHODS = ["instore", "pickup_store", "pickup_point", "postal"] as const
export type ShippingMethod = (typeof SHIPPING_METHODS)[number]

/** Contract 2.4. `pickup_delivery` is deprecated and deliberately absent. */
export type ShippingOption = {
  title: string
  amount: number
  carrier?: string
  express_delivery?: boolean
  shipping_method?: ShippingMethod
}

/** Contract 2.5. */
export type ShippingInfo = {
  selected_options?: ShippingOption[]
  available_options?: ShippingOption[]
}

export type Address = {
  first_name?: string
  last_name?: string
  company?: string
  line1?: string
  line2?: string
  postal_code?: string
  city?: string
  country?: string
  email?: string
  phone?: string
}

export type Customer = {
  first_name?: string
  last_name?: string
  email?: string
  phone?: string
}

export type CartItem = {
  sku?: string
  title: string
  quantity: number
  unit_price: number
  line_price: number
}

export type CreatePaymentInput = {
  payment: Omit<Plan, "pay_at_shipment"> & {
    /** Pay at shipment: nothing is charged until `POST /v1/payments/{id}/trigger`. */
    deferred?: "trigger"
    /** What the customer reads on the hosted page about when the schedule starts. */
    deferred_description?: string
    purchase_amount: number
    return_url: string
    customer_cancel_url?: string
    ipn_callback_url?: string
    locale?: string
    origin?: "online"
    expires_after?: number
    custom_data?: Record<string, unknown>
    billing_address?: Address
    shipping_address?: Address
    shipping_info?: ShippingInfo
    cart?: { items: CartItem[] }
  }
  customer?: Customer
  order?: { merchant_reference?: string }
}

export const ACCEPTED_STATES = ["in_progress", "paid"] as const

export type PaymentState =
  | "not_started"
  | "scored_no"
  | "scored_maybe"
  | "scored_yes"
  | "in_progress"
  | "paid"
  | "stopped"
  | "late_dunning"
  | "late_contact_customer"
  | "default"
  | "collection_done"

export type Refund = {
  id: string
  /** Unix seconds (read from an int, a numeric or a date string); absent when unreadable. */
  created?: number
  amount: number
  merchant_reference?: string
}

export type Payment = {
  id: string
  url: string
  state: PaymentState
  purchase_amount: number
  installments_count: number
  deferred_days?: number
  deferred_months?: number
  customer_fee?: number
  customer_interest?: number
  custom_data?: Record<string, unknown> | null
  payment_plan: (Instalment & { state?: string })[]
  refunds: Refund[]
  shipping_info?: ShippingInfo | null
  /** Unix seconds, read from an int, a numeric or a date string; null while not expired. */
  expired_at?: number | null
  /** The shop orders attached to the payment (vendor API, after the order). */
  orders?: ServiceOrder[]
  /** Pay at shipment: created with `deferred: "trigger"` (read from a boolean or 0/1). */
  deferred_trigger?: boolean
  /**
   * Pay at shipment: whether the shop triggered it. The service answers null until then, then a
   * timestamp (int, numeric or ISO string) or `true`, as its clients disagree: the client reads
   * "present and not false/null" and always gives a boolean here (see `isTriggerApplied`).
   */
  deferred_trigger_applied?: boolean
}

/** The shop's order as attached to a payment (`merchant_reference`: the shop's order number). */
export type OrderReference = { merchant_reference: string; merchant_url?: string; data?: Record<string, unknown> }

/** The service's record of an attached order: its `id` is what tracking is sent to. */
export type ServiceOrder = OrderReference & {
  id: string
  /** Informational: anything but a string reads as null. */
  status?: string | null
  /** Informational: read from a boolean or 0/1; unreadable → absent. */
  is_shipped?: boolean
}

/** An order's status in the shop's own word (`shipped`, `delivered`, `canceled`). */
export type OrderStatus = { status: string; is_shipped: boolean }

/** One parcel's tracking. */
export type Tracking = { carrier: string; tracking_number: string; tracking_url?: string }

export type RefundInput = {
  /** Always explicit, so a partial refund can never turn into a full one. */
  amount: number
  merchant_reference: string
  comment?: string
}

/**
 * One of the account's fee plans (`GET /v1/me/fee-plans`): amounts in cents, fees and rates in
 * basis points. `allowed: false`: listed, not sellable. `deferred_trigger_limit_days > 0`: may be
 * sold as pay at shipment, the first instalment taken at most that many days after the order.
 */
export type FeePlan = {
  installments_count: number
  deferred_days: number
  deferred_months: number
  deferred_trigger_limit_days: number
  min_purchase_amount: number
  max_purchase_amount: number
  allowed: boolean
  customer_fee_variable: number
  customer_fee_fixed: number
  customer_lending_rate: number
  merchant_fee_variable: number
  merchant_fee_fixed: number
}

/** The account itself (`GET /v1/me`). */
export type AccountInfo = {
  id: string
  name: string | null
  can_create_payments: boolean
  minimum_purchase_amount?: number
  maximum_purchase_amount?: number
}

/** `POST /v2/payments/eligibility`: every plan in one request. */
export type EligibilityV2Query = {
  purchase_amount: number
  queries: { installments_count: number; deferred_days?: number; deferred_months?: number }[]
  billing_address?: { country: string }
  shipping_address?: { country: string }
  locale?: string
}
