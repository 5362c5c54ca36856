import { createHash } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import {
  allowedHostsFrom,
  BnplClient,
  isBnplError,
  serviceUrlProblem,
  SHIPPING_METHODS,
  trimUrl,
  type BnplServiceError,
  type Plan,
  type ServiceUrlRules,
} from "../client"
import {
  decryptWithSecret,
  encryptionSecret,
  encryptionSecrets,
  encryptSecret,
  EncryptionError,
  type EncryptionSecret,
  maskKey,
  type StoreSecretsConfig,
} from "./encryption"
import { formatCents } from "../lib/money"
import { resolveOptions, type BnplOptions, type ResolvedOptions } from "./options"
import { MAX_DEFERRED, MAX_INSTALMENTS, normalizePlan, planKey, planLabel } from "../lib/plans"
import type { ShippingOverride } from "../lib/shipping/mapping"
import { planBoundsProblems, type PlanBounds } from "../lib/plan-bounds"
import { exclusionsProblems, normalizeExclusions, type Exclusions } from "../lib/exclusions"
import { planProblem } from "../lib/plans"
import { MODES, type Mode } from "../lib/mode"

/**
 * The merchant's settings saved in the admin, and the one place that decides what the plugin
 * uses: **settings row (admin) > plugin/provider options > env (`BNPL_API_URL`,
 * `BNPL_API_KEY`) > built-in default**, field by field (a null column = not set in the admin).
 *
 * Read by the bnpl module (`getOptions()`) and by the payment provider, which runs in the
 * payment module's container and reads the same table through that container's
 * `__pg_connection__`. The row is cached per process for `SETTINGS_TTL_MS`, so a save made on
 * one instance applies on every instance within that time, without a restart; a save clears
 * this process's cache at once.
 */

export const SETTINGS_TABLE = "bnpl_settings"
export const SETTINGS_TTL_MS = 3_000

/** The columns of `bnpl_settings` as read with knex. */
export type SettingsRow = {
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
  plans: Plan[] | null
  auto_capture: boolean | null
  shipping_sync_enabled: boolean | null
  shipping_method_overrides: Record<string, ShippingOverride> | null
  verify_notification_signature: boolean | null
  notification_signature_header: string | null
  plan_bounds: PlanBounds[] | null
  exclusions: Exclusions | null
  created_at?: Date | string
  updated_at?: Date | string
}

/** The writable columns (everything but the id and timestamps). */
export type SettingsColumns = Omit<SettingsRow, "id" | "created_at" | "updated_at">

/** Options a store may give the plugin, including the settings that have no env variable. */
export type PluginOptions = BnplOptions

/** What the plugin uses: the resolved options plus the shipping sync settings. */
export type EffectiveOptions = ResolvedOptions & {
  shippingSyncEnabled: boolean
  /** Shipping option id → the merchant's choice of `shipping_method` / `express_delivery`. */
  shippingMethodOverrides: Record<string, ShippingOverride>
}

export { modeOf, MODES, type Mode } from "../lib/mode"

export const SETTING_FIELDS = [
  "api_key",
  "api_url",
  "plans",
  "auto_capture",
  "shipping_sync_enabled",
  "shipping_method_overrides",
  "verify_notification_signature",
  "notification_signature_header",
  "plan_bounds",
  "exclusions",
] as const
export type SettingField = (typeof SETTING_FIELDS)[number]

/** Where a value comes from; null: set nowhere (and no default). */
export type SettingSource = "settings" | "options" | "env" | "default" | null

