import { model } from "@medusajs/framework/utils"

/**
 * The merchant's settings, one row per store (see `settings/`). The API key is kept
 * only encrypted (`api_key_encrypted`), with a non-secret hint (`sk_...1234`) for display.
 * Every setting is nullable: null means "not set in the admin", so the plugin options, then
 * env, then the built-in default apply (a saved API key alone must not pin `auto_capture`).
 */
const BnplSettings = model.define("bnpl_settings", {
  id: model.id({ prefix: "bnplset" }).primaryKey(),
  api_key_encrypted: model.text().nullable(),
  api_key_hint: model.text().nullable(),
  api_url: model.text().nullable(),
  /** The test account (the service's sandbox), kept the same way; the columns above: the live one. */
  test_api_key_encrypted: model.text().nullable(),
  test_api_key_hint: model.text().nullable(),
  test_api_url: model.text().nullable(),
  /** "test" | "live": the account new payments use; null: test when only a test account exists, else live. */
  mode: model.text().nullable(),
  /** `[{installments_count, deferred_days?, deferred_months?}]`; null = the default plans. */
  plans: model.json().nullable(),
  auto_capture: model.boolean().nullable(),
  shipping_sync_enabled: model.boolean().nullable(),
  /** Shipping option id → `{shipping_method?, express_delivery?}` chosen by the merchant. */
  shipping_method_overrides: model.json().nullable(),
  verify_notification_signature: model.boolean().nullable(),
  notification_signature_header: model.text().nullable(),
  /** `[{installments_count, deferred_*?, min_amount?, max_amount?}]`: the merchant's bounds per plan (major units). */
  plan_bounds: model.json().nullable(),
  /** `{product_category_ids?, product_collection_ids?, product_type_ids?, product_tag_ids?, shipping_profile_ids?}`. */
  exclusions: model.json().nullable(),
  /** "v1" | "v2": the eligibility interface checkout asks; null: the option / env / v1. */
  eligibility_api: model.text().nullable(),
  /** `{[market]: {warning?, lender?, representative_example?, afm_artwork_url?}}`: the merchant's credit-advertising texts. */
  legal_texts: model.json().nullable(),
})

export default BnplSettings
