import {
  decryptWithSecret,
  encryptionSecret,
  encryptionSecrets,
  encryptSecret,
  EncryptionError,
  type EncryptionSecret,
  type StoreSecretsConfig,
} from "./encryption"
import { ACCOUNT_COLUMNS } from "./changes"
import { mergeSettings } from "./precedence"
import type { BnplOptions, EffectiveSettings, SettingsRow, StoredSettings } from "./types"
import type { Mode } from "../../../lib/settings/mode"
import { keptInMemory } from "../../../lib/infrastructure/process-memory"

/**
 * The one settings reader: the admin's row with its keys decrypted. Knex, not the module's
 * generated methods, because the payment provider reads it too, and the provider runs in the
 * payment module's container, where only that container's `__pg_connection__` exists.
 *
 * Read by the bnpl module (`getOptions()`) and by the payment provider, which runs in the
 * payment module's container and reads the same table through that container's
 * `__pg_connection__`. The row is cached per process for `SETTINGS_TTL_MS`, so a save made on
 * one instance applies on every instance within that time, without a restart; a save clears
 * this process's cache at once.
 */

export const SETTINGS_TABLE = "bnpl_settings"
export const SETTINGS_TTL_MS = 3_000

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

type CacheEntry = { at: number; generation: number; value: Promise<StoredSettings>; last?: StoredSettings }

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
keptInMemory({ clear: forgetCachedSettings })

/** The settings row, straight from the database (the oldest live row, if several). */
export async function readSettingsRow(knex: Knex): Promise<SettingsRow | undefined> {
  const row = await knex(SETTINGS_TABLE).whereNull("deleted_at").orderBy("created_at", "asc").first()
  return (row as SettingsRow | undefined) ?? undefined
}

const isMissingTable = (e: unknown) => (e as { code?: string })?.code === "42P01"

async function readAndDecrypt(source: SettingsSource): Promise<StoredSettings> {
  const row = await readSettingsRow(source.knex!)
  if (!row) {
    return {}
  }
  const live = await decryptKey(source, row, ACCOUNT_COLUMNS.live)
  const test = await decryptKey(source, row, ACCOUNT_COLUMNS.test)
  return { row, apiKey: live.key, apiKeyProblem: live.problem, testApiKey: test.key, testApiKeyProblem: test.problem }
}

/** One account's key column, the URL column beside it, and the slot its ciphertext is bound to. */
type KeyPlace = Pick<(typeof ACCOUNT_COLUMNS)[Mode], "key" | "url" | "slot">

async function decryptKey(
  source: SettingsSource,
  row: SettingsRow,
  place: KeyPlace
): Promise<{ key?: string; problem?: string }> {
  const { key: column, url: urlColumn, slot } = place
  if (!row[column]) {
    return {}
  }
  try {
    const secrets = encryptionSecrets(source.config)
    const opened = decryptWithSecret(row[column]!, secrets, slot, row[urlColumn], process.env)
    if (opened.stale) await reencrypt(source, row, place, opened.plaintext, secrets)
    return { key: opened.plaintext }
  } catch (e) {
    const problem = e instanceof EncryptionError ? e.message : "The stored API key cannot be read"
    warnOnce(source, `BNPL settings: ${problem}`)
    return { problem }
  }
}

/**
 * A key opened with a fallback secret (e.g. the cookie secret, before BNPL_ENCRYPTION_KEY was
 * set), is stored again under the preferred secret, bound to its slot and the URL saved beside it, so the fallback can be retired.
 * True when stored; a failure leaves the value as it is (still readable under its secret).
 */
async function reencrypt(
  source: SettingsSource,
  row: SettingsRow,
  { key: column, url: urlColumn, slot }: KeyPlace,
  plaintext: string,
  secrets: EncryptionSecret[]
): Promise<boolean> {
  try {
    const encrypted = encryptSecret(plaintext, encryptionSecret(secrets), slot, row[urlColumn])
    await source.knex!(SETTINGS_TABLE)
      .where({ id: row.id, [column]: row[column] })
      .update({ [column]: encrypted })
    return true
  } catch (e) {
    warnOnce(
      source,
      `BNPL settings: the API key could not be re-encrypted with ${secrets[0].source} (${(e as Error).message})`
    )
    return false
  }
}

/** The settings row with its key decrypted, cached `SETTINGS_TTL_MS` per connection. */
export async function loadStoredSettings(source: SettingsSource): Promise<StoredSettings> {
  const knex = source.knex
  if (!knex) {
    return {}
  }
  const now = Date.now()
  const previous = cache.get(knex)
  if (previous && previous.generation === generation && now - previous.at < SETTINGS_TTL_MS) {
    return previous.value
  }
  const entry: CacheEntry = {
    at: now,
    generation,
    value: undefined as unknown as Promise<StoredSettings>,
    last: previous?.last,
  }
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

/**
 * What the plugin uses now, for a container's connection and its own options: the account of
 * `mode` (a payment's own mode), or of the store's current mode. The one way to get options
 * (and so a client) for an account.
 */
export async function effectiveSettings(
  source: SettingsSource,
  pluginOptions: BnplOptions = {},
  env: NodeJS.ProcessEnv = process.env,
  mode?: Mode
): Promise<EffectiveSettings> {
  return mergeSettings(await loadStoredSettings(source), pluginOptions, env, mode)
}