export type EffectiveSettings = {
  /** The account these options talk to. */
  mode: Mode
  /** The store's current mode (what new payments use). */
  storeMode: Mode
  options: EffectiveOptions
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

/** Minimal knex surface used here (`__pg_connection__`). */
export type Knex = (table: string) => any

export type SettingsSource = {
  /** The container's `__pg_connection__`; without it only options and env apply. */
  knex?: Knex
  /** The container's `configModule` (its http secrets are the encryption fallback). */
  config?: StoreSecretsConfig
  logger?: { warn: (message: string) => void }
}

/** Resolves what a module or provider container offers for reading the settings. */
export function settingsSourceFrom(container: Record<string, unknown>): SettingsSource {
  const optional = <T>(key: string): T | undefined => {
    try {
      return (container as Record<string, unknown>)[key] as T | undefined
    } catch {
      return undefined // not registered in this container
    }
  }
  return {
    knex: optional<Knex>("__pg_connection__"),
    config: optional<StoreSecretsConfig>("configModule"),
    logger: optional<{ warn: (message: string) => void }>("logger"),
  }
}

// ---------------------------------------------------------------- reading (cached)

type Loaded = { row?: SettingsRow; apiKey?: string; apiKeyProblem?: string; testApiKey?: string; testApiKeyProblem?: string }
type CacheEntry = { at: number; generation: number; value: Promise<Loaded>; last?: Loaded }

const cache = new WeakMap<object, CacheEntry>()
let generation = 0
const warned = new Set<string>()

function warnOnce(source: SettingsSource, message: string) {
  if (!warned.has(message)) {
    warned.add(message)
    source.logger?.warn(message)
  }
}

/** Makes every reader of this process read the row again (after a save). */
export function forgetCachedSettings(): void {
  generation++
}

/** The settings row, straight from the database (the oldest live row, if several). */
export async function readSettingsRow(knex: Knex): Promise<SettingsRow | undefined> {
  const row = await knex(SETTINGS_TABLE).whereNull("deleted_at").orderBy("created_at", "asc").first()
  return (row as SettingsRow | undefined) ?? undefined
}

const isMissingTable = (e: unknown) => (e as { code?: string })?.code === "42P01"

async function readAndDecrypt(source: SettingsSource): Promise<Loaded> {
  const row = await readSettingsRow(source.knex!)
  if (!row) {
    return {}
  }
  const live = await decryptKey(source, row, "api_key_encrypted")
  const test = await decryptKey(source, row, "test_api_key_encrypted")
  return { row, apiKey: live.key, apiKeyProblem: live.problem, testApiKey: test.key, testApiKeyProblem: test.problem }
}

type KeyColumn = "api_key_encrypted" | "test_api_key_encrypted"

async function decryptKey(source: SettingsSource, row: SettingsRow, column: KeyColumn): Promise<{ key?: string; problem?: string }> {
  if (!row[column]) {
    return {}
  }
  try {
    const secrets = encryptionSecrets(source.config)
    const { plaintext, secret } = decryptWithSecret(row[column]!, secrets)
    if (secret !== secrets[0]) {
      await reencrypt(source, row, column, plaintext, secrets)
    }
    return { key: plaintext }
  } catch (e) {
    const problem = e instanceof EncryptionError ? e.message : "The stored API key cannot be read"
    warnOnce(source, `BNPL settings: ${problem}`)
    return { problem }
  }
}

/**
 * A key opened with a fallback secret (e.g. the cookie secret, before BNPL_ENCRYPTION_KEY was
 * set) is stored again under the preferred one, so the fallback can be retired. Best effort:
 * the key stays readable as it is if this fails.
 */
async function reencrypt(source: SettingsSource, row: SettingsRow, column: KeyColumn, plaintext: string, secrets: EncryptionSecret[]) {
  try {
    const encrypted = encryptSecret(plaintext, encryptionSecret(secrets))
    await source.knex!(SETTINGS_TABLE).where({ id: row.id, [column]: row[column] }).update({ [column]: encrypted })
  } catch (e) {
    warnOnce(source, `BNPL settings: the API key could not be re-encrypted with ${secrets[0].source} (${(e as Error).message})`)
  }
}

/** The settings row with its key decrypted, cached `SETTINGS_TTL_MS` per connection. */
export async function loadStoredSettings(source: SettingsSource): Promise<Loaded> {
  const knex = source.knex
  if (!knex) {
    return {}
  }
  const now = Date.now()
  const previous = cache.get(knex)
  if (previous && previous.generation === generation && now - previous.at < SETTINGS_TTL_MS) {
    return previous.value
  }
  const entry: CacheEntry = { at: now, generation, value: undefined as unknown as Promise<Loaded>, last: previous?.last }
  entry.value = readAndDecrypt(source).then(
    (loaded) => {
      entry.last = loaded
      return loaded
    },
    (e) => {
      if (isMissingTable(e)) {
        // The provider without the plugin's module (or before its migrations): options and env only.
        warnOnce(source, `BNPL settings: table ${SETTINGS_TABLE} not found; using the plugin options and env only`)
        return {}
      }
      cache.delete(knex)
      if (entry.last) {
        source.logger?.warn(`BNPL settings could not be read again (${(e as Error).message}); using the last ones read`)
        return entry.last
      }
      throw e
    }
  )
  cache.set(knex, entry)
  return entry.value
}

// ---------------------------------------------------------------- precedence

/** Where the key may go: production https and the allowed hosts (option `apiHosts` / env). */
export function urlRulesFor(pluginOptions: PluginOptions = {}, env: NodeJS.ProcessEnv = process.env): ServiceUrlRules {
  return { production: ["production", "prod"].includes(env.NODE_ENV || ""), allowedHosts: allowedHostsFrom(pluginOptions.apiHosts, env) }
}

/**
 * The store's mode: admin setting > option `mode` > env `BNPL_MODE` > test when only a test
 * account is configured (a test key in the admin, `testApiKey` or `BNPL_API_KEY_TEST`, and no
 * live key anywhere), else live. Pure.
 */
export function storeModeOf(loaded: Loaded, pluginOptions: PluginOptions = {}, env: NodeJS.ProcessEnv = process.env): Mode {
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
 * one set of key/URL rules serve both accounts. Pure.
 */
export function accountInputs(
  mode: Mode,
  loaded: Loaded,
  pluginOptions: PluginOptions = {},
  env: NodeJS.ProcessEnv = process.env
): { loaded: Loaded; pluginOptions: PluginOptions; env: NodeJS.ProcessEnv } {
  if (mode === "live") {
    return { loaded, pluginOptions, env }
  }
  const row = loaded.row
  return {
    loaded: {
      row: row && { ...row, api_key_encrypted: row.test_api_key_encrypted, api_key_hint: row.test_api_key_hint, api_url: row.test_api_url },
      apiKey: loaded.testApiKey,
      apiKeyProblem: loaded.testApiKeyProblem,
    },
    pluginOptions: { ...pluginOptions, apiKey: pluginOptions.testApiKey, apiUrl: pluginOptions.testApiUrl },
    env: { ...env, BNPL_API_KEY: env.BNPL_API_KEY_TEST, BNPL_API_URL: env.BNPL_API_URL_TEST },
  }
}

/**
 * What the plugin uses for one account (`mode`; default: the store's mode): settings row >
 * options > env > default, field by field. Pure.
 */
export function mergeSettings(
  loaded: Loaded,
  pluginOptions: PluginOptions = {},
  env: NodeJS.ProcessEnv = process.env,
  mode?: Mode
): EffectiveSettings {
  const storeMode = storeModeOf(loaded, pluginOptions, env)
  const account = accountInputs(mode ?? storeMode, loaded, pluginOptions, env)
  return { ...mergeAccount(account.loaded, account.pluginOptions, account.env), mode: mode ?? storeMode, storeMode }
}

function mergeAccount(
  loaded: Loaded,
  pluginOptions: PluginOptions,
  env: NodeJS.ProcessEnv
): Omit<EffectiveSettings, "mode" | "storeMode"> {
  const base = resolveOptions(pluginOptions, env)
  const row = loaded.row
  const set = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined

  const options: EffectiveOptions = {
    ...base,
    shippingSyncEnabled: pluginOptions.shippingSyncEnabled ?? true,
    shippingMethodOverrides: pluginOptions.shippingMethodOverrides ?? {},
  }
  const sources: Record<SettingField, SettingSource> = {
    api_key: pluginOptions.apiKey ? "options" : env.BNPL_API_KEY ? "env" : null,
    api_url: pluginOptions.apiUrl ? "options" : env.BNPL_API_URL ? "env" : null,
    plans: pluginOptions.plans?.length ? "options" : "default",
    auto_capture: set(pluginOptions.autoCapture) ? "options" : "default",
    shipping_sync_enabled: set(pluginOptions.shippingSyncEnabled) ? "options" : "default",
    shipping_method_overrides: set(pluginOptions.shippingMethodOverrides) ? "options" : "default",
    verify_notification_signature: set(pluginOptions.verifyNotificationSignature) ? "options" : "default",
    notification_signature_header: pluginOptions.notificationSignatureHeader ? "options" : null,
    ...checkoutRuleSources(pluginOptions),
  }
  let apiKeyProblem: string | undefined
  let apiKeyHint = options.apiKey ? maskKey(options.apiKey) : undefined

  let keyWithheld = false
  if (row) {
    if (row.api_key_encrypted) {
      // A key saved in the admin is the one meant: if it cannot be read, use none rather
      // than quietly falling back to another account's key. It goes to the URL saved with it
      // (rows saved before URLs were pinned with their key: the options/env URL).
      options.apiKey = loaded.apiKey
      apiKeyProblem = loaded.apiKeyProblem
      apiKeyHint = row.api_key_hint || (loaded.apiKey ? maskKey(loaded.apiKey) : "****")
      sources.api_key = "settings"
    }
    if (row.api_url) {
      options.apiUrl = trimUrl(row.api_url)
      sources.api_url = "settings"
      if (!row.api_key_encrypted && options.apiKey && options.apiUrl !== base.apiUrl) {
        // The key of the options/env only ever goes to the URL of the options/env.
        options.apiKey = undefined
        keyWithheld = true
        apiKeyProblem = `The service URL saved in the admin has no API key of its own: paste the key for ${options.apiUrl} (the key from the ${sources.api_key === "env" ? "environment" : "plugin options"} is only sent to ${base.apiUrl || "its own URL"})`
      }
    }
    if (Array.isArray(row.plans) && row.plans.length) {
      options.plans = row.plans.map(normalizePlan)
      sources.plans = "settings"
    }
    if (set(row.auto_capture)) {
      options.autoCapture = row.auto_capture
      sources.auto_capture = "settings"
    }
    if (set(row.shipping_sync_enabled)) {
      options.shippingSyncEnabled = row.shipping_sync_enabled
      sources.shipping_sync_enabled = "settings"
    }
    if (set(row.shipping_method_overrides)) {
      options.shippingMethodOverrides = row.shipping_method_overrides
      sources.shipping_method_overrides = "settings"
    }
    if (set(row.verify_notification_signature)) {
      options.verifyNotificationSignature = row.verify_notification_signature
      sources.verify_notification_signature = "settings"
    }
    if (row.notification_signature_header) {
      options.notificationSignatureHeader = row.notification_signature_header.toLowerCase()
      sources.notification_signature_header = "settings"
    }
    mergeCheckoutRules(row, options, sources)
  }
  const urlProblem = options.apiKey && options.apiUrl ? serviceUrlProblem(options.apiUrl, urlRulesFor(pluginOptions, env)) : undefined
  if (urlProblem) {
    // Also for a URL that became wrong after it was saved (NODE_ENV, BNPL_API_HOSTS changed).
    options.apiKey = undefined
    apiKeyProblem = `The key is not used: ${urlProblem}`
  }
  return { options, sources, apiKeyHint, apiKeyProblem, keyWithheld, row }
}

/**
 * Why a save must be refused because it would send a key the merchant did not type in that
 * same save to another URL than the one it went to before (or than its own, for the key of
 * the options/env). Pure: compares the effective settings before and after the save.
 */
export function keyDestinationProblem(before: EffectiveSettings, after: EffectiveSettings, typedKey: boolean): string | undefined {
  if (typedKey) {
    return undefined
  }
  const key = after.options.apiKey
  const movedKey = key && key === before.options.apiKey && after.options.apiUrl !== before.options.apiUrl
  if (movedKey || (after.keyWithheld && !before.keyWithheld)) {
    const from = before.options.apiUrl || "its own URL"
    return `api_url: the API key in use is only sent to ${from}; to use ${after.options.apiUrl}, paste the API key for it in the same save`
  }
  return undefined
}

/**
 * A short, one-way name for the account the options talk to (service URL + key), to keep
 * answers of one account apart from another's in caches. Does not reveal the key.
 */
export function accountFingerprint(options: Pick<ResolvedOptions, "apiKey" | "apiUrl">): string {
  return createHash("sha256")
    .update(`bnpl-account\n${options.apiUrl ?? ""}\n${options.apiKey ?? ""}`)
    .digest("hex")
    .slice(0, 16)
}

/**
 * What the plugin uses now, for a container's connection and its own options: the account of
 * `mode` (a payment's own mode), or of the store's current mode. The one way to get options
 * (and so a client) for an account.
 */
export async function effectiveSettings(
  source: SettingsSource,
  pluginOptions: PluginOptions = {},
  env: NodeJS.ProcessEnv = process.env,
  mode?: Mode
): Promise<EffectiveSettings> {
  return mergeSettings(await loadStoredSettings(source), pluginOptions, env, mode)
}

/** The admin's view: every effective value and where it comes from; never the key. */
export function settingsView(settings: EffectiveSettings, accounts?: Record<Mode, EffectiveSettings>) {
  const { options, sources } = settings
  return {
    mode: settings.storeMode,
    /** Each account's key state and URL (the top-level api_* fields: the current mode's). */
    ...(accounts ? { accounts: Object.fromEntries(MODES.map((m) => [m, accountView(accounts[m])])) } : {}),
    api_key_set: sources.api_key !== null,
    api_key_hint: settings.apiKeyHint ?? null,
    ...(settings.apiKeyProblem ? { api_key_problem: settings.apiKeyProblem } : {}),
    api_url: options.apiUrl || null,
    plans: options.plans,
    auto_capture: options.autoCapture,
    shipping_sync_enabled: options.shippingSyncEnabled,
    shipping_method_overrides: options.shippingMethodOverrides,
    verify_notification_signature: options.verifyNotificationSignature,
    notification_signature_header: options.notificationSignatureHeader ?? null,
    plan_bounds: options.planBounds,
    exclusions: options.exclusions,
    source: sources,
    updated_at: settings.row?.updated_at ? new Date(settings.row.updated_at).toISOString() : null,
  }
}

function accountView(settings: EffectiveSettings) {
  return {
    api_key_set: settings.sources.api_key !== null,
    api_key_hint: settings.apiKeyHint ?? null,
    api_key_problem: settings.apiKeyProblem ?? null,
    api_url: settings.options.apiUrl || null,
    source: { api_key: settings.sources.api_key, api_url: settings.sources.api_url },
  }
}

// ---------------------------------------------------------------- writing

/** The prefix the service gives each kind of key. */
const KEY_PREFIX: Record<Mode, string> = { test: "sk_test_", live: "sk_live_" }

/** Why a key cannot go in the slot it was pasted into (`live_api_key`, `test_api_key`). */
export function keySlotProblem(field: string, mode: Mode, key: string): string | undefined {
  const other: Mode = mode === "test" ? "live" : "test"
  if (key.startsWith(KEY_PREFIX[other])) {
    return `${field}: this is a ${other} key (${KEY_PREFIX[other]}...), it cannot be the ${mode} account's key: paste it in the ${other} account (${other}_api_key) or paste the ${mode} key (${KEY_PREFIX[mode]}...) here`
  }
  return undefined
}


/** The API key as typed in the admin. Its value is never echoed in an error message. */
const apiKeyInput = z
  .custom<string | null>((v) => v === null || typeof v === "string", {
    message: "api_key must be a string (an empty string or null removes the saved key)",
  })
  .superRefine((v, ctx) => {
    if (typeof v === "string") {
      const key = v.trim()
      if (key.length > 256) {
        ctx.addIssue({ code: "custom", message: "api_key is longer than 256 characters: paste only the key" })
      } else if (/\s/.test(key)) {
        ctx.addIssue({ code: "custom", message: "api_key must not contain spaces: paste only the key" })
      }
    }
  })

// The production and allowed-host rules are checked where the options are known (saving, verifying).
const apiUrlInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = serviceUrlProblem(value, { production: false })
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem })
    }
  })

