import { serviceUrlProblem, trimUrl, type ServiceUrlRules } from "../../../client"
import { serviceUrlRules } from "../../../client/service-url"
import { normalizeExclusions } from "../../../lib/exclusions"
import { normalizeLegalTexts } from "../../../lib/legal"
import type { Mode } from "../../../lib/mode"
import { normalizePlan } from "../../../lib/plans"
import { maskKey } from "./encryption"
import { resolveOptions } from "./options"
import type {
  BnplOptions,
  EffectiveSettings,
  ResolvedOptions,
  SettingField,
  SettingSource,
  SettingsRow,
  StoredSettings,
} from "./types"

/**
 * The one place that decides what the plugin uses: **settings row (admin) > plugin/provider
 * options > env (`BNPL_API_URL`, `BNPL_API_KEY`) > built-in default**, field by field (a null
 * column = not set in the admin). Pure: the reader (reader.ts) brings the row.
 */

/**
 * Where the key may go: production https, the allowed hosts (option `apiHosts` / env
 * `BNPL_API_HOSTS`; in production without them, the hosts of the service URLs of the options/env)
 * and, in production, not the backend's own network unless listed. The same for both accounts.
 */
export function urlRulesFor(pluginOptions: BnplOptions = {}, env: NodeJS.ProcessEnv = process.env): ServiceUrlRules {
  return serviceUrlRules(pluginOptions, env)
}

/** Why the key may not be sent to `url` under this store's rules (production, allowed hosts). */
export function serviceUrlProblemFor(
  url: string,
  pluginOptions: BnplOptions = {},
  env: NodeJS.ProcessEnv = process.env
) {
  return serviceUrlProblem(url, urlRulesFor(pluginOptions, env))
}

/**
 * The store's mode: admin setting > option `mode` > env `BNPL_MODE` > test when only a test
 * account is configured (a test key in the admin, `testApiKey` or `BNPL_API_KEY_TEST`, and no
 * live key anywhere), else live.
 */
export function storeModeOf(
  loaded: StoredSettings,
  pluginOptions: BnplOptions = {},
  env: NodeJS.ProcessEnv = process.env
): Mode {
  const chosen = loaded.row?.mode ?? pluginOptions.mode ?? env.BNPL_MODE
  if (chosen === "test" || chosen === "live") {
    return chosen
  }
  const hasTest = !!(loaded.row?.test_api_key_encrypted || pluginOptions.testApiKey || env.BNPL_API_KEY_TEST)
  const hasLive = !!(loaded.row?.api_key_encrypted || pluginOptions.apiKey || env.BNPL_API_KEY)
  return hasTest && !hasLive ? "test" : "live"
}

/**
 * The inputs of one account, under the live account's names: the test account's key and URL
 * (row columns `test_api_*`, options `testApiKey`/`testApiUrl`, env `BNPL_API_KEY_TEST`/
 * `BNPL_API_URL_TEST`) take the place of the live ones, so one precedence rule (below) and
 * one set of key/URL rules serve both accounts.
 */
export function accountInputs(
  mode: Mode,
  loaded: StoredSettings,
  pluginOptions: BnplOptions = {},
  env: NodeJS.ProcessEnv = process.env
): { loaded: StoredSettings; pluginOptions: BnplOptions; env: NodeJS.ProcessEnv } {
  if (mode === "live") {
    return { loaded, pluginOptions, env }
  }
  const row = loaded.row
  return {
    loaded: {
      row: row && {
        ...row,
        api_key_encrypted: row.test_api_key_encrypted,
        api_key_hint: row.test_api_key_hint,
        api_url: row.test_api_url,
      },
      apiKey: loaded.testApiKey,
      apiKeyProblem: loaded.testApiKeyProblem,
    },
    pluginOptions: { ...pluginOptions, apiKey: pluginOptions.testApiKey, apiUrl: pluginOptions.testApiUrl },
    env: { ...env, BNPL_API_KEY: env.BNPL_API_KEY_TEST, BNPL_API_URL: env.BNPL_API_URL_TEST },
  }
}

