import type { Plan } from "../../client/types"
import type { LegalMarket, LegalText } from "../legal/markets"
import type { Mode } from "../settings/mode"
import type { MedusaVersionView } from "../infrastructure/medusa-version"
// Types only (erased): the admin bundle never loads the settings' field table.
import type { SettingPatchValues, SettingViews } from "../settings/settings-fields"
// A type only (erased): the admin bundle never loads the kind table.
import type { MessageKind } from "../messages/kinds"

export type { PlanBounds, SettingSource, ShippingMapping, ShippingOverride } from "../api-shapes"
import type { ServicePlanView, SettingSource, ShippingMapping, ShippingOverride } from "../api-shapes"
export type { ServicePlanView } from "../api-shapes"

/**
 * The shapes of the plugin's admin API (`/admin/bnpl/*`): what the routes answer and what the
 * admin sends. Browser-safe (type-only imports of import-free files): the admin reads the same
 * types the server writes. Amounts from the service are integer cents; merchant bounds are major
 * units.
 */

/** Where a value comes from: saved in the admin, the plugin's options, the environment, the default. */
// ------------------------------------------------------------------ settings

/** One account's key state and URL (never the key). */
export type AccountView = {
  api_key_set: boolean
  /** `sk_test_...1234`: the key itself is never returned. */
  api_key_hint: string | null
  /** Why a saved key cannot be used (it is then not used at all). */
  api_key_problem: string | null
  api_url: string | null
  source: { api_key: SettingSource; api_url: SettingSource }
  /** The account's own plans as the service defines them (absent: see `service_plans_problem`). */
  service_plans?: ServicePlanView[]
  /** Why `service_plans` is missing (not configured, an older account, the service failed). */
  service_plans_problem?: string
  /**
   * The store's plans (saved, from the plugin options or the default) this account does not
   * have: checkout does not offer them. Absent when there are none or the account's plans are unknown.
   */
  unknown_plans?: Plan[]
  /** The account's name with the service, when it said. */
  service_account_name?: string | null
}

/** `GET /admin/bnpl/settings` → `{settings}`: every effective value and where it comes from. */
export type SettingsView = {
  /** The account new payments use; the top-level api_* fields are this account's. */
  mode: Mode
  accounts: Record<Mode, AccountView>
  api_key_set: boolean
  api_key_hint: string | null
  api_key_problem?: string
  /** Set when new instalment payments are refused on this Medusa: the sentence that says why. */
  medusa_version_problem?: string
  /** Medusa and Node found, the tested range, and whether new payments are taken (admin line). */
  medusa_version: MedusaVersionView
  api_url: string | null
  // The field table's settings (`lib/settings/settings-fields.ts`: plans, auto_capture, ...): `& SettingViews` below.
  /** The texts the plugin ships, per market: what the admin shows as the default and resets to. */
  legal_defaults: Record<LegalMarket, LegalText>
  source: Partial<Record<string, SettingSource>>
  updated_at: string | null
} & SettingViews

/**
 * `POST /admin/bnpl/settings`: a partial update; absent = unchanged, null = back to the plugin
 * options/env/default. (The route also takes `api_key`/`api_url`, the live account's names from
 * before modes; the admin does not send them.)
 */
export type SettingsUpdateBody = {
  live_api_key?: string | null
  live_api_url?: string | null
  test_api_key?: string | null
  test_api_url?: string | null
  mode?: Mode | null
} & SettingPatchValues

/** `POST /admin/bnpl/settings/verify`: a typed key/URL to try, else the account's saved ones. */
export type VerifyBody = { mode?: Mode; api_key?: string; api_url?: string }

export type VerifyResult = {
  result: "works" | "not_activated" | "unauthorized" | "unreachable" | "not_configured"
  message: string
  /** The URL the service is given for its payment notifications. */
  notification_url?: string
  /** What the service says of the account (absent: an older account, or it did not answer). */
  account?: { name: string | null; can_create_payments: boolean }
  service_plans?: ServicePlanView[]
  service_plans_problem?: string
  /** Set when `eligibility_api` is v2 and the account has no v2 (404): v1 is used. */
  eligibility_api_note?: string
}

// ------------------------------------------------------------------ shipping options