const PLAN_FIELDS = ["installments_count", "deferred_days", "deferred_months"]

const shown = (v: unknown) => (typeof v === "string" ? `the string ${JSON.stringify(v)} (send a number)` : JSON.stringify(v))

/** Problems of one plan, each naming its field (`plans[1].installments_count`). */
function planIssues(value: unknown, i: number): string[] {
  const at = `plans[${i}]`
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return [`${at} must be an object like {"installments_count": 3}`]
  }
  const plan = value as Record<string, unknown>
  const issues: string[] = []
  const unknown = Object.keys(plan).filter((k) => !PLAN_FIELDS.includes(k))
  if (unknown.length) {
    issues.push(`${at} has unknown fields: ${unknown.join(", ")} (allowed: ${PLAN_FIELDS.join(", ")})`)
  }
  const count = plan.installments_count
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_INSTALMENTS) {
    issues.push(
      count === undefined
        ? `${at}.installments_count is required (a whole number from 1 to ${MAX_INSTALMENTS})`
        : `${at}.installments_count must be a whole number from 1 to ${MAX_INSTALMENTS}, got ${shown(count)}`
    )
  }
  for (const [key, max] of Object.entries(MAX_DEFERRED) as [keyof typeof MAX_DEFERRED, number][]) {
    const v = plan[key]
    if (v !== undefined && v !== null && (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > max)) {
      issues.push(`${at}.${key} must be a whole number from 0 to ${max}, got ${shown(v)}`)
    }
  }
  if (plan.deferred_days && plan.deferred_months) {
    issues.push(`${at}: a plan is deferred by days or by months, not both`)
  }
  return issues
}

