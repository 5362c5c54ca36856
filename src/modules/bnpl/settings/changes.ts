import { MedusaError } from "@medusajs/framework/utils"
import { trimUrl } from "../../../client"
import { MODES, type Mode } from "../../../lib/settings/mode"
import {
  encryptionSecret,
  encryptionSecrets,
  encryptSecret,
  EncryptionError,
  maskKey,
  type KeySlot,
  type StoreSecretsConfig,
} from "./encryption"
import {
  ACCOUNT_FIELDS,
  SETTING_KEYS,
  SETTINGS,
  type SettingColumns,
  type SettingDeclaration,
} from "../../../lib/settings/settings-fields"
import { resolveOptions } from "./options"
import type { SettingsPatch } from "./patch"
import { accountInputs, keyDestinationProblem, mergeSettings, serviceUrlProblemFor } from "./precedence"
import type { BnplOptions, EffectiveSettings, SettingsColumns, SettingsRow, StoredSettings } from "./types"

/** What a save writes: pure, from the parsed patch (patch.ts) and what is stored now. */

/**
 * The columns to write for a (parsed) patch: the key encrypted with its hint, bound to its slot
 * and to the URL typed with it (none typed: no URL, the options/env one; `withKeyUrls` adds the
 * URL in effect to the patch first), the rest normalised. Throws a 400-kind error when the key
 * cannot be encrypted.
 */
export function settingsChanges(
  patch: SettingsPatch,
  config?: StoreSecretsConfig,
  env: NodeJS.ProcessEnv = process.env
): Partial<SettingsColumns> {
  const changes: Partial<SettingsColumns> = {}
  for (const mode of MODES) {
    const columns = ACCOUNT_COLUMNS[mode]
    const typed = patch[mode === "live" ? "api_key" : "test_api_key"]
    const url = patch[mode === "live" ? "api_url" : "test_api_url"]
    if (typed !== undefined) {
      const key = typeof typed === "string" ? typed.trim() : ""
      if (!key) {
        changes[columns.key] = null
        changes[columns.hint] = null
      } else {
        try {
          const secret = encryptionSecret(encryptionSecrets(config, env), env)
          changes[columns.key] = encryptSecret(key, secret, columns.slot, url ? trimUrl(url) : null)
        } catch (e) {
          throw new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            e instanceof EncryptionError ? e.message : "The API key could not be encrypted"
          )
        }
        changes[columns.hint] = maskKey(key)
      }
    }
    if (url !== undefined) {
      changes[columns.url] = url ? trimUrl(url) : null
    }
  }
  if (patch.mode !== undefined) {
    changes.mode = patch.mode
  }
  // The field table's settings: null goes back to the options; a value is written as its column.
  for (const key of SETTING_KEYS) {
    const value = patch[key]
    if (value !== undefined) {
      const { toColumn } = SETTINGS[key] as SettingDeclaration<any, any, any>
      ;(changes as Record<string, unknown>)[key] = value === null || !toColumn ? value : toColumn(value)
    }
  }
  return changes
}

/** Rules across fields, checked on what the plugin would use after the save. */
export function checkMergedSettings(settings: EffectiveSettings): void {
  const { options } = settings
  if (options.verifyNotificationSignature && !options.notificationSignatureHeader) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Invalid settings: verify_notification_signature needs notification_signature_header (the header carrying the signature, e.g. x-bnpl-signature)"
    )
  }
}

/** Each account's columns in `bnpl_settings`, and the slot its key's ciphertext is bound to. */
export const ACCOUNT_COLUMNS = {
  live: {
    key: ACCOUNT_FIELDS.live.api_key.column,
    hint: ACCOUNT_FIELDS.live.api_key.hint,
    url: ACCOUNT_FIELDS.live.api_url.column,
    slot: "live_api_key",
  },
  test: {
    key: ACCOUNT_FIELDS.test.api_key.column,
    hint: ACCOUNT_FIELDS.test.api_key.hint,
    url: ACCOUNT_FIELDS.test.api_url.column,
    slot: "test_api_key",
  },
} as const satisfies Record<
  Mode,
  { key: keyof SettingsColumns; hint: keyof SettingsColumns; url: keyof SettingsColumns; slot: KeySlot }
>

/** An empty row: nothing set in the admin. */
export const EMPTY_SETTINGS: SettingsColumns = {
  api_key_encrypted: null,
  api_key_hint: null,
  api_url: null,
  test_api_key_encrypted: null,
  test_api_key_hint: null,
  test_api_url: null,
  mode: null,
  ...(Object.fromEntries(SETTING_KEYS.map((key) => [key, null])) as SettingColumns),
}