/** What the plugin uses for one account (`mode`; default: the store's mode). */
export function mergeSettings(
  loaded: StoredSettings,
  pluginOptions: BnplOptions = {},
  env: NodeJS.ProcessEnv = process.env,
  mode?: Mode
): EffectiveSettings {
  const storeMode = storeModeOf(loaded, pluginOptions, env)
  const account = accountInputs(mode ?? storeMode, loaded, pluginOptions, env)
  // The rules from the store's own options and env (both accounts' URLs), not the account's view of them.
  const urlRules = urlRulesFor(pluginOptions, env)
  return {
    ...mergeAccount(account.loaded, account.pluginOptions, account.env, urlRules),
    mode: mode ?? storeMode,
    storeMode,
  }
}

const set = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined

/** Where each value comes from before the row is looked at. */
function optionSources(pluginOptions: BnplOptions, env: NodeJS.ProcessEnv): Record<SettingField, SettingSource> {
  const given = (v: unknown): SettingSource => (set(v) ? "options" : "default")
  return {
    api_key: pluginOptions.apiKey ? "options" : env.BNPL_API_KEY ? "env" : null,
    api_url: pluginOptions.apiUrl ? "options" : env.BNPL_API_URL ? "env" : null,
    plans: pluginOptions.plans?.length ? "options" : "default",
    auto_capture: given(pluginOptions.autoCapture),
    shipping_sync_enabled: given(pluginOptions.shippingSyncEnabled),
    shipping_method_overrides: given(pluginOptions.shippingMethodOverrides),
    verify_notification_signature: given(pluginOptions.verifyNotificationSignature),
    notification_signature_header: pluginOptions.notificationSignatureHeader ? "options" : null,
    plan_bounds: pluginOptions.planBounds ? "options" : "default",
    exclusions: pluginOptions.exclusions ? "options" : "default",
    eligibility_api: pluginOptions.eligibilityApi ? "options" : env.BNPL_ELIGIBILITY_API ? "env" : "default",
    legal_texts: pluginOptions.legalTexts ? "options" : "default",
  }
}

/**
 * The row's value of each field that is not the account's key or URL, when the admin set it:
 * [field, option, value or undefined].
 */
function rowValues(row: SettingsRow): [SettingField, keyof ResolvedOptions, unknown][] {
  return [
    ["plans", "plans", Array.isArray(row.plans) && row.plans.length ? row.plans.map(normalizePlan) : undefined],
    ["auto_capture", "autoCapture", row.auto_capture ?? undefined],
    ["shipping_sync_enabled", "shippingSyncEnabled", row.shipping_sync_enabled ?? undefined],
    ["shipping_method_overrides", "shippingMethodOverrides", row.shipping_method_overrides ?? undefined],
    ["verify_notification_signature", "verifyNotificationSignature", row.verify_notification_signature ?? undefined],
    [
      "notification_signature_header",
      "notificationSignatureHeader",
      row.notification_signature_header?.toLowerCase() || undefined,
    ],
    ["plan_bounds", "planBounds", Array.isArray(row.plan_bounds) ? row.plan_bounds : undefined],
    [
      "exclusions",
      "exclusions",
      row.exclusions && typeof row.exclusions === "object" ? normalizeExclusions(row.exclusions) : undefined,
    ],
    [
      "eligibility_api",
      "eligibilityApi",
      row.eligibility_api === "v1" || row.eligibility_api === "v2" ? row.eligibility_api : undefined,
    ],
    // As a whole, like the exclusions: the admin's set replaces the option's (what the form showed).
    [
      "legal_texts",
      "legalTexts",
      row.legal_texts && typeof row.legal_texts === "object" ? normalizeLegalTexts(row.legal_texts) : undefined,
    ],
  ]
}

