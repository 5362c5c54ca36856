import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"
import { trimUrl } from "../../../client/service-url"

/**
 * Encryption of the service API key at rest (AES-256-GCM, authenticated).
 *
 * The 256-bit key is derived with HKDF-SHA256 from a secret of the backend, first found of:
 *   1. env `BNPL_ENCRYPTION_KEY` (recommended: a long random string, e.g. `openssl rand -hex 32`);
 *   2. the store's cookie secret (`projectConfig.http.cookieSecret`, else env `COOKIE_SECRET`);
 *   3. the store's JWT secret (`projectConfig.http.jwtSecret`, else env `JWT_SECRET`).
 * Changing that secret makes a stored key unreadable: the merchant pastes it again. A value
 * encrypted under an earlier secret of this list still decrypts while that secret is around
 * (e.g. after `BNPL_ENCRYPTION_KEY` is added), so adding the dedicated key breaks nothing.
 *
 * Format: `v3:<iv base64>:<auth tag base64>:<ciphertext base64>` (12-byte IV, 16-byte tag), the
 * associated data naming the key's slot (`bnpl_settings.live_api_key` / `.test_api_key`) and the
 * service URL saved with it (none: the options/env URL): a ciphertext copied into the other slot,
 * or left in place while the URL beside it is edited in the database, does not decrypt, so the
 * key only ever travels to the URL it was saved with. Only this format is read: 0.1.0 is the first
 * release, so no store holds a value of the forms tried before it.
 */

const VERSION = "v3"
const SALT = Buffer.from("medusa-plugin-bnpl/settings", "utf8")
const INFO = Buffer.from("bnpl api key v1", "utf8")
/** Where a key is stored: its ciphertext only decrypts there. */
export type KeySlot = "live_api_key" | "test_api_key"
/**
 * Binds a ciphertext to its slot and its URL (trimmed; null or empty: none saved, the key goes to
 * the URL of the options/env): a value copied into another column, or under another URL, does not
 * decrypt.
 */
const bindingAad = (slot: KeySlot, url: string | null | undefined) =>
  Buffer.from(`bnpl_settings.${slot}\n${typeof url === "string" ? trimUrl(url) : ""}`, "utf8")
// Medusa's development default for its secrets: never good enough in production.
const KNOWN_DEFAULT_SECRETS = ["supersecret"]
/** A dedicated encryption key shorter than this is refused (32 = `openssl rand -hex 16`). */
export const MIN_ENCRYPTION_KEY_LENGTH = 32

const isProduction = (env: NodeJS.ProcessEnv) => ["production", "prod"].includes(env.NODE_ENV || "")

export type SecretSource = "BNPL_ENCRYPTION_KEY" | "cookie secret" | "JWT secret"
export type EncryptionSecret = { source: SecretSource; secret: string }

/** What the store's config says about its secrets (`configModule.projectConfig.http`). */
export type StoreSecretsConfig = {
  projectConfig?: { http?: { cookieSecret?: string; jwtSecret?: string } }
}

export class EncryptionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "EncryptionError"
  }
}

/** The secrets a key may be encrypted with, preferred first, without duplicates. */
export function encryptionSecrets(
  config?: StoreSecretsConfig,
  env: NodeJS.ProcessEnv = process.env
): EncryptionSecret[] {
  const http = config?.projectConfig?.http ?? {}
  const candidates: EncryptionSecret[] = [
    { source: "BNPL_ENCRYPTION_KEY", secret: env.BNPL_ENCRYPTION_KEY ?? "" },
    { source: "cookie secret", secret: http.cookieSecret || env.COOKIE_SECRET || "" },
    { source: "JWT secret", secret: http.jwtSecret || env.JWT_SECRET || "" },
  ]
  const seen = new Set<string>()
  return candidates.filter(({ secret }) => {
    if (!secret || seen.has(secret)) {
      return false
    }
    seen.add(secret)
    return true
  })
}

const derived = new Map<string, Buffer>()

function deriveKey(secret: string): Buffer {
  let key = derived.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), SALT, INFO, 32))
    derived.set(secret, key)
  }
  return key
}

/** The secret to encrypt with, or a clear error saying how to provide one. */
export function encryptionSecret(secrets: EncryptionSecret[], env: NodeJS.ProcessEnv = process.env): EncryptionSecret {
  const chosen = secrets[0]
  if (!chosen) {
    throw new EncryptionError(
      "The API key cannot be stored: no encryption secret is configured. Set BNPL_ENCRYPTION_KEY " +
        "(a long random string, e.g. from `openssl rand -hex 32`) in the backend's environment, " +
        "or the store's COOKIE_SECRET, then save again"
    )
  }
  if (chosen.source === "BNPL_ENCRYPTION_KEY" && chosen.secret.length < MIN_ENCRYPTION_KEY_LENGTH) {
    throw new EncryptionError(
      `The API key cannot be stored: BNPL_ENCRYPTION_KEY is shorter than ${MIN_ENCRYPTION_KEY_LENGTH} characters. ` +
        "Set it to a long random string (e.g. from `openssl rand -hex 32`), then save again"
    )
  }
  if (isProduction(env) && KNOWN_DEFAULT_SECRETS.includes(chosen.secret)) {
    throw new EncryptionError(
      `The API key cannot be stored: the ${chosen.source} is Medusa's development default. Set BNPL_ENCRYPTION_KEY ` +
        "(a long random string) in the backend's environment, then save again"
    )
  }
  return chosen
}

