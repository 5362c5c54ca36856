import { serviceUrlProblem, trimUrl, type ServiceUrlRules } from "../../../client"
import { serviceUrlRules } from "../../../client/service-url"
import type { Mode } from "../../../lib/settings/mode"
import { maskKey } from "./encryption"
import {
  ACCOUNT_FIELDS,
  fromOptions,
  MODE_FIELD,
  isGiven,
  normalized,
  SETTING_KEYS,
  SETTINGS,
} from "../../../lib/settings/settings-fields"
import { resolveOptions } from "./options"
import type {
  BnplOptions,
  EffectiveSettings,
  ResolvedOptions,
  SettingField,
  SettingSource,
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
  const chosen = loaded.row?.mode ?? pluginOptions[MODE_FIELD.option] ?? env[MODE_FIELD.env]
  if (chosen === "test" || chosen === "live") {
    return chosen
  }
  const has = ({ api_key }: (typeof ACCOUNT_FIELDS)[Mode]) =>
    !!(loaded.row?.[api_key.column] || pluginOptions[api_key.option] || env[api_key.env])
  const hasTest = has(ACCOUNT_FIELDS.test)
  const hasLive = has(ACCOUNT_FIELDS.live)
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
  const { live, test } = ACCOUNT_FIELDS
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
    pluginOptions: {
      ...pluginOptions,
      [live.api_key.option]: pluginOptions[test.api_key.option],
      [live.api_url.option]: pluginOptions[test.api_url.option],
    },
    env: { ...env, [live.api_key.env]: env[test.api_key.env], [live.api_url.env]: env[test.api_url.env] },
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

/** Where each value comes from before the row is looked at (the account's key and URL: its live names). */
function optionSources(pluginOptions: BnplOptions, env: NodeJS.ProcessEnv): Record<SettingField, SettingSource> {
  const { api_key, api_url } = ACCOUNT_FIELDS.live
  const sources = {
    api_key: pluginOptions[api_key.option] ? "options" : env[api_key.env] ? "env" : null,
    api_url: pluginOptions[api_url.option] ? "options" : env[api_url.env] ? "env" : null,
  } as Record<SettingField, SettingSource>
  for (const key of SETTING_KEYS) {
    sources[key] = fromOptions(SETTINGS[key], pluginOptions, env).source
  }
  return sources
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
    // Every other setting: the row's value when the admin set it.
    for (const key of SETTING_KEYS) {
      const declaration = SETTINGS[key]
      if (isGiven(declaration, loaded.row[key])) {
        ;(options as Record<string, unknown>)[declaration.option] = normalized(declaration, loaded.row[key])
        sources[key] = "settings"
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
