import type { Plan, ShippingMethod } from "../../client/types"

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