/** Encrypts a key for its slot and the URL it is saved with (null: none, the options/env URL). */
export function encryptSecret(
  plaintext: string,
  secret: EncryptionSecret,
  slot: KeySlot,
  url: string | null | undefined
): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", deriveKey(secret.secret), iv)
  cipher.setAAD(bindingAad(slot, url))
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  const tag = cipher.getAuthTag()
  return [VERSION, iv.toString("base64"), tag.toString("base64"), ciphertext.toString("base64")].join(":")
}

/**
 * The plaintext, trying each secret (preferred first). Throws an `EncryptionError` that
 * says what to do when the value is malformed, tampered with, from another secret, or bound
 * to another slot or URL.
 */
export function decryptSecret(
  value: string,
  secrets: EncryptionSecret[],
  slot: KeySlot,
  url: string | null | undefined,
  env: NodeJS.ProcessEnv = process.env
): string {
  return decryptWithSecret(value, secrets, slot, url, env).plaintext
}

/**
 * The plaintext, the secret that opened it, and whether to store it again (`stale`: opened with
 * a fallback secret). In production, Medusa's default secrets open nothing: anyone who has read
 * the source knows them.
 */
export function decryptWithSecret(
  value: string,
  secrets: EncryptionSecret[],
  slot: KeySlot,
  url: string | null | undefined,
  env: NodeJS.ProcessEnv = process.env
): { plaintext: string; secret: EncryptionSecret; stale: boolean } {
  const usable = isProduction(env) ? secrets.filter(({ secret }) => !KNOWN_DEFAULT_SECRETS.includes(secret)) : secrets
  const parts = typeof value === "string" ? value.split(":") : []
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new EncryptionError(
      `The stored API key is not in a format this plugin version reads (expected ${VERSION}): paste the key again in the settings`
    )
  }
  const [, ivText, tagText, ciphertextText] = parts
  const aad = bindingAad(slot, url)
  const iv = Buffer.from(ivText, "base64")
  const tag = Buffer.from(tagText, "base64")
  const ciphertext = Buffer.from(ciphertextText, "base64")
  if (iv.length !== 12 || tag.length !== 16) {
    throw new EncryptionError("The stored API key is damaged: paste the key again in the settings")
  }
  if (!usable.length) {
    throw new EncryptionError(
      secrets.length
        ? "The stored API key cannot be read in production: it was encrypted with Medusa's default secret. Set BNPL_ENCRYPTION_KEY, then paste the key again"
        : "The stored API key cannot be read: no encryption secret is configured (BNPL_ENCRYPTION_KEY or the store's COOKIE_SECRET)"
    )
  }
  for (const secret of usable) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", deriveKey(secret.secret), iv)
      decipher.setAAD(aad)
      decipher.setAuthTag(tag)
      const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8")
      return { plaintext, secret, stale: secret !== secrets[0] }
    } catch {
      // Wrong secret, another slot or URL, or tampered value: try the next secret, never return a partial result.
    }
  }
  throw new EncryptionError(
    "The stored API key cannot be decrypted: the encryption secret changed (BNPL_ENCRYPTION_KEY or the store's " +
      "COOKIE_SECRET), or the stored value or the service URL saved with it was altered in the database. Paste the key again in the settings"
  )
}

/**
 * A hint that identifies a key without revealing it: the prefix up to the second underscore
 * (`sk_test_`), else the first 3 characters, then `...` and the last 4 characters. At least
 * 8 characters always stay hidden; a key too short for that shows nothing.
 */
export function maskKey(key: string): string {
  const k = String(key ?? "").trim()
  const visibleEnd = 4
  const minHidden = 8
  if (k.length < 3 + visibleEnd + minHidden) {
    return "****"
  }
  const second = k.indexOf("_", k.indexOf("_") + 1)
  let prefix = k.indexOf("_") >= 0 && second > 0 && second < 12 ? k.slice(0, second + 1) : k.slice(0, 3)
  if (k.length - prefix.length - visibleEnd < minHidden) {
    prefix = k.slice(0, 3)
  }
  return `${prefix}...${k.slice(-visibleEnd)}`
}
