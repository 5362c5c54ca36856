import { createCipheriv, hkdfSync, randomBytes } from "node:crypto"
import { decryptSecret, decryptWithSecret, encryptionSecrets, encryptSecret } from "../encryption"
import { forgetCachedSettings, loadStoredSettings } from "../reader"

const LIVE_KEY = "sk_live_abcdefghijklmnop1234"
const TEST_KEY = "sk_test_active_0000000000000000"
const LIVE_URL = "https://api.example.com"
const TEST_URL = "https://sandbox.example.com"
const env = { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef" }
const secrets = encryptionSecrets(undefined, env)

/** A value as stored by earlier versions: v1 (one AAD for both keys) or v2 (bound to its slot only). */
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

  it("reads values of earlier versions (v1, v2) only when asked, and says they are to be stored again", () => {
    for (const version of ["v1", "v2"] as const) {
      const old = legacy(version, LIVE_KEY)
      expect(() => decryptSecret(old, secrets, "live_api_key", LIVE_URL, env)).toThrow(
        /earlier version .* no longer read/
      )
      expect(decryptWithSecret(old, secrets, "live_api_key", LIVE_URL, env, { legacy: true })).toMatchObject({
        plaintext: LIVE_KEY,
        stale: true,
        legacy: version,
      })
    }
    // v2 was bound to its slot already.
    expect(() =>
      decryptWithSecret(legacy("v2", LIVE_KEY), secrets, "test_api_key", TEST_URL, env, { legacy: true })
    ).toThrow(/cannot be decrypted/)
    const current = encryptSecret(LIVE_KEY, secrets[0], "live_api_key", LIVE_URL)
    expect(decryptWithSecret(current, secrets, "live_api_key", LIVE_URL, env)).toEqual({
      plaintext: LIVE_KEY,
      secret: secrets[0],
      stale: false,
    })
  })
})

describe("the settings reader re-encrypts values of earlier versions once, bound to slot and URL", () => {
  /** A knex stand-in holding one settings row, recording updates. */
  function fakeKnex(row: Record<string, unknown>) {
    const updates: Record<string, unknown>[] = []
    const knex = () => ({
      whereNull: () => ({ orderBy: () => ({ first: async () => ({ ...row }) }) }),
      where: (match: Record<string, unknown>) => ({
        update: async (changes: Record<string, unknown>) => {
          if (Object.entries(match).every(([k, v]) => row[k] === v)) {
            updates.push(changes)
            Object.assign(row, changes)
          }
          return 1
        },
      }),
    })
    return { knex, updates, row }
  }

  async function load(knex: unknown) {
    const previous = process.env.BNPL_ENCRYPTION_KEY
    process.env.BNPL_ENCRYPTION_KEY = env.BNPL_ENCRYPTION_KEY
    try {
      forgetCachedSettings()
      return await loadStoredSettings({ knex: knex as any })
    } finally {
      if (previous === undefined) delete process.env.BNPL_ENCRYPTION_KEY
      else process.env.BNPL_ENCRYPTION_KEY = previous
    }
  }

  it("at the first read, stores v1 and v2 keys again as v3 under their slot and URL; later reads refuse them", async () => {
    const original = {
      id: "bnplset_1",
      api_key_encrypted: legacy("v1", LIVE_KEY),
      api_url: LIVE_URL,
      test_api_key_encrypted: legacy("v2", TEST_KEY, "test_api_key"),
      test_api_url: null,
    }
    const { knex, updates, row } = fakeKnex({ ...original })
    expect(await load(knex)).toMatchObject({ apiKey: LIVE_KEY, testApiKey: TEST_KEY })
    expect(updates).toHaveLength(2)
    const live = row.api_key_encrypted as string
    const test = row.test_api_key_encrypted as string
    expect(live).toMatch(/^v3:/)
    expect(decryptSecret(live, secrets, "live_api_key", LIVE_URL, env)).toBe(LIVE_KEY)
    expect(decryptSecret(test, secrets, "test_api_key", null, env)).toBe(TEST_KEY)
    expect(() => decryptSecret(live, secrets, "test_api_key", LIVE_URL, env)).toThrow(/cannot be decrypted/)
    expect(() => decryptSecret(live, secrets, "live_api_key", TEST_URL, env)).toThrow(/cannot be decrypted/)

    // Once upgraded, a v1 value written later (the live key copied into the test slot) opens nothing.
    row.test_api_key_encrypted = legacy("v1", LIVE_KEY)
    const later = await load(knex)
    expect(later.testApiKey).toBeUndefined()
    expect(later.testApiKeyProblem).toMatch(/earlier version .* no longer read/)
    expect(later.apiKey).toBe(LIVE_KEY)
  })

  it("at the first read, a v1 value holding the other account's key (by its prefix) is not taken", async () => {
    const { knex, updates } = fakeKnex({
      id: "bnplset_1",
      test_api_key_encrypted: legacy("v1", LIVE_KEY),
      test_api_url: TEST_URL,
    })
    const loaded = await load(knex)
    expect(loaded.testApiKey).toBeUndefined()
    expect(loaded.testApiKeyProblem).toMatch(/another account's key/)
    expect(updates).toHaveLength(0)
  })

  it("a re-encryption that fails is tried again at the next read (the value stays readable until then)", async () => {
    const row: Record<string, unknown> = {
      id: "bnplset_1",
      api_key_encrypted: legacy("v2", LIVE_KEY),
      api_url: LIVE_URL,
    }
    let fail = true
    const knex = () => ({
      whereNull: () => ({ orderBy: () => ({ first: async () => ({ ...row }) }) }),
      where: () => ({
        update: async (changes: Record<string, unknown>) => {
          if (fail) throw new Error("read-only")
          Object.assign(row, changes)
          return 1
        },
      }),
    })
    expect((await load(knex)).apiKey).toBe(LIVE_KEY)
    expect(row.api_key_encrypted).toMatch(/^v2:/)
    fail = false
    expect((await load(knex)).apiKey).toBe(LIVE_KEY)
    expect(row.api_key_encrypted).toMatch(/^v3:/)
    expect((await load(knex)).apiKey).toBe(LIVE_KEY)
  })
})
