import { decryptSecret, encryptionSecret, encryptionSecrets, encryptSecret, maskKey } from "../encryption"
import { EMPTY_SETTINGS, mergeSettings, parseSettingsPatch, settingsChanges, type SettingsRow } from "../settings"

const KEY = "sk_test_active_0000000000000000"
const row = (patch: Partial<SettingsRow>): SettingsRow => ({ id: "bnplset_1", ...EMPTY_SETTINGS, ...patch })

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
  const secrets = encryptionSecrets(undefined, { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789" })

  it("round-trips, with a fresh IV each time, in the v1 format", () => {
    const a = encryptSecret(KEY, secrets[0])
    const b = encryptSecret(KEY, secrets[0])
    expect(a).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain(KEY)
    expect(decryptSecret(a, secrets)).toBe(KEY)
  })

  it("refuses a tampered value or another secret, without giving the key", () => {
    const value = encryptSecret(KEY, secrets[0])
    const [v, iv, tag, data] = value.split(":")
    const flipped = Buffer.from(tag, "base64")
    flipped[3] ^= 0x10
    const attempts = [
      () => decryptSecret([v, iv, flipped.toString("base64"), data].join(":"), secrets),
      () => decryptSecret(value, encryptionSecrets(undefined, { BNPL_ENCRYPTION_KEY: "another-secret" })),
      () => decryptSecret("v2:abc", secrets),
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
    const underCookie = encryptSecret(KEY, encryptionSecret(encryptionSecrets(config, {}), {}))
    // BNPL_ENCRYPTION_KEY added later: new values use it, the saved one still decrypts.
    const later = encryptionSecrets(config, { BNPL_ENCRYPTION_KEY: "dedicated-secret-0123456789" })
    expect(later[0].source).toBe("BNPL_ENCRYPTION_KEY")
    expect(decryptSecret(underCookie, later)).toBe(KEY)
  })

  it("says how to configure a secret when there is none, or when production uses Medusa's default", () => {
    expect(() => encryptionSecret(encryptionSecrets(undefined, {}), {})).toThrow(/BNPL_ENCRYPTION_KEY/)
    const defaults = encryptionSecrets({ projectConfig: { http: { cookieSecret: "supersecret" } } }, {})
    expect(() => encryptionSecret(defaults, { NODE_ENV: "production" })).toThrow(/development default/)
    expect(encryptionSecret(defaults, { NODE_ENV: "development" }).source).toBe("cookie secret")
  })
})

describe("settings precedence: admin settings > options > env > default", () => {
  const env = { BNPL_API_KEY: "sk_env_key_0000000000000000", BNPL_API_URL: "https://env.example.com" }

  it("uses env, then options, then the settings row, field by field", () => {
    const fromEnv = mergeSettings({}, {}, env)
    expect(fromEnv.options).toMatchObject({ apiKey: env.BNPL_API_KEY, apiUrl: env.BNPL_API_URL, autoCapture: true })
    expect(fromEnv.sources).toMatchObject({ api_key: "env", api_url: "env", plans: "default", auto_capture: "default" })

    const options = { apiKey: "sk_opt_key_00000000000000000", autoCapture: false, plans: [{ installments_count: 2 }] }
    const fromOptions = mergeSettings({}, options, env)
    expect(fromOptions.options).toMatchObject({ apiKey: options.apiKey, apiUrl: env.BNPL_API_URL, autoCapture: false })
    expect(fromOptions.sources).toMatchObject({ api_key: "options", api_url: "env", plans: "options", auto_capture: "options" })

    // A row with only a key: the options' auto_capture and plans still apply.
    const keyOnly = mergeSettings(
      { row: row({ api_key_encrypted: "v1:x:y:z", api_key_hint: "sk_test_...0000" }), apiKey: KEY },
      options,
      env
    )
    expect(keyOnly.options).toMatchObject({ apiKey: KEY, autoCapture: false, plans: [{ installments_count: 2 }] })
    expect(keyOnly.sources).toMatchObject({ api_key: "settings", auto_capture: "options", plans: "options" })
    expect(keyOnly.apiKeyHint).toBe("sk_test_...0000")

    const full = mergeSettings(
      {
        row: row({
          api_url: "https://admin.example.com/",
          plans: [{ installments_count: 4 }],
          auto_capture: true,
          shipping_sync_enabled: false,
          shipping_method_overrides: { so_1: { shipping_method: "pickup_point" } },
        }),
      },
      options,
      env
    )
    expect(full.options).toMatchObject({
      apiKey: options.apiKey,
      apiUrl: "https://admin.example.com",
      plans: [{ installments_count: 4 }],
      autoCapture: true,
      shippingSyncEnabled: false,
      shippingMethodOverrides: { so_1: { shipping_method: "pickup_point" } },
    })
  })

  it("uses no key at all when the saved one cannot be decrypted (never another account's)", () => {
    const merged = mergeSettings(
      { row: row({ api_key_encrypted: "v1:x:y:z", api_key_hint: "sk_test_...0000" }), apiKeyProblem: "cannot be decrypted" },
      { apiKey: "sk_opt_key_00000000000000000" },
      env
    )
    expect(merged.options.apiKey).toBeUndefined()
    expect(merged.sources.api_key).toBe("settings")
    expect(merged.apiKeyProblem).toBe("cannot be decrypted")
  })
})

describe("settings patch", () => {
  it("encrypts the key, keeps a hint, and clears it on an empty string or null", () => {
    const env = { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789" }
    const changes = settingsChanges(parseSettingsPatch({ api_key: ` ${KEY} `, api_url: "https://x.example.com/" }), undefined, env)
    expect(changes.api_key_hint).toBe("sk_test_...0000")
    expect(decryptSecret(changes.api_key_encrypted!, encryptionSecrets(undefined, env))).toBe(KEY)
    expect(changes.api_url).toBe("https://x.example.com")
    for (const cleared of ["", null]) {
      expect(settingsChanges(parseSettingsPatch({ api_key: cleared }), undefined, env)).toEqual({
        api_key_encrypted: null,
        api_key_hint: null,
      })
    }
  })

  it("refuses to store a key without any encryption secret", () => {
    expect(() => settingsChanges(parseSettingsPatch({ api_key: KEY }), undefined, {})).toThrow(/BNPL_ENCRYPTION_KEY/)
  })

  it.each([
    [{ plans: [{ installments_count: "3" }] }, /plans\[0\]\.installments_count .*the string "3"/],
    [{ plans: [{ installments_count: 3, extra: 1 }] }, /plans\[0\] has unknown fields: extra/],
    [{ shipping_method_overrides: { so_1: { shipping_method: "drone" } } }, /shipping_method_overrides\.so_1\.shipping_method/],
    [{ api_key: 12345678901234 }, /^Invalid settings: api_key must be a string/],
  ])("names the field: %j", (patch, message) => {
    expect(() => parseSettingsPatch(patch)).toThrow(message)
  })
})
