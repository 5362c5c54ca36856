/**
 * The settings that are a switch (true/false), one line each: the API's name (also the column in
 * `bnpl_settings` and the admin form's field) → the plugin option's name and the default. The
 * field table (settings-fields.ts) declares them from here; the options' type (`BnplOptions`)
 * and the admin form's schema read them too. No import: the admin's bundle reads this file.
 *
 * A new switch: a line here, its column in the model and a migration, its field in a section of
 * the admin's settings page, its words in the admin's language files.
 */
export const SWITCHES = {
  /** Accepted payments are captured at once (default) or only authorized. */
  auto_capture: { option: "autoCapture", default: true },
  /** Push shipping information on every fulfillment. */
  shipping_sync_enabled: { option: "shippingSyncEnabled", default: true },
  /** Check the notification's HMAC signature, in the header `notificationSignatureHeader` names. */
  verify_notification_signature: { option: "verifyNotificationSignature", default: false },
} as const

export type SwitchKey = keyof typeof SWITCHES
export const SWITCH_KEYS = Object.keys(SWITCHES) as SwitchKey[]

/** The switches as plugin options (`medusa-config.ts`): `{autoCapture?: boolean, ...}`. */
export type SwitchOptions = { [K in SwitchKey as (typeof SWITCHES)[K]["option"]]?: boolean }
