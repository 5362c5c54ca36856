import { MedusaError } from "@medusajs/framework/utils"
import { trimUrl } from "../../../client"
import { MODES, type Mode } from "../../../lib/mode"
import { normalizePlan } from "../../../lib/plans"
import {
  encryptionSecret,
  encryptionSecrets,
  encryptSecret,
  EncryptionError,
  maskKey,
  type KeySlot,
  type StoreSecretsConfig,
} from "./encryption"
import { resolveOptions } from "./options"
import type { SettingsPatch } from "./patch"
import { accountInputs, keyDestinationProblem, mergeSettings, serviceUrlProblemFor } from "./precedence"
import type { BnplOptions, EffectiveSettings, SettingsColumns, SettingsRow, StoredSettings } from "./types"

/** What a save writes: pure, from the parsed patch (patch.ts) and what is stored now. */

/**
 * The columns to write for a (parsed) patch: the key encrypted with its hint, the rest
 * normalised. Throws a 400-kind error when the key cannot be encrypted.
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
    if (typed !== undefined) {
      const key = typeof typed === "string" ? typed.trim() : ""
      if (!key) {
        changes[columns.key] = null
        changes[columns.hint] = null
      } else {
        try {
          const secret = encryptionSecret(encryptionSecrets(config, env), env)
          changes[columns.key] = encryptSecret(key, secret, columns.slot)
        } catch (e) {
          throw new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            e instanceof EncryptionError ? e.message : "The API key could not be encrypted"
          )
        }
        changes[columns.hint] = maskKey(key)
      }
    }
    const url = patch[mode === "live" ? "api_url" : "test_api_url"]
    if (url !== undefined) {
      changes[columns.url] = url ? trimUrl(url) : null
    }
  }
  if (patch.mode !== undefined) {
    changes.mode = patch.mode
  }
  if (patch.plans !== undefined) {
    changes.plans = patch.plans ? patch.plans.map(normalizePlan) : null
  }
  for (const field of ["auto_capture", "shipping_sync_enabled", "verify_notification_signature"] as const) {
    if (patch[field] !== undefined) {
      changes[field] = patch[field]
    }
  }
  if (patch.shipping_method_overrides !== undefined) {
    changes.shipping_method_overrides = patch.shipping_method_overrides
  }
  if (patch.notification_signature_header !== undefined) {
    changes.notification_signature_header = patch.notification_signature_header?.toLowerCase() ?? null
  }
  Object.assign(changes, checkoutRuleChanges(patch))
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
  live: { key: "api_key_encrypted", hint: "api_key_hint", url: "api_url", slot: "live_api_key" },
  test: { key: "test_api_key_encrypted", hint: "test_api_key_hint", url: "test_api_url", slot: "test_api_key" },
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
  plans: null,
  auto_capture: null,
  shipping_sync_enabled: null,
  shipping_method_overrides: null,
  verify_notification_signature: null,
  notification_signature_header: null,
  plan_bounds: null,
  exclusions: null,
  eligibility_api: null,
}

function checkoutRuleChanges(patch: SettingsPatch): Partial<SettingsColumns> {
  const changes: Partial<SettingsColumns> = {}
  if (patch.plan_bounds !== undefined) {
    changes.plan_bounds = patch.plan_bounds
  }
  if (patch.exclusions !== undefined) {
    changes.exclusions = patch.exclusions
  }
  if (patch.eligibility_api !== undefined) {
    changes.eligibility_api = patch.eligibility_api
  }
  return changes
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
 * Each account's key goes to the URL it belongs to: a typed key is pinned to the URL in effect
 * (even if the options/env URL changes later); removing a saved key also drops the URL saved
 * with it, so the options/env key never goes to a URL the admin chose for another key. Adds
 * those URL changes, then checks every URL written. Throws a 400 naming the field.
 */
export function pinKeyUrls(input: {
  changes: Partial<SettingsColumns>
  current?: SettingsRow
  stored: StoredSettings
  pluginOptions: BnplOptions
  env?: NodeJS.ProcessEnv
}): void {
  const { changes, current, stored, pluginOptions, env = process.env } = input
  for (const mode of MODES) {
    const columns = ACCOUNT_COLUMNS[mode]
    const before = mergeSettings(stored, pluginOptions, env, mode)
    const typedKey = !!changes[columns.key]
    if (typedKey && !(columns.url in changes) && before.options.apiUrl) {
      changes[columns.url] = before.options.apiUrl
    }
    const own = accountInputs(mode, {}, pluginOptions, env)
    const ownUrl = resolveOptions(own.pluginOptions, own.env).apiUrl
    const savedUrl = current?.[columns.url]
    if (columns.key in changes && !typedKey && !(columns.url in changes) && savedUrl && trimUrl(savedUrl) !== ownUrl) {
      changes[columns.url] = null
    }
    const url = changes[columns.url]
    const problem = url ? serviceUrlProblemFor(url, pluginOptions, env) : undefined
    if (problem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problem}`)
    }
  }
}

/** Refuses a save that would send a key where it was not typed for; checks the result as a whole. */
export function checkSettingsAfter(input: {
  stored: StoredSettings
  after: StoredSettings
  changes: Partial<SettingsColumns>
  pluginOptions: BnplOptions
  env?: NodeJS.ProcessEnv
}): void {
  const { stored, after, changes, pluginOptions, env = process.env } = input
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
    checkMergedSettings(merged)
  }
}
