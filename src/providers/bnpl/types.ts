import type { EligibilityResult, Instalment, PaymentState, Refund } from "../../client"
import type { CheckoutSnapshot } from "../../lib/shipping/checkout"

export type { CheckoutSnapshot }

/** A payment session's `data`. Visible to the storefront: nothing secret goes here. */
export type BnplSessionData = {
  session_id?: string
  installments_count?: number
  deferred_days?: number
  deferred_months?: number
  /** Pay at shipment (a plan the store offers as such): nothing is charged until the order ships. */
  pay_at_shipment?: boolean
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
  /**
   * Set by the store route (never by the storefront): the order whose own collection this session
   * pays (what it still owes: a payment link). Such a payment is not the one the order was
   * placed with, though it has a snapshot too (read from the order).
   */
  owed_order_id?: string
  /**
   * Set by the store route (never by the storefront): the language to send the service when the
   * cart has none it speaks (the storefront's, else the store's). Kept: a new payment for an
   * edited cart speaks it too.
   */
  fallback_locale?: string
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
  /** Major units Medusa has refunded through this provider so far (a decimal string; see refund.ts). */
  medusa_refunded?: string
  /** Service refunds taken as a later Medusa refund after their own answer was lost (each once). */
  adopted_refunds?: string[]
  failure_reason?: string | null
  cancelled?: boolean
}
