import { createCipheriv, hkdfSync, randomBytes } from "node:crypto"
import { decryptSecret, decryptWithSecret, encryptionSecrets, encryptSecret } from "../encryption"
import { forgetCachedSettings, loadStoredSettings } from "../reader"

const LIVE_KEY = "sk_live_abcdefghijklmnop1234"
const TEST_KEY = "sk_test_active_0000000000000000"
const LIVE_URL = "https://api.example.com"
const TEST_URL = "https://sandbox.example.com"
const env = { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef" }
const secrets = encryptionSecrets(undefined, env)

/** A value in a form tried before 0.1.0 (v1: one AAD for both keys; v2: bound to its slot only). */
function legacy(version: "v1" | "v2", plaintext: string, slot: "live_api_key" | "test_api_key" = "live_api_key") {
  const key = Buffer.from(
    hkdfSync("sha256", env.BNPL_ENCRYPTION_KEY, "medusa-plugin-bnpl/settings", "bnpl api key v1", 32) as ArrayBuffer
  )
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(Buffer.from(version === "v1" ? "bnpl_settings.api_key" : `bnpl_settings.${slot}`, "utf8"))
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  return [version, iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":")
}

describe("a stored key is bound to its slot (live_api_key / test_api_key) and to its URL", () => {
  it("reads back in its own slot, with its own URL", () => {
    const live = encryptSecret(LIVE_KEY, secrets[0], "live_api_key", LIVE_URL)
    expect(decryptSecret(live, secrets, "live_api_key", LIVE_URL, env)).toBe(LIVE_KEY)
    const test = encryptSecret(TEST_KEY, secrets[0], "test_api_key", null)
    expect(decryptSecret(test, secrets, "test_api_key", null, env)).toBe(TEST_KEY)
  })

  it("refuses a ciphertext moved to the other slot (test and live swapped in the database)", () => {
    const live = encryptSecret(LIVE_KEY, secrets[0], "live_api_key", LIVE_URL)
    const test = encryptSecret(TEST_KEY, secrets[0], "test_api_key", LIVE_URL)
    expect(() => decryptSecret(live, secrets, "test_api_key", LIVE_URL, env)).toThrow(/cannot be decrypted/)
    expect(() => decryptSecret(test, secrets, "live_api_key", LIVE_URL, env)).toThrow(/cannot be decrypted/)
  })

  it("refuses a ciphertext under another URL than the one it was saved with (or none)", () => {
    const live = encryptSecret(LIVE_KEY, secrets[0], "live_api_key", LIVE_URL)
    for (const url of ["https://collector.attacker.example", TEST_URL, null, ""]) {
      expect(() => decryptSecret(live, secrets, "live_api_key", url, env)).toThrow(/URL saved with it was altered/)
    }
    const unbound = encryptSecret(LIVE_KEY, secrets[0], "live_api_key", null)
    expect(() => decryptSecret(unbound, secrets, "live_api_key", LIVE_URL, env)).toThrow(/cannot be decrypted/)
  })

  it("reads its own format only: a value of a form tried before 0.1.0 (bound to no URL) opens nothing", () => {
    for (const version of ["v1", "v2"] as const) {
      expect(() => decryptSecret(legacy(version, LIVE_KEY), secrets, "live_api_key", LIVE_URL, env)).toThrow(
        /not in a format this plugin version reads \(expected v3\)/
      )
    }
    const current = encryptSecret(LIVE_KEY, secrets[0], "live_api_key", LIVE_URL)
    expect(decryptWithSecret(current, secrets, "live_api_key", LIVE_URL, env)).toEqual({
      plaintext: LIVE_KEY,
      secret: secrets[0],
      stale: false,
    })
  })
})

describe("the settings reader stores a key opened with a fallback secret again, bound to slot and URL", () => {
  const COOKIE_SECRET = "a-cookie-secret-of-the-store-0123456789"
  const fallback = { source: "cookie secret" as const, secret: COOKIE_SECRET }

  async function load(knex: unknown) {
    const previous = { key: process.env.BNPL_ENCRYPTION_KEY, cookie: process.env.COOKIE_SECRET }
    process.env.BNPL_ENCRYPTION_KEY = env.BNPL_ENCRYPTION_KEY
    process.env.COOKIE_SECRET = COOKIE_SECRET
    try {
      forgetCachedSettings()
      return await loadStoredSettings({ knex: knex as any })
    } finally {
      for (const [name, value] of [
        ["BNPL_ENCRYPTION_KEY", previous.key],
        ["COOKIE_SECRET", previous.cookie],
      ] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  }

  /** A knex stand-in holding one settings row; its updates fail while `failing()` says so. */
  function fakeKnex(row: Record<string, unknown>, failing = () => false) {
    return () => ({
      whereNull: () => ({ orderBy: () => ({ first: async () => ({ ...row }) }) }),
      where: (match: Record<string, unknown>) => ({
        update: async (changes: Record<string, unknown>) => {
          if (failing()) throw new Error("read-only")
          if (Object.entries(match).every(([k, v]) => row[k] === v)) Object.assign(row, changes)
          return 1
        },
      }),
    })
  }

  it("a value of a form tried before 0.1.0 is refused with what to do, and never written again", async () => {
    const row: Record<string, unknown> = {
      id: "bnplset_1",
      api_key_encrypted: legacy("v1", LIVE_KEY),
      api_url: LIVE_URL,
      test_api_key_encrypted: legacy("v2", TEST_KEY, "test_api_key"),
    }
    const loaded = await load(fakeKnex(row))
    expect(loaded.apiKey).toBeUndefined()
    expect(loaded.testApiKey).toBeUndefined()
    expect(loaded.apiKeyProblem).toMatch(/paste the key again in the settings/)
    expect(row.api_key_encrypted).toMatch(/^v1:/)
    expect(row.test_api_key_encrypted).toMatch(/^v2:/)
  })

  it("stores it again under BNPL_ENCRYPTION_KEY; a re-encryption that fails is tried at the next read (still readable)", async () => {
    const row: Record<string, unknown> = {
      id: "bnplset_1",
      api_key_encrypted: encryptSecret(LIVE_KEY, fallback, "live_api_key", LIVE_URL),
      api_url: LIVE_URL,
    }
    let fail = true
    const knex = fakeKnex(row, () => fail)
    const before = row.api_key_encrypted
    expect((await load(knex)).apiKey).toBe(LIVE_KEY)
    expect(row.api_key_encrypted).toBe(before)
    fail = false
    expect((await load(knex)).apiKey).toBe(LIVE_KEY)
    expect(row.api_key_encrypted).not.toBe(before)
    expect(decryptSecret(row.api_key_encrypted as string, secrets, "live_api_key", LIVE_URL, env)).toBe(LIVE_KEY)
    expect(() => decryptSecret(row.api_key_encrypted as string, secrets, "test_api_key", LIVE_URL, env)).toThrow(
      /cannot be decrypted/
    )
  })
})