// Checked by hand rather than with nested zod types, so that every message names the plan's
// field and says what was wrong with the value sent.
const plansInput = z
  .array(z.unknown())
  .min(1, { message: "plans must list at least one plan (null goes back to the default plans)" })
  .max(20)
  .superRefine((plans, ctx) => {
    const seen = new Set<string>()
    plans.forEach((plan, i) => {
      const issues = planIssues(plan, i)
      issues.forEach((message) => ctx.addIssue({ code: "custom", path: [i], message }))
      if (!issues.length) {
        const key = planKey(plan as Plan)
        if (seen.has(key)) {
          ctx.addIssue({ code: "custom", path: [i], message: `plans[${i}]: "${planLabel(plan as Plan)}" is listed twice` })
        }
        seen.add(key)
      }
    })
  })
  .transform((plans) => plans as Plan[])

/** The merchant's bounds per plan (lib/plan-bounds.ts), each problem naming its field. */
const planBoundsInput = z
  .array(z.unknown())
  .max(20)
  .superRefine((bounds, ctx) =>
    planBoundsProblems(bounds, "plan_bounds", planProblem).forEach((message) => ctx.addIssue({ code: "custom", message }))
  )
  .transform((bounds) => bounds as PlanBounds[])

/** Products excluded from instalment payment (lib/exclusions.ts). */
const exclusionsInput = z
  .unknown()
  .superRefine((value, ctx) =>
    exclusionsProblems(value, "exclusions").forEach((message) => ctx.addIssue({ code: "custom", message }))
  )
  .transform((value) => normalizeExclusions(value as Exclusions))

