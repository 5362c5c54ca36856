import type { Address, CartItem, Customer, EligibilityResult, Instalment, PaymentState, Refund, ShippingInfo } from "../../client"
import type { ExcludedProduct } from "../../lib/exclusions"

/**
 * What the plugin learns from the server-side cart when a session is created (never from
 * the storefront): it goes to the service with the payment and is kept as the snapshot of
 * the shipping options offered at checkout.
 */
export type CheckoutSnapshot = {
  cart_id?: string
  locale?: string
  customer?: Customer
  billing_address?: Address
  shipping_address?: Address
  shipping_info?: ShippingInfo
  items?: CartItem[]
  /** Products of the cart the merchant excluded from instalment payment (never sent to the service). */
  excluded_products?: ExcludedProduct[]
}

/** A payment session's `data`. Visible to the storefront: nothing secret goes here. */
export type BnplSessionData = {
  session_id?: string
  installments_count?: number
  deferred_days?: number
  deferred_months?: number
  return_url?: string
  customer_cancel_url?: string
  /** Sessions made before the snapshot moved server-side; new ones carry `checkout_id`. */
  checkout?: CheckoutSnapshot
  /**
   * Set by the store route (never by the storefront): the cart's current plans, so the chosen
   * one needs no second eligibility call. Used once, never kept in the session.
   */
  kept_plans?: { purchase_amount: number; plans: EligibilityResult[] }
  /** The server-side checkout snapshot (`bnpl_checkout_snapshot` row) of this session. */
  checkout_id?: string
  bnpl_payment_id?: string
  /** "test" | "live": the account the payment was made with; every later call uses that account. */
  mode?: "test" | "live"
  /** The hosted payment page to send the customer to. */
  url?: string
  /** In cents, as the service has it. */
  purchase_amount?: number
  currency_code?: string
  state?: PaymentState
  payment_plan?: Instalment[]
  refunds?: Refund[]
  failure_reason?: string | null
  cancelled?: boolean
}