/** `GET /admin/bnpl/shipping-options` → `{shipping_options}`: each store option and what it is sent as. */
export type ShippingOptionView = {
  id: string
  name: string
  type: { code?: string | null; label?: string | null } | null
  provider_id: string | null
  fulfillment_set_type: string | null
  mapping: ShippingMapping
  override: ShippingOverride | null
}

// ------------------------------------------------------------------ an order's view

export type InstalmentView = {
  /** Unix seconds. */
  due_date: number
  purchase_amount: number
  customer_fee: number
  customer_interest: number
  total_amount: number
  state?: string
}

export type RefundView = { id: string; created?: number | string; amount: number; merchant_reference?: string | null }

export type OrderPaymentView = {
  id?: string
  bnpl_payment_id: string | null
  /** The account the payment was made with. */
  mode: Mode
  state: string | null
  installments_count: number | null
  deferred_days: number | null
  deferred_months: number | null
  purchase_amount: number | null
  currency_code: string
  customer_fee: number | null
  customer_interest: number | null
  payment_plan: InstalmentView[]
  refunds: RefundView[]
  /** False when the service could not be asked: the figures are those kept at checkout. */
  live: boolean
  service_error: string | null
  /** Pay at shipment: nothing charged until the order ships. */
  pay_at_shipment?: boolean
  /** The last day the order may ship for its payment to start; null once started (or not pay at shipment). */
  trigger_deadline?: string | null
  triggered_at?: string | null
  /**
   * Authorized in Medusa, not captured: an order change that leaves the order owing anything
   * makes Medusa cancel this payment and ask for the whole order again (the admin warns).
   */
  edit_cancels?: boolean
}

/** `GET /admin/bnpl/orders-to-ship` → `{orders}`: pay-at-shipment orders not shipped yet, nearest deadline first. */
export type OrderToShipView = {
  order_id: string
  display_id: number | null
  bnpl_payment_id: string
  deadline: string
  days_left: number
  /** to_ship | starting (being sent) | not_started (refused or given up: start it again) | deadline_passed */
  state: "to_ship" | "starting" | "not_started" | "deadline_passed"
  /** Why the payment is not started (the service's refusal, the last error), else null. */
  reason: string | null
}

/** One message the service was told about the order (`messages[]`, words from `lib/messages/view.ts`). */
export type OrderMessageView = {
  id: string
  /** The kind's word, from the kind table (`lib/messages/kinds`). */
  kind: MessageKind
  /** accepted: the service has it; pending: retried; failed: it does not, and nothing retries it. */
  status: "pending" | "accepted" | "failed"
  /** The record's own word: sent, unchanged, pending, failed, skipped, unavailable. */
  outcome: string
  attempts: number
  last_error: string | null
  content: unknown
  accepted_at: string | null
  trigger: string
  fulfillment_id: string | null
  next_attempt_at: string | null
  created_at: string
  /** Whether "Push again" may send it (pending or failed, not left unsent on purpose). */
  can_push_again: boolean
}

/** An order event whose messages are not recorded yet (`events[]`): its order could not be read. */
export type OrderEventView = {
  id: string
  /** The event's word (order_placed, fulfillment_created, ...), as `messages[].trigger`. */
  event: string
  /** pending: the retry job handles it again; failed: out of attempts. */
  status: "pending" | "failed"
  attempts: number
  last_error: string | null
  fulfillment_id: string | null
  next_attempt_at: string | null
  created_at: string
}

/** `GET /admin/bnpl/orders/:id` → `{bnpl_order}`. */
export type OrderView =
  | { order_id: string; paid_with_bnpl: false }
  | {
      order_id: string
      paid_with_bnpl: true
      payment: OrderPaymentView
      messages: OrderMessageView[]
      events: OrderEventView[]
    }

/** `POST /admin/bnpl/orders/:id/messages/:message_id/push`: the message after its attempt, and the order's view. */
export type MessagePushAnswer = { message: OrderMessageView | null; bnpl_order: OrderView }

/** `POST /admin/bnpl/orders/:id/events/push`: how many waiting events were attempted (oldest first, until the service was found down), and the order's view after. */
export type OrderEventsPushAnswer = { attempted: number; bnpl_order: OrderView }