const shippingOverrideInput = z
  .object({
    shipping_method: z.enum(SHIPPING_METHODS).optional(),
    express_delivery: z.boolean().optional(),
  })
  .strict()

const headerInput = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, {
    message: "notification_signature_header must be a header name like x-bnpl-signature",
  })

/**
 * `POST /admin/bnpl/settings`: a partial update. An absent field keeps its value; null goes
 * back to the plugin options (or env, or the default); `api_key: ""` also removes the key.
 */
export const SettingsPatchSchema = z
  .object({
    /** The live account (`api_key`/`api_url`: its names before modes, not prefix-checked). */
    api_key: apiKeyInput.optional(),
    api_url: apiUrlInput.nullable().optional(),
    live_api_key: apiKeyInput.optional(),
    live_api_url: apiUrlInput.nullable().optional(),
    test_api_key: apiKeyInput.optional(),
    test_api_url: apiUrlInput.nullable().optional(),
    mode: z.enum(["test", "live"]).nullable().optional(),
    plans: plansInput.nullable().optional(),
    auto_capture: z.boolean().nullable().optional(),
    shipping_sync_enabled: z.boolean().nullable().optional(),
    shipping_method_overrides: z
      .record(z.string().trim().min(1).max(200), shippingOverrideInput)
      .nullable()
      .optional(),
    verify_notification_signature: z.boolean().nullable().optional(),
    notification_signature_header: headerInput.nullable().optional(),
    plan_bounds: planBoundsInput.nullable().optional(),
    exclusions: exclusionsInput.nullable().optional(),
  })
  .strict()

