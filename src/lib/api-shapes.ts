import type { Plan, ShippingMethod } from "../client/types"

/**
 * The admin API's shapes that the plugin's own rules use too (bounds, sources, the shipping
 * mapping): a leaf, so the rules and http-types.ts (which derives from them) make no circle.
 */

export type SettingSource = "settings" | "options" | "env" | "default" | null

/** The merchant's own bounds for a plan, in major units (inclusive); absent = no bound. */
export type PlanBounds = Plan & { min_amount?: number | null; max_amount?: number | null }

/** The merchant's choice for one shipping option; absent fields are mapped automatically. */
export type ShippingOverride = { shipping_method?: ShippingMethod; express_delivery?: boolean }

export type ShippingMapping = {
  shipping_method: ShippingMethod
  express_delivery: boolean
  /** Why, in the merchant's words (English). */
  reason: string
  /** The same reason as codes, for the admin to say in the user's language. */
  reason_codes: {
    method: "override" | "metadata" | "nothing_to_ship" | "pickup_set" | "word" | "default"
    method_word?: string
    express?: "override" | "metadata" | "word"
    express_word?: string
  }
}

/**
 * One of the account's plans (`GET /v1/me/fee-plans`), amounts in major units, fees in basis
 * points; `enabled`: among the store's plans (the merchant's switch).
 */
export type ServicePlanView = {
  installments_count: number
  deferred_days: number
  deferred_months: number
  pay_at_shipment: boolean
  min_amount: number
  max_amount: number
  customer_fee_bps: number
  customer_fee_fixed: number
  /** Credit plans' yearly interest rate, in basis points (0: none). */
  customer_lending_rate_bps: number
  merchant_fee_bps: number
  merchant_fee_fixed: number
  /** Pay at shipment: days the shop may wait before the first instalment is taken. */
  trigger_limit_days?: number
  enabled: boolean
}