/** `POST /admin/bnpl/orders/:id/shipping-sync`: the push's outcome and the order's view after it. */
export type ShippingSyncAnswer = {
  sync: { status?: string; last_error?: string | null } | null
  bnpl_order: OrderView
}

// ------------------------------------------------------------------ payments without an order

/** `GET /admin/bnpl/payments` → `{payments}`: service payments that did not end in an order. */
export type PaymentWithoutOrderView = {
  id: string
  bnpl_payment_id: string
  cart_id: string | null
  order_id: string | null
  purchase_amount: number
  currency_code: string
  status: "to_settle" | "cancelled" | "refunded" | "failed" | string
  reason: string | null
  refunded_amount: number | null
  attempts: number
  last_error: string | null
  next_attempt_at: string | null
  settled_at: string | null
  created_at: string
  updated_at: string
}

/** One difference between the service and Medusa on a payment (lib/reconciliation/consistency.ts). */
export type ReconciliationDriftView = {
  kind:
    | "refunded_beyond_medusa"
    | "refund_not_made"
    | "charged_without_order"
    | "not_started_after_shipment"
    | "not_captured"
  cents: number
  /** In English, for logs; the admin shows its own sentence per `kind`. */
  reason: string
  /** The one safe action, when there is one (`POST /admin/bnpl/reconciliation/:pid/actions`). */
  action: "record_refund" | "refund_at_service" | "start_payment" | null
  /** When this difference was first found (ISO). */
  found_at: string
}

/** A payment of the last 90 days as both sides see it, with its differences (`GET /admin/bnpl/reconciliation`). */
export type ReconciliationRowView = {
  bnpl_payment_id: string
  currency_code: string
  mode: "test" | "live"
  order_id: string | null
  display_id: number | null
  service: { state: string; purchase_cents: number; refunded_cents: number; charged: boolean } | null
  medusa: {
    payment_id: string | null
    authorized_cents: number
    captured_cents: number
    refunded_cents: number
    held_by_live_order: boolean
  }
  drifts: ReconciliationDriftView[]
  /** When the service's side was last read (ISO), and when both were last compared. */
  service_read_at: string | null
  checked_at: string
}

/** `GET /admin/bnpl/reconciliation`: the payments that differ (`?all=true`: every payment checked), newest first. */
export type ReconciliationView = {
  rows: ReconciliationRowView[]
  /** Payments of the last 90 days compared, and how many differ. */
  checked: number
  differing: number
  /** The last run of the job (ISO), null before the first. */
  last_run_at: string | null
}

// ------------------------------------------------------------------ payment links

/** A link's state: paid is Medusa's record of the collection; cancelled the merchant's; expired the clock's. */
export type PaymentLinkState = "not_sent" | "sent" | "paid" | "expired" | "cancelled"

/** A plan the service accepts for what the order owes, as the admin's link card lists it. */
export type PaymentLinkPlanView = {
  installments_count: number
  deferred_days?: number | null
  deferred_months?: number | null
  pay_at_shipment?: boolean
}

/** One collection of an order's own (what it owes) and its instalment payment link. */
export type OwedCollectionView = {
  payment_collection_id: string
  /** Cents. */
  amount: number
  currency_code: string
  /** Medusa's status of the collection. */
  status: string
  /** The link's address (absent: the store has no `admin.storefrontUrl`). */
  url?: string
  link: {
    state: PaymentLinkState
    sent_count: number
    last_sent_at: string | null
    expires_at: string | null
    cancelled_at: string | null
  }
  /** While the collection is payable: the plans for its amount, or why there is none. */
  eligibility?: { plans: PaymentLinkPlanView[]; unavailable_reason?: string; message?: string }
}

/** `GET /admin/bnpl/orders/:id/payment-links`. */
export type PaymentLinksView = {
  order_id: string
  email: string | null
  storefront_url: string | null
  collections: OwedCollectionView[]
}

/** `POST /admin/bnpl/orders/:id/payment-links` (send) and `.../:collection_id/cancel`. */
export type PaymentLinksAnswer = {
  payment_links: PaymentLinksView
  sent?: { to: string; language: string; expires_at: string }
  closed?: boolean
}