export type SettingsPatch = z.infer<typeof SettingsPatchSchema>

/** `POST /admin/bnpl/settings/verify`: what to try instead of the effective settings. */
export const VerifySettingsSchema = z
  .object({
    api_key: apiKeyInput.optional(),
    api_url: apiUrlInput.optional(),
    /** The account to verify (default: the store's mode). */
    mode: z.enum(["test", "live"]).optional(),
  })
  .strict()

export type VerifySettingsInput = z.infer<typeof VerifySettingsSchema>

/** Parses a patch (also when the caller is not an HTTP route): 400 naming the field. */
export function parseSettingsPatch(input: unknown): SettingsPatch {
  const result = SettingsPatchSchema.safeParse(input ?? {})
  if (!result.success) {
    // Messages name the field; none quotes a value (so never the key).
    const problems = result.error.issues.slice(0, 3).map((issue) => {
      const field = issue.path.join(".")
      return !field || issue.message.startsWith(String(issue.path[0])) ? issue.message : `${field}: ${issue.message}`
    })
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problems.join("; ")}`)
  }
  const patch = result.data
  for (const mode of MODES) {
    const key = patch[`${mode}_api_key`]
    const problem = typeof key === "string" ? keySlotProblem(`${mode}_api_key`, mode, key.trim()) : undefined
    if (problem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problem}`)
    }
  }
  if ((patch.live_api_key !== undefined && patch.api_key !== undefined) || (patch.live_api_url !== undefined && patch.api_url !== undefined)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid settings: send the live account as live_api_key/live_api_url or as api_key/api_url, not both")
  }
  const { live_api_key, live_api_url, ...rest } = patch
  return {
    ...rest,
    ...(live_api_key !== undefined ? { api_key: live_api_key } : {}),
    ...(live_api_url !== undefined ? { api_url: live_api_url } : {}),
  }
}

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
          changes[columns.key] = encryptSecret(key, encryptionSecret(encryptionSecrets(config, env), env))
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

