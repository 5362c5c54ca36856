import type { Plan } from "../../../client/types"
import {
  SETTING_KEYS,
  type SETTINGS,
  type SettingColumns,
  type SettingKey,
} from "../../../lib/settings/settings-fields"
import type { Exclusions } from "../../../lib/eligibility/exclusions"
import type { Mode } from "../../../lib/settings/mode"
import type { PlanBounds } from "../../../lib/eligibility/plan-bounds"
import type { SettingSource, ShippingOverride } from "../../../lib/http/http-types"
import type { TrustedProxies } from "../../../lib/infrastructure/client-address"
import type { LegalTextOverrides } from "../../../lib/legal"
import type { SwitchOptions } from "../../../lib/settings/switches"

/*
 * Each admin setting is declared once, in the field table (lib/settings/settings-fields.ts): its API name
 * (also its column and its name in the admin form), its option name and env variable.
 *
 * The settings of one store go by five names:
 *   BnplOptions        what the merchant gives in medusa-config.ts (and env stands in for)
 *   SettingsRow        what the admin saved (the `bnpl_settings` row; null = not set there)
 *   ResolvedOptions    what the plugin uses, one account: row > options > env > default
 *   EffectiveSettings  ResolvedOptions with where each value comes from (the admin's view)
 *   SettingsPatch      a change sent by the admin (patch.ts)
 */

/**
 * Options a merchant gives the plugin and the provider (`medusa-config.ts`). Precedence:
 * admin settings (stored in the plugin's module) > these options > env `BNPL_API_URL`,
 * `BNPL_API_KEY`. The switches (`autoCapture`...) are lib/settings/switches.ts's.
 */
export type BnplOptions = SwitchOptions & {
  /** The live account (env `BNPL_API_KEY`, `BNPL_API_URL`). */
  apiKey?: string
  apiUrl?: string
  /** The test account, the service's sandbox (env `BNPL_API_KEY_TEST`, `BNPL_API_URL_TEST`). */
  testApiKey?: string
  testApiUrl?: string
  /**
   * The account new payments use (env `BNPL_MODE`; the admin's choice wins). Default: test when
   * only a test account is configured, else live.
   */
  mode?: "test" | "live"
  /**
   * The only hosts the API key may be sent to (exact names or `*.example.com`); env
   * `BNPL_API_HOSTS` (comma separated). Unset: in production, the hosts of `apiUrl` /
   * `testApiUrl` / `BNPL_API_URL` / `BNPL_API_URL_TEST` (none configured: none); elsewhere, any
   * host. In production an address of the backend's own network (loopback, private) is only
   * accepted when listed here by its exact name (or is the host of one of those URLs).
   */
  apiHosts?: string[]
  /**
   * Plans offered at checkout. Default: 3 and 4 instalments. `{installments_count: 3,
   * payAtShipment: true}`: nothing is charged until the order ships (see `triggerOn`).
   */
  plans?: (Plan & { payAtShipment?: boolean })[]
  /**
   * What starts a pay-at-shipment payment: the order's first shipment (default) or its first
   * fulfillment. Exactly once per payment, through the durable message record.
   */
  triggerOn?: "shipment" | "fulfillment"
  /** Public URL of this Medusa backend, for the service's notification (env `MEDUSA_BACKEND_URL`). */
  backendUrl?: string
  /** Storefront page the customer returns to (`?pid=` is appended); a session's `data.return_url` wins. */
  returnUrl?: string
  /** Storefront page for a customer who leaves the hosted page; a session's `data.customer_cancel_url` wins. */
  cancelUrl?: string
  /** Currencies offered: only those the service takes (`SERVICE_CURRENCIES`: eur). Default `["eur"]`. */
  currencies?: string[]
  /** Check the notification's HMAC signature in this header (hex HMAC-SHA256 of the pid keyed by the API key). */
  notificationSignatureHeader?: string
  /** Per-attempt timeout of service calls. Default 10 s. */
  timeoutMs?: number
  /**
   * The longest wait for an eligibility answer while a cart is computed (default 1.5 s). The
   * wait is learnt from the service's recent answers: 4 times their p99, within this and
   * `eligibilityTimeoutFloorMs`.
   */
  eligibilityTimeoutMs?: number
  /**
   * `"v1"` (default, the contract's: one request per deferral group) or `"v2"` (the newer
   * `POST /v2/payments/eligibility`: one request per amount for every plan; an account without it,
   * 404, is asked with v1). Env `BNPL_ELIGIBILITY_API`.
   */
  eligibilityApi?: "v1" | "v2"
  /** The shortest wait for an eligibility answer, however fast the service answered lately. Default 250 ms. */
  eligibilityTimeoutFloorMs?: number
  /** Shipping option id → the `shipping_method` / `express_delivery` to send for it. */
  shippingMethodOverrides?: Record<string, ShippingOverride>
  /** The merchant's amount bounds per plan, major units, inclusive: `[{installments_count: 4, min_amount: 200}]`. */
  planBounds?: PlanBounds[]
  /** Products never paid in instalments: `{shipping_profile_ids: ["sp_..."], product_category_ids: [...]}`. */
  exclusions?: Exclusions
  /**
   * The credit-advertising texts the store serves with the plans, over the shipped defaults, per
   * market (`{FR: {lender: "Crédit accordé par ..."}, NL: {afm_artwork_url: "https://..."}}`):
   * the merchant, with its lender, owns the final wording. A value saved in the admin replaces it.
   */
  legalTexts?: LegalTextOverrides
  /**
   * Days the customer data kept with a checkout may live (default 30): after them nothing
   * personal is left (see the forget-checkout-data job).
   */
  checkoutRetentionDays?: number
  /**
   * The proxies in front of this server (env `BNPL_TRUSTED_PROXIES`, comma separated): addresses,
   * CIDR ranges and "loopback" / "linklocal" / "uniquelocal" (`["10.0.0.0/8", "loopback"]`), or a
   * number of proxies (`2`). Only their `X-Forwarded-For` entries say who a storefront visitor
   * is, for the limits of the public routes. Default none: the client is the socket's address.
   */
  trustedProxies?: TrustedProxies
}

