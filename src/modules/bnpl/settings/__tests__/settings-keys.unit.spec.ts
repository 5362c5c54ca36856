import {
  decryptSecret,
  decryptWithSecret,
  encryptionSecret,
  encryptionSecrets,
  encryptSecret,
  maskKey,
} from "../encryption"
import {
  checkSettingsAfter,
  keyDestinationProblem,
  mergeSettings,
  parseSettingsPatch,
  pinKeyUrls,
  settingsChanges,
  storedAfter,
  withKeyUrls,
  type SettingsRow,
  type StoredSettings,
} from ".."
import { KEY, LIVE_KEY, row } from "./settings-fixtures"

/**
 * The service's API keys in the settings: masked, encrypted with a strong enough secret, sent
 * only where they were configured to go, and bound to their URL when saved.
 */

describe("maskKey", () => {
  it.each([
    [KEY, "sk_test_...0000"],
    ["sk_live_abcdefghijklmnop1234", "sk_live_...1234"],
    ["abcdefghijklmnopqrstuvwxyz", "abc...wxyz"],
    ["pk_1234567890123456", "pk_...3456"],
    // Too short to hide 8 characters: nothing shown.
    ["sk_test_wrong", "****"],
    ["", "****"],
  ])("%s → %s", (key, hint) => {
    expect(maskKey(key)).toBe(hint)
  })
})