/** Each account's columns in `bnpl_settings`. */
export const ACCOUNT_COLUMNS = {
  live: { key: "api_key_encrypted", hint: "api_key_hint", url: "api_url" },
  test: { key: "test_api_key_encrypted", hint: "test_api_key_hint", url: "test_api_url" },
} as const satisfies Record<Mode, { key: keyof SettingsColumns; hint: keyof SettingsColumns; url: keyof SettingsColumns }>

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
}

// ---------------------------------------------------------------- checkout rules (plan bounds, exclusions)
// Kept apart from the fields above: what checkout offers, beyond which plans.

function checkoutRuleSources(pluginOptions: PluginOptions): Pick<Record<SettingField, SettingSource>, "plan_bounds" | "exclusions"> {
  return {
    plan_bounds: pluginOptions.planBounds ? "options" : "default",
    exclusions: pluginOptions.exclusions ? "options" : "default",
  }
}

function mergeCheckoutRules(row: SettingsRow, options: EffectiveOptions, sources: Record<SettingField, SettingSource>): void {
  if (Array.isArray(row.plan_bounds)) {
    options.planBounds = row.plan_bounds
    sources.plan_bounds = "settings"
  }
  if (row.exclusions && typeof row.exclusions === "object") {
    options.exclusions = normalizeExclusions(row.exclusions)
    sources.exclusions = "settings"
  }
}