/** The field table's option names are options of the plugin (a typo there fails to compile). */
export type TableOptionsAreOptions = Assert<
  (typeof SETTINGS)[SettingKey]["option"] extends keyof BnplOptions ? true : false
>
type Assert<T extends true> = T

/** What the plugin uses for one account (see `mergeSettings`). */
export type ResolvedOptions = Required<
  Omit<
    BnplOptions,
    | "apiKey"
    | "testApiKey"
    | "testApiUrl"
    | "mode"
    | "apiHosts"
    | "returnUrl"
    | "cancelUrl"
    | "notificationSignatureHeader"
  >
> &
  Pick<BnplOptions, "apiKey" | "returnUrl" | "cancelUrl" | "notificationSignatureHeader">

/**
 * The columns of `bnpl_settings` as read with knex: the accounts', `mode`, and one per setting of
 * the field table (lib/settings/settings-fields.ts).
 */
export type SettingsRow = SettingColumns & {
  id: string
  api_key_encrypted: string | null
  api_key_hint: string | null
  api_url: string | null
  /** The test account (the service's sandbox): same rules as the live one above. */
  test_api_key_encrypted: string | null
  test_api_key_hint: string | null
  test_api_url: string | null
  /** The account checkout uses now; null: see `storeMode`. */
  mode: Mode | null
  created_at?: Date | string
  updated_at?: Date | string
}

/** The writable columns (everything but the id and timestamps). */
export type SettingsColumns = Omit<SettingsRow, "id" | "created_at" | "updated_at">

/** Every field with a `source`: the account's key and URL, and the field table's. */
export const SETTING_FIELDS = ["api_key", "api_url", ...SETTING_KEYS] as const
export type SettingField = "api_key" | "api_url" | SettingKey

export type { SettingSource }

export type EffectiveSettings = {
  /** The account these options talk to. */
  mode: Mode
  /** The store's current mode (what new payments use). */
  storeMode: Mode
  options: ResolvedOptions
  sources: Record<SettingField, SettingSource>
  /** `sk_test_...1234`, never the key. */
  apiKeyHint?: string
  /** Why the key saved in the admin cannot be used (it is then not used at all). */
  apiKeyProblem?: string
  /**
   * True when a key from the options/env exists but is not used, because the admin saved
   * another service URL without a key of its own: that key only goes to its own URL.
   */
  keyWithheld?: boolean
  row?: SettingsRow
}

/** The settings row as read, with its keys decrypted (or why they cannot be). */
export type StoredSettings = {
  row?: SettingsRow
  apiKey?: string
  apiKeyProblem?: string
  testApiKey?: string
  testApiKeyProblem?: string
}
