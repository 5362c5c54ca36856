import { createCipheriv, hkdfSync, randomBytes } from "node:crypto"
import { decryptSecret, decryptWithSecret, encryptionSecrets, encryptSecret } from "../encryption"
import { loadStoredSettings } from "../reader"

const LIVE_KEY = "sk_live_abcdefghijklmnop1234"
const TEST_KEY = "sk_test_active_0000000000000000"
const env = { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef" }
const secrets = encryptionSecrets(undefined, env)

/** A value as stored before ciphertexts were bound to their column: v1, one AAD for both keys. */
function legacyV1(plaintext: string, secret: string): string {
  const key = Buffer.from(
    hkdfSync("sha256", secret, "medusa-plugin-bnpl/settings", "bnpl api key v1", 32) as ArrayBuffer
  )
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", key, iv)
  cipher.setAAD(Buffer.from("bnpl_settings.api_key", "utf8"))
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":")
}

describe("a stored key is bound to its slot (live_api_key / test_api_key)", () => {
  it("reads back in its own slot", () => {
    expect(decryptSecret(encryptSecret(LIVE_KEY, secrets[0], "live_api_key"), secrets, "live_api_key", env)).toBe(
      LIVE_KEY
    )
    expect(decryptSecret(encryptSecret(TEST_KEY, secrets[0], "test_api_key"), secrets, "test_api_key", env)).toBe(
      TEST_KEY
    )
  })

  it("refuses a ciphertext moved to the other slot (test and live swapped in the database)", () => {
    const live = encryptSecret(LIVE_KEY, secrets[0], "live_api_key")
    const test = encryptSecret(TEST_KEY, secrets[0], "test_api_key")
    expect(() => decryptSecret(live, secrets, "test_api_key", env)).toThrow(/cannot be decrypted/)
    expect(() => decryptSecret(test, secrets, "live_api_key", env)).toThrow(/cannot be decrypted/)
  })

  it("still reads a value stored before (v1), and says it is to be stored again", () => {
    const old = legacyV1(LIVE_KEY, env.BNPL_ENCRYPTION_KEY)
    expect(decryptWithSecret(old, secrets, "live_api_key", env)).toMatchObject({ plaintext: LIVE_KEY, stale: true })
    const current = encryptSecret(LIVE_KEY, secrets[0], "live_api_key")
    expect(decryptWithSecret(current, secrets, "live_api_key", env)).toMatchObject({
      plaintext: LIVE_KEY,
      stale: false,
    })
  })
})

describe("the settings reader re-encrypts an old value once, bound to its slot", () => {
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

  it("stores v1 keys again under their own slot's binding", async () => {
    const original = {
      id: "bnplset_1",
      api_key_encrypted: legacyV1(LIVE_KEY, env.BNPL_ENCRYPTION_KEY),
      test_api_key_encrypted: legacyV1(TEST_KEY, env.BNPL_ENCRYPTION_KEY),
    }
    const { knex, updates, row } = fakeKnex({ ...original })
    const previous = process.env.BNPL_ENCRYPTION_KEY
    process.env.BNPL_ENCRYPTION_KEY = env.BNPL_ENCRYPTION_KEY
    try {
      const loaded = await loadStoredSettings({ knex: knex as any })
      expect(loaded).toMatchObject({ apiKey: LIVE_KEY, testApiKey: TEST_KEY })
    } finally {
      if (previous === undefined) delete process.env.BNPL_ENCRYPTION_KEY
      else process.env.BNPL_ENCRYPTION_KEY = previous
    }
    expect(updates).toHaveLength(2)
    const live = row.api_key_encrypted as string
    const test = row.test_api_key_encrypted as string
    expect(live).not.toBe(original.api_key_encrypted)
    expect(decryptSecret(live, secrets, "live_api_key", env)).toBe(LIVE_KEY)
    expect(decryptSecret(test, secrets, "test_api_key", env)).toBe(TEST_KEY)
    expect(() => decryptSecret(live, secrets, "test_api_key", env)).toThrow(/cannot be decrypted/)
  })
})