function checkoutRuleChanges(patch: SettingsPatch): Partial<SettingsColumns> {
  const changes: Partial<SettingsColumns> = {}
  if (patch.plan_bounds !== undefined) {
    changes.plan_bounds = patch.plan_bounds
  }
  if (patch.exclusions !== undefined) {
    changes.exclusions = patch.exclusions
  }
  return changes
}

// ---------------------------------------------------------------- verifying a key

export type VerifyResult = {
  result: "works" | "not_activated" | "unauthorized" | "unreachable" | "not_configured"
  message: string
}

const VERIFY_AMOUNT_CENTS = 10_000
const VERIFY_TIMEOUT_MS = 5_000

/**
 * What went wrong, in our own words only: the remote server's text is never echoed, so Verify
 * cannot be used to read what other servers answer (no port-scanning oracle).
 */
function reachability(e: unknown): string {
  const error = isBnplError(e) ? (e as BnplServiceError) : undefined
  if (!error) {
    return "unexpected error"
  }
  if (error.code === "malformed_answer") {
    return "the server answered, but not as the service does (is this the service's API URL?)"
  }
  if (error.status && error.status >= 300 && error.status < 400) {
    return `the server answered with a redirect (HTTP ${error.status}), which is not followed: give the service's own URL`
  }
  if (error.status) {
    return `the server answered HTTP ${error.status}`
  }
  return /timed out/.test(error.message) ? "no answer in time" : "no connection could be made"
}

/**
 * One eligibility call (100.00 EUR in 3 instalments) with the given key and URL, told in
 * plain words. Never throws for a service problem; never says the key.
 */
export async function verifyServiceAccess(input: {
  apiKey?: string
  apiUrl?: string
  timeoutMs?: number
  apiKeyProblem?: string
}): Promise<VerifyResult> {
  if (!input.apiKey) {
    return {
      result: "not_configured",
      message:
        input.apiKeyProblem ??
        "No API key is set: paste the key the service gave you (or set BNPL_API_KEY in the backend's environment)",
    }
  }
  if (!input.apiUrl) {
    return {
      result: "not_configured",
      message: "No service URL is set: enter the service's API URL (or set BNPL_API_URL in the backend's environment)",
    }
  }
  const timeoutMs = Math.min(input.timeoutMs ?? VERIFY_TIMEOUT_MS, VERIFY_TIMEOUT_MS)
  try {
    const client = new BnplClient({ apiKey: input.apiKey, baseUrl: input.apiUrl, timeoutMs, retries: 0 })
    await client.checkEligibility(
      { purchase_amount: VERIFY_AMOUNT_CENTS, installments_count: 3 },
      { retries: 0, timeoutMs }
    )
    return {
      result: "works",
      message: `The key works: the service answered an eligibility check for ${formatCents(VERIFY_AMOUNT_CENTS, "eur")} in 3 instalments`,
    }
  } catch (e) {
    if (isBnplError(e) && e.code === "not_activated") {
      return {
        result: "not_activated",
        message:
          "The key is valid, but the merchant account is not activated yet: finish the activation with the service, then verify again",
      }
    }
    if (isBnplError(e) && e.code === "unauthorized") {
      return {
        result: "unauthorized",
        message:
          "The service rejected the key: check that you pasted the whole key, and that it is for this service URL (test or live)",
      }
    }
    return {
      result: "unreachable",
      message: `The service could not be reached at ${input.apiUrl}: ${reachability(e)}`,
    }
  }
}