/** The stored settings as they would be after writing `changes`, with the typed keys in clear. */
export function storedAfter(
  stored: StoredSettings,
  current: SettingsRow | undefined,
  changes: Partial<SettingsColumns>,
  patch: SettingsPatch
): StoredSettings {
  const { id: _id, created_at: _c, updated_at: _u, ...currentColumns } = current ?? { id: "", ...EMPTY_SETTINGS }
  const typed = (column: "api_key_encrypted" | "test_api_key_encrypted", value: unknown, kept?: string) =>
    column in changes ? (changes[column] ? String(value).trim() : undefined) : kept
  return {
    row: { id: "", ...currentColumns, ...changes },
    apiKey: typed("api_key_encrypted", patch.api_key, stored.apiKey),
    apiKeyProblem: "api_key_encrypted" in changes ? undefined : stored.apiKeyProblem,
    testApiKey: typed("test_api_key_encrypted", patch.test_api_key, stored.testApiKey),
    testApiKeyProblem: "test_api_key_encrypted" in changes ? undefined : stored.testApiKeyProblem,
  }
}

/**
 * A key typed without a URL is saved with the URL in effect for its account (pinned there even if
 * the options/env URL changes later), so that its ciphertext is bound to the URL it goes to. Run
 * before `settingsChanges`.
 */
export function withKeyUrls(
  patch: SettingsPatch,
  stored: StoredSettings,
  pluginOptions: BnplOptions,
  env: NodeJS.ProcessEnv = process.env
): SettingsPatch {
  const pinned = { ...patch }
  for (const mode of MODES) {
    const typed = patch[mode === "live" ? "api_key" : "test_api_key"]
    const urlField = mode === "live" ? "api_url" : "test_api_url"
    const inEffect = mergeSettings(stored, pluginOptions, env, mode).options.apiUrl
    if (typeof typed === "string" && typed.trim() && patch[urlField] === undefined && inEffect) {
      pinned[urlField] = inEffect
    }
  }
  return pinned
}

/**
 * Removing a saved key also drops the URL saved with it, so the options/env key never goes to a
 * URL the admin chose for another key. Adds those URL changes (the URLs written are checked by
 * `checkSettingsAfter`).
 */
export function pinKeyUrls(input: {
  changes: Partial<SettingsColumns>
  current?: SettingsRow
  stored: StoredSettings
  pluginOptions: BnplOptions
  env?: NodeJS.ProcessEnv
}): void {
  const { changes, current, pluginOptions, env = process.env } = input
  for (const mode of MODES) {
    const columns = ACCOUNT_COLUMNS[mode]
    const own = accountInputs(mode, {}, pluginOptions, env)
    const ownUrl = resolveOptions(own.pluginOptions, own.env).apiUrl
    const savedUrl = current?.[columns.url]
    const removedKey = columns.key in changes && !changes[columns.key]
    if (removedKey && !(columns.url in changes) && savedUrl && trimUrl(savedUrl) !== ownUrl) {
      changes[columns.url] = null
    }
  }
}

/**
 * Why a save changes the URL saved with a key it keeps (a key is bound to that URL: its
 * ciphertext opens with no other), or undefined.
 */
function keptKeyUrlProblem(mode: Mode, changes: Partial<SettingsColumns>, current: SettingsRow | undefined) {
  const columns = ACCOUNT_COLUMNS[mode]
  const savedUrl = current?.[columns.url] ? trimUrl(current[columns.url]!) : null
  const newUrl = changes[columns.url] ? trimUrl(changes[columns.url]!) : null
  if (!current?.[columns.key] || columns.key in changes || !(columns.url in changes) || savedUrl === newUrl) {
    return undefined
  }
  const field = mode === "test" ? "test_api_url" : "api_url"
  return `${field}: the saved API key is bound to the URL saved with it (${savedUrl ?? "none: the options/env URL"}); to change the URL, paste the ${mode === "test" ? "test " : ""}API key for the new one in the same save`
}

/**
 * Refuses a save that writes a URL the store's rules do not allow (service-url.ts: production
 * https, the allowed hosts, the backend's own network), that would send a key where it was not
 * typed for, or that moves a kept key's URL; checks the result as a whole. Throws a 400 naming
 * the field.
 */
export function checkSettingsAfter(input: {
  stored: StoredSettings
  after: StoredSettings
  changes: Partial<SettingsColumns>
  pluginOptions: BnplOptions
  env?: NodeJS.ProcessEnv
  /** The row before the save (default: the one `stored` was read from). */
  current?: SettingsRow
}): void {
  const { stored, after, changes, pluginOptions, env = process.env, current = stored.row } = input
  for (const mode of MODES) {
    const url = changes[ACCOUNT_COLUMNS[mode].url]
    const problem = url ? serviceUrlProblemFor(url, pluginOptions, env) : undefined
    if (problem) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Invalid settings: ${mode === "test" ? problem.replace(/^api_url\b/, "test_api_url") : problem}`
      )
    }
  }
  for (const mode of MODES) {
    const before = mergeSettings(stored, pluginOptions, env, mode)
    const merged = mergeSettings(after, pluginOptions, env, mode)
    const keyProblem = keyDestinationProblem(before, merged, !!changes[ACCOUNT_COLUMNS[mode].key])
    if (keyProblem) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Invalid settings: ${mode === "test" ? keyProblem.replace(/^api_url:/, "test_api_url:").replace("paste the API key", "paste the test API key") : keyProblem}`
      )
    }
    const bindingProblem = keptKeyUrlProblem(mode, changes, current)
    if (bindingProblem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${bindingProblem}`)
    }
    checkMergedSettings(merged)
  }
}