type AccountOutcome = Omit<EffectiveSettings, "mode" | "storeMode">

function mergeAccount(
  loaded: StoredSettings,
  pluginOptions: BnplOptions,
  env: NodeJS.ProcessEnv,
  urlRules: ServiceUrlRules
): AccountOutcome {
  const base = resolveOptions(pluginOptions, env)
  const options: ResolvedOptions = { ...base }
  const sources = optionSources(pluginOptions, env)
  const outcome: AccountOutcome = {
    options,
    sources,
    apiKeyHint: options.apiKey ? maskKey(options.apiKey) : undefined,
    keyWithheld: false,
    row: loaded.row,
  }
  if (loaded.row) {
    mergeAccountRow(outcome, loaded, base)
    for (const [field, option, value] of rowValues(loaded.row)) {
      if (value !== undefined) {
        ;(options as Record<string, unknown>)[option] = value
        sources[field] = "settings"
      }
    }
  }
  const urlProblem = options.apiKey && options.apiUrl ? serviceUrlProblem(options.apiUrl, urlRules) : undefined
  if (urlProblem) {
    // Also for a URL that became wrong after it was saved (NODE_ENV, BNPL_API_HOSTS changed).
    options.apiKey = undefined
    outcome.apiKeyProblem = `The key is not used: ${urlProblem}`
  }
  return outcome
}

/** The account's key and URL from the row: a key only ever goes to the URL it belongs to. */
function mergeAccountRow(outcome: AccountOutcome, loaded: StoredSettings, base: ResolvedOptions): void {
  const { options, sources } = outcome
  const row = loaded.row!
  if (row.api_key_encrypted) {
    // A key saved in the admin is the one meant: if it cannot be read, use none rather
    // than quietly falling back to another account's key. It goes to the URL saved with it
    // (rows saved before URLs were pinned with their key: the options/env URL).
    options.apiKey = loaded.apiKey
    outcome.apiKeyProblem = loaded.apiKeyProblem
    outcome.apiKeyHint = row.api_key_hint || (loaded.apiKey ? maskKey(loaded.apiKey) : "****")
    sources.api_key = "settings"
  }
  if (row.api_url) {
    options.apiUrl = trimUrl(row.api_url)
    sources.api_url = "settings"
    if (!row.api_key_encrypted && options.apiKey && options.apiUrl !== base.apiUrl) {
      // The key of the options/env only ever goes to the URL of the options/env.
      options.apiKey = undefined
      outcome.keyWithheld = true
      outcome.apiKeyProblem = `The service URL saved in the admin has no API key of its own: paste the key for ${options.apiUrl} (the key from the ${sources.api_key === "env" ? "environment" : "plugin options"} is only sent to ${base.apiUrl || "its own URL"})`
    }
  }
}

/**
 * Why a save must be refused because it would send a key the merchant did not type in that
 * same save to another URL than the one it went to before (or than its own, for the key of
 * the options/env). Compares the effective settings before and after the save. Verify applies
 * the same rule to a typed URL, as if it were saved.
 */
export function keyDestinationProblem(
  before: EffectiveSettings,
  after: EffectiveSettings,
  typedKey: boolean,
  doing = "in the same save"
): string | undefined {
  if (typedKey) {
    return undefined
  }
  const key = after.options.apiKey
  const movedKey = key && key === before.options.apiKey && after.options.apiUrl !== before.options.apiUrl
  if (movedKey || (after.keyWithheld && !before.keyWithheld)) {
    const from = before.options.apiUrl || "its own URL"
    // Why a URL alone is refused: an admin session (or a stolen one) could otherwise send the
    // saved key to a server of its choosing; typing the key proves it is meant for that URL.
    return `api_url: the API key in use is only sent to ${from}; to use ${after.options.apiUrl}, paste the API key for it ${doing} (a saved key never follows a new URL on its own, so that changing a URL cannot send the key to another server)`
  }
  return undefined
}
