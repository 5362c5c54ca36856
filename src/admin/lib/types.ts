/** The shapes of the plugin's admin API (`/admin/bnpl/*`), as the admin reads them. */

export type Plan = {
  installments_count: number
  deferred_days?: number | null
  deferred_months?: number | null
}

/** The merchant's own bounds for a plan, in major units (inclusive); absent = no bound. */
export type PlanBounds = Plan & { min_amount?: number | null; max_amount?: number | null }

/** Products excluded from instalment payment, by the ids of what they belong to. */
export const EXCLUSION_FIELDS = [
  "shipping_profile_ids",
  "product_category_ids",
  "product_collection_ids",
  "product_type_ids",
  "product_tag_ids",
] as const
export type ExclusionField = (typeof EXCLUSION_FIELDS)[number]
export type Exclusions = Partial<Record<ExclusionField, string[]>>

export const SHIPPING_METHODS = ["instore", "pickup_store", "pickup_point", "postal"] as const
export type ShippingMethod = (typeof SHIPPING_METHODS)[number]

export type ShippingOverride = { shipping_method?: ShippingMethod; express_delivery?: boolean }

/** Where a value comes from: saved here, the plugin's options, the environment, the default. */
export type SettingSource = "settings" | "options" | "env" | "default" | null

/** Which of the store's two accounts: the service's sandbox (test) or the real one (live). */
export type Mode = "test" | "live"
export const MODES: Mode[] = ["test", "live"]

/** One account's key state and URL (never the key). */
export type BnplAccount = {
  api_key_set: boolean
  api_key_hint: string | null
  api_key_problem: string | null
  api_url: string | null
  source: { api_key: SettingSource; api_url: SettingSource }
}

export type BnplSettings = {
  /** The account new payments use; the api_* fields below are this account's. */
  mode?: Mode
  accounts?: Record<Mode, BnplAccount>
  api_key_set: boolean
  /** `sk_test_...1234`: the key itself is never returned. */
  api_key_hint: string | null
  /** Why a saved key cannot be used (it is then not used at all). */
  api_key_problem?: string
  api_url: string | null
  plans: Plan[]
  auto_capture: boolean
  shipping_sync_enabled: boolean
  shipping_method_overrides: Record<string, ShippingOverride>
  verify_notification_signature: boolean
  notification_signature_header: string | null
  plan_bounds?: PlanBounds[]
  exclusions?: Exclusions
  source?: Partial<Record<string, SettingSource>>
  updated_at?: string | null
}

/** `POST /admin/bnpl/settings`: absent = unchanged, null = back to the options/env/default. */
export type BnplSettingsPatch = {
  api_key?: string | null
  api_url?: string | null
  live_api_key?: string | null
  live_api_url?: string | null
  test_api_key?: string | null
  test_api_url?: string | null
  mode?: Mode | null
  plans?: Plan[] | null
  auto_capture?: boolean | null
  shipping_sync_enabled?: boolean | null
  shipping_method_overrides?: Record<string, ShippingOverride> | null
  verify_notification_signature?: boolean | null
  notification_signature_header?: string | null
  plan_bounds?: PlanBounds[] | null
  exclusions?: Exclusions | null
}

export type VerifyResult = {
  result: "works" | "not_activated" | "unauthorized" | "unreachable" | "not_configured"
  message: string
  /** The URL the service is given for its payment notifications. */
  notification_url?: string
}

export type ShippingMapping = {
  shipping_method: ShippingMethod
  express_delivery: boolean
  reason: string
  /** The reason as codes, so the admin can say it in the user's language. */
  reason_codes?: {
    method: "override" | "metadata" | "nothing_to_ship" | "pickup_set" | "word" | "default"
    method_word?: string
    express?: "override" | "metadata" | "word"
    express_word?: string
  }
}

/** `GET /admin/bnpl/shipping-options`: each store option and what it is sent as. */
export type BnplShippingOption = {
  id: string
  name: string
  type?: { code?: string | null; label?: string | null } | null
  provider_id?: string | null
  fulfillment_set_type?: string | null
  /** Absent when only the store's list could be read (older backend). */
  mapping?: ShippingMapping | null
  override?: ShippingOverride | null
}

export type Instalment = {
  /** Unix seconds. */
  due_date: number
  purchase_amount: number
  customer_fee: number
  customer_interest: number
  total_amount: number
  state?: string
}

export type Refund = { id: string; created?: number | string; amount: number; merchant_reference?: string | null }

export type ShippingSync = {
  id: string
  status: "pending" | "synced" | "failed" | "skipped" | "unchanged" | string
  trigger: string
  fulfillment_id?: string | null
  attempts: number
  last_error: string | null
  next_attempt_at: string | null
  synced_at: string | null
  created_at: string
  payload?: unknown
}

export type BnplOrderView =
  | { order_id: string; paid_with_bnpl: false }
  | {
      order_id: string
      paid_with_bnpl: true
      payment: {
        id?: string
        bnpl_payment_id: string | null
        /** The account the payment was made with (older backends: absent). */
        mode?: "test" | "live"
        state: string | null
        installments_count: number | null
        deferred_days: number | null
        deferred_months: number | null
        purchase_amount: number | null
        currency_code: string
        customer_fee: number | null
        customer_interest: number | null
        payment_plan: Instalment[]
        refunds: Refund[]
        /** False when the service could not be asked: the figures are those kept at checkout. */
        live: boolean
        service_error: string | null
      }
      shipping_syncs: ShippingSync[]
    }