describe("encryption of the API key", () => {
  const secrets = encryptionSecrets(undefined, { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef" })

  const SAVED_URL = "https://sandbox.example.com"

  it("round-trips, with a fresh IV each time, in the v3 format", () => {
    const a = encryptSecret(KEY, secrets[0], "test_api_key", SAVED_URL)
    const b = encryptSecret(KEY, secrets[0], "test_api_key", SAVED_URL)
    expect(a).toMatch(/^v3:[^:]+:[^:]+:[^:]+$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain(KEY)
    expect(decryptSecret(a, secrets, "test_api_key", SAVED_URL)).toBe(KEY)
    expect(decryptSecret(a, secrets, "test_api_key", `${SAVED_URL}/`)).toBe(KEY)
  })

  it("refuses a tampered value or another secret, without giving the key", () => {
    const value = encryptSecret(KEY, secrets[0], "test_api_key", SAVED_URL)
    const [v, iv, tag, data] = value.split(":")
    const flipped = Buffer.from(tag, "base64")
    flipped[3] ^= 0x10
    const attempts = [
      () => decryptSecret([v, iv, flipped.toString("base64"), data].join(":"), secrets, "test_api_key", SAVED_URL),
      () =>
        decryptSecret(
          value,
          encryptionSecrets(undefined, { BNPL_ENCRYPTION_KEY: "another-secret-0123456789abcdefghijkl" }),
          "test_api_key",
          SAVED_URL
        ),
      () => decryptSecret(value, secrets, "test_api_key", "https://elsewhere.example.com"),
      () => decryptSecret("v9:a:b:c", secrets, "test_api_key", SAVED_URL),
      () => decryptSecret("v3:abc", secrets, "test_api_key", SAVED_URL),
    ]
    for (const attempt of attempts) {
      expect(attempt).toThrow(/paste the key again|cannot be decrypted/)
      try {
        attempt()
      } catch (e) {
        expect(String((e as Error).message)).not.toContain(KEY)
      }
    }
  })

  it("prefers BNPL_ENCRYPTION_KEY, then the cookie secret, then the JWT secret, and still reads older values", () => {
    const config = { projectConfig: { http: { cookieSecret: "cookie-secret-value", jwtSecret: "jwt-secret-value" } } }
    expect(encryptionSecrets(config, {}).map((s) => s.source)).toEqual(["cookie secret", "JWT secret"])
    const underCookie = encryptSecret(KEY, encryptionSecret(encryptionSecrets(config, {}), {}), "test_api_key", null)
    // BNPL_ENCRYPTION_KEY added later: new values use it, the saved one still decrypts.
    const later = encryptionSecrets(config, { BNPL_ENCRYPTION_KEY: "dedicated-secret-0123456789abcdefghij" })
    expect(later[0].source).toBe("BNPL_ENCRYPTION_KEY")
    expect(decryptSecret(underCookie, later, "test_api_key", null)).toBe(KEY)
  })

  it("says how to configure a secret when there is none, or when production uses Medusa's default", () => {
    expect(() => encryptionSecret(encryptionSecrets(undefined, {}), {})).toThrow(/BNPL_ENCRYPTION_KEY/)
    const defaults = encryptionSecrets({ projectConfig: { http: { cookieSecret: "supersecret" } } }, {})
    expect(() => encryptionSecret(defaults, { NODE_ENV: "production" })).toThrow(/development default/)
    expect(encryptionSecret(defaults, { NODE_ENV: "development" }).source).toBe("cookie secret")
  })
})

describe("encryption secrets: strong enough, never Medusa's default in production", () => {
  const value = encryptSecret(KEY, { source: "cookie secret", secret: "supersecret" }, "test_api_key", null)

  it("refuses a BNPL_ENCRYPTION_KEY shorter than 32 characters", () => {
    const env = { BNPL_ENCRYPTION_KEY: "short-secret" }
    expect(() => encryptionSecret(encryptionSecrets(undefined, env), env)).toThrow(/shorter than 32 characters/)
  })

  it("does not decrypt with Medusa's default secret in production (it does in development)", () => {
    const secrets = [{ source: "cookie secret" as const, secret: "supersecret" }]
    expect(decryptSecret(value, secrets, "test_api_key", null, { NODE_ENV: "development" })).toBe(KEY)
    expect(() => decryptSecret(value, secrets, "test_api_key", null, { NODE_ENV: "production" })).toThrow(
      /default secret/
    )
  })

  it("says which secret opened a value, so a fallback can be replaced by the preferred one", () => {
    const secrets = encryptionSecrets(
      { projectConfig: { http: { cookieSecret: "supersecret" } } },
      {
        BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef",
      }
    )
    expect(decryptWithSecret(value, secrets, "test_api_key", null, {})).toMatchObject({
      secret: { source: "cookie secret" },
      stale: true,
    })
  })
})

describe("a key only goes where it was configured to go", () => {
  const envOnly = { BNPL_API_KEY: "sk_env_key_000000000000000000", BNPL_API_URL: "https://api.example.com" }
  const merged = (fields: Partial<SettingsRow>, apiKey?: string, env: NodeJS.ProcessEnv = envOnly) =>
    mergeSettings(Object.keys(fields).length ? { row: row(fields), apiKey } : {}, {}, env)

  it("the env key goes to the env URL; a saved URL without its own key gets no key", () => {
    expect(merged({}).options).toMatchObject({ apiKey: envOnly.BNPL_API_KEY, apiUrl: envOnly.BNPL_API_URL })
    const moved = merged({ api_url: "http://127.0.0.1:4997" })
    expect(moved.options.apiKey).toBeUndefined()
    expect(moved.options.apiUrl).toBe("http://127.0.0.1:4997")
    // The same URL as the env's is no move.
    expect(merged({ api_url: "https://api.example.com/" }).options.apiKey).toBe(envOnly.BNPL_API_KEY)
  })

  it("a saved key goes to the URL saved with it", () => {
    const saved = merged(
      { api_key_encrypted: "v1:x:y:z", api_url: "https://other.example.com" },
      "sk_saved_key_0000000000000000"
    )
    expect(saved.options).toMatchObject({
      apiKey: "sk_saved_key_0000000000000000",
      apiUrl: "https://other.example.com",
    })
  })

  it("no key goes to a URL that breaks the rules (production http, hosts not allowed)", () => {
    const production = merged(
      { api_key_encrypted: "v1:x:y:z", api_url: "http://api.example.com" },
      "sk_saved_key_0000000000000000",
      {
        NODE_ENV: "production",
      }
    )
    expect(production.options.apiKey).toBeUndefined()
    expect(production.apiKeyProblem).toContain("https in production")
    const hosts = merged({}, undefined, { ...envOnly, BNPL_API_HOSTS: "api.other.com" })
    expect(hosts.options.apiKey).toBeUndefined()
    expect(hosts.apiKeyProblem).toContain("not one of the allowed service hosts")
  })

  it("refuses a save that sends a key not typed in it to another URL", () => {
    const before = merged({})
    expect(keyDestinationProblem(before, merged({ api_url: "http://127.0.0.1:4997" }), false)).toContain(
      "only sent to https://api.example.com"
    )
    const savedBefore = merged(
      { api_key_encrypted: "v1", api_url: "https://a.example.com" },
      "sk_saved_key_0000000000000000"
    )
    const savedAfter = merged(
      { api_key_encrypted: "v1", api_url: "https://b.example.com" },
      "sk_saved_key_0000000000000000"
    )
    expect(keyDestinationProblem(savedBefore, savedAfter, false)).toContain("paste the API key for it")
    // Typed in the same save: the merchant says where this key goes.
    expect(keyDestinationProblem(savedBefore, savedAfter, true)).toBeUndefined()
    // Removing the saved key (and its SAVED_URL): the env key goes back to the env URL.
    expect(keyDestinationProblem(savedBefore, merged({}), false)).toBeUndefined()
  })
})

describe("settings patch", () => {
  it("encrypts the key, keeps a hint, and clears it on an empty string or null", () => {
    const env = { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef" }
    const changes = settingsChanges(
      parseSettingsPatch({ api_key: ` ${LIVE_KEY} `, api_url: "https://x.example.com/" }),
      undefined,
      env
    )
    expect(changes.api_key_hint).toBe("sk_live_...0000")
    // Bound to the URL typed with it.
    const secrets = encryptionSecrets(undefined, env)
    expect(decryptSecret(changes.api_key_encrypted!, secrets, "live_api_key", "https://x.example.com")).toBe(LIVE_KEY)
    expect(() => decryptSecret(changes.api_key_encrypted!, secrets, "live_api_key", null)).toThrow(
      /cannot be decrypted/
    )
    expect(changes.api_url).toBe("https://x.example.com")
    for (const cleared of ["", null]) {
      expect(settingsChanges(parseSettingsPatch({ api_key: cleared }), undefined, env)).toEqual({
        api_key_encrypted: null,
        api_key_hint: null,
      })
    }
  })

  it("refuses to store a key without any encryption secret", () => {
    expect(() => settingsChanges(parseSettingsPatch({ api_key: LIVE_KEY }), undefined, {})).toThrow(
      /BNPL_ENCRYPTION_KEY/
    )
  })

  it.each([
    [{ plans: [{ installments_count: "3" }] }, /plans\[0\]\.installments_count .*the string "3"/],
    [{ plans: [{ installments_count: 3, extra: 1 }] }, /plans\[0\] has unknown fields: extra/],
    [
      { shipping_method_overrides: { so_1: { shipping_method: "drone" } } },
      /shipping_method_overrides\.so_1\.shipping_method/,
    ],
    [{ api_key: 12345678901234 }, /^Invalid settings: api_key must be a string/],
  ])("names the field: %j", (patch, message) => {
    expect(() => parseSettingsPatch(patch)).toThrow(message)
  })
})

describe("a save binds each key to the URL it goes to", () => {
  const env = {
    BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef",
    BNPL_API_URL: "https://api.example.com",
  }
  const secrets = encryptionSecrets(undefined, env)
  const save = (patch: unknown, stored: StoredSettings = {}, saveEnv: NodeJS.ProcessEnv = env, options = {}) => {
    const parsed = withKeyUrls(parseSettingsPatch(patch), stored, options, saveEnv)
    const changes = settingsChanges(parsed, undefined, saveEnv)
    pinKeyUrls({ changes, current: stored.row, stored, pluginOptions: options, env: saveEnv })
    const after = storedAfter(stored, stored.row, changes, parsed)
    checkSettingsAfter({ stored, after, changes, pluginOptions: options, env: saveEnv })
    return changes
  }

  it("a key typed without a URL is saved with the URL in effect, and bound to it", () => {
    const changes = save({ api_key: LIVE_KEY })
    expect(changes.api_url).toBe("https://api.example.com")
    expect(decryptSecret(changes.api_key_encrypted!, secrets, "live_api_key", "https://api.example.com")).toBe(LIVE_KEY)
    // No URL anywhere: bound to none (it will go to the options/env URL set later).
    const unbound = save({ test_api_key: KEY })
    expect(unbound.test_api_url).toBeUndefined()
    expect(decryptSecret(unbound.test_api_key_encrypted!, secrets, "test_api_key", null)).toBe(KEY)
  })

  it("refuses to change the URL saved with a kept key, even to the same effective URL (paste the key with it)", () => {
    const stored: StoredSettings = {
      row: row({ api_key_encrypted: "v3:x:y:z", api_key_hint: "sk_live_...0000", api_url: "https://api.example.com" }),
      apiKey: LIVE_KEY,
    }
    expect(() => save({ api_url: null }, stored)).toThrow(
      /api_url: the saved API key is bound to the URL saved with it/
    )
    expect(save({ api_url: "https://api.example.com/" }, stored)).toEqual({ api_url: "https://api.example.com" })
    expect(save({ api_key: LIVE_KEY, api_url: null }, stored).api_url).toBeNull()
  })

  it("in production, refuses URLs outside the configured service hosts and the backend's own network", () => {
    const production = { ...env, NODE_ENV: "production", BNPL_API_URL_TEST: "https://sandbox.example.com" }
    expect(save({ test_api_key: KEY, test_api_url: "https://sandbox.example.com" }, {}, production).test_api_url).toBe(
      "https://sandbox.example.com"
    )
    expect(() => save({ test_api_key: KEY, test_api_url: "https://pay.look-alike.example" }, {}, production)).toThrow(
      /test_api_url: the host pay.look-alike.example is not one of the allowed service hosts/
    )
    expect(() => save({ api_key: LIVE_KEY, api_url: "http://127.0.0.1:6379" }, {}, production)).toThrow(/own network/)
    const listed = { apiHosts: ["127.0.0.1"] }
    expect(save({ api_key: LIVE_KEY, api_url: "http://127.0.0.1:4010" }, {}, production, listed).api_url).toBe(
      "http://127.0.0.1:4010"
    )
  })
})
