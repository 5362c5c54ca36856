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
  currencyProblem,
  EMPTY_SETTINGS,
  keyDestinationProblem,
  mergeSettings,
  parseSettingsPatch,
  pinKeyUrls,
  resolveOptions,
  settingsChanges,
  settingsView,
  storedAfter,
  validateOptions,
  withKeyUrls,
  type BnplOptions,
  type SettingsRow,
  type StoredSettings,
} from ".."
import { LEGAL_DEFAULTS } from "../../../../lib/legal"

const KEY = "sk_test_active_0000000000000000"
const LIVE_KEY = "sk_live_active_0000000000000000"
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

describe("settings precedence: admin settings > options > env > default", () => {
  const env = { BNPL_API_KEY: "sk_env_key_0000000000000000", BNPL_API_URL: "https://env.example.com" }

  it("uses env, then options, then the settings row, field by field", () => {
    const fromEnv = mergeSettings({}, {}, env)
    expect(fromEnv.options).toMatchObject({ apiKey: env.BNPL_API_KEY, apiUrl: env.BNPL_API_URL, autoCapture: true })
    expect(fromEnv.sources).toMatchObject({ api_key: "env", api_url: "env", plans: "default", auto_capture: "default" })

    const options = { apiKey: "sk_opt_key_00000000000000000", autoCapture: false, plans: [{ installments_count: 2 }] }
    const fromOptions = mergeSettings({}, options, env)
    expect(fromOptions.options).toMatchObject({ apiKey: options.apiKey, apiUrl: env.BNPL_API_URL, autoCapture: false })
    expect(fromOptions.sources).toMatchObject({
      api_key: "options",
      api_url: "env",
      plans: "options",
      auto_capture: "options",
    })

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
    // The options' key is never sent to a URL saved in the admin without a key of its own.
    expect(full.options.apiKey).toBeUndefined()
    expect(full.keyWithheld).toBe(true)
    expect(full.apiKeyProblem).toContain("has no API key of its own")
    expect(full.options).toMatchObject({
      apiUrl: "https://admin.example.com",
      plans: [{ installments_count: 4 }],
      autoCapture: true,
      shippingSyncEnabled: false,
      shippingMethodOverrides: { so_1: { shipping_method: "pickup_point" } },
    })
  })

  it("eligibility_api: the admin's choice > option eligibilityApi > env BNPL_ELIGIBILITY_API > v1", () => {
    const of = (loaded: Parameters<typeof mergeSettings>[0], options: BnplOptions, e: NodeJS.ProcessEnv) => {
      const merged = mergeSettings(loaded, options, e)
      return [merged.options.eligibilityApi, merged.sources.eligibility_api]
    }
    expect(of({}, {}, {})).toEqual(["v1", "default"])
    expect(of({}, {}, { BNPL_ELIGIBILITY_API: "v2" })).toEqual(["v2", "env"])
    expect(of({}, { eligibilityApi: "v1" }, { BNPL_ELIGIBILITY_API: "v2" })).toEqual(["v1", "options"])
    expect(of({ row: row({ eligibility_api: "v2" }) }, { eligibilityApi: "v1" }, {})).toEqual(["v2", "settings"])
    expect(of({ row: row({ eligibility_api: null }) }, {}, { BNPL_ELIGIBILITY_API: "v2" })).toEqual(["v2", "env"])

    expect(settingsChanges(parseSettingsPatch({ eligibility_api: "v2" }))).toEqual({ eligibility_api: "v2" })
    expect(settingsChanges(parseSettingsPatch({ eligibility_api: null }))).toEqual({ eligibility_api: null })
    for (const bad of ["v3", 2, "V2"]) {
      expect(() => parseSettingsPatch({ eligibility_api: bad })).toThrow(
        /^Invalid settings: eligibility_api must be "v1"/
      )
    }
  })

  it("uses no key at all when the saved one cannot be decrypted (never another account's)", () => {
    const merged = mergeSettings(
      {
        row: row({ api_key_encrypted: "v1:x:y:z", api_key_hint: "sk_test_...0000" }),
        apiKeyProblem: "cannot be decrypted",
      },
      { apiKey: "sk_opt_key_00000000000000000" },
      env
    )
    expect(merged.options.apiKey).toBeUndefined()
    expect(merged.sources.api_key).toBe("settings")
    expect(merged.apiKeyProblem).toBe("cannot be decrypted")
  })
})

describe("legal_texts: the merchant's credit-advertising texts", () => {
  const merged = (loaded: StoredSettings, options: BnplOptions = {}) => mergeSettings(loaded, options, {})

  it("the admin's set > option legalTexts > the shipped defaults, as a whole", () => {
    const of = (loaded: StoredSettings, options: BnplOptions = {}) => {
      const m = merged(loaded, options)
      return [m.options.legalTexts, m.sources.legal_texts]
    }
    expect(of({})).toEqual([{}, "default"])
    const option = { FR: { lender: "Banque Exemple" } }
    expect(of({}, { legalTexts: option })).toEqual([option, "options"])
    expect(
      of(
        { row: row({ legal_texts: { NL: { afm_artwork_url: "https://a.example/afm.svg" } } }) },
        { legalTexts: option }
      )
    ).toEqual([{ NL: { afm_artwork_url: "https://a.example/afm.svg" } }, "settings"])
    // Saved empty (every text back to its default): the defaults, not the option's.
    expect(of({ row: row({ legal_texts: {} }) }, { legalTexts: option })).toEqual([{}, "settings"])
    expect(of({ row: row({ legal_texts: null }) }, { legalTexts: option })).toEqual([option, "options"])
  })

  it("is saved normalised, as a whole; null goes back to the option", () => {
    const patch = parseSettingsPatch({
      legal_texts: { FR: { warning: " Attention ! ", lender: "", afm_artwork_url: null }, DE: null, ES: {} },
    })
    expect(settingsChanges(patch)).toEqual({ legal_texts: { FR: { warning: "Attention !" } } })
    expect(settingsChanges(parseSettingsPatch({ legal_texts: null }))).toEqual({ legal_texts: null })
  })

  it.each([
    [{ XX: { warning: "x" } }, /^Invalid settings: legal_texts\.XX: unknown market/],
    [{ FR: { warning: "" } }, /^Invalid settings: legal_texts\.FR\.warning must not be empty/],
    [{ FR: { warning: "x".repeat(301) } }, /^Invalid settings: legal_texts\.FR\.warning is longer than 300 characters/],
    [{ FR: { lender: "x".repeat(301) } }, /^Invalid settings: legal_texts\.FR\.lender is longer than 300 characters/],
    [
      { NL: { afm_artwork_url: "http://a.example/afm.svg" } },
      /^Invalid settings: legal_texts\.NL\.afm_artwork_url must be an https:\/\/ URL/,
    ],
    ["FR", /^Invalid settings: legal_texts must be an object keyed by market/],
  ])("refuses %j naming the field", (legal_texts, message) => {
    expect(() => parseSettingsPatch({ legal_texts })).toThrow(message)
  })

  it("checks the option at start-up, naming it", () => {
    expect(() => validateOptions({ legalTexts: { FR: { warning: "" } } }, {})).toThrow(
      /legalTexts\.FR\.warning must not be empty/
    )
    expect(() => validateOptions({ legalTexts: { FR: { lender: "Banque" } } }, {})).not.toThrow()
  })

  it("shows the effective texts and the shipped defaults in the admin's view", () => {
    const m = merged({ row: row({ legal_texts: { IT: { warning: "Attenzione!" } } }) })
    const view = settingsView(m, { test: m, live: m })
    expect(view.legal_defaults).toEqual(LEGAL_DEFAULTS)
    expect(view.legal_texts.IT).toEqual({ ...LEGAL_DEFAULTS.IT, warning: "Attenzione!" })
    expect(view.legal_texts.FR).toEqual(LEGAL_DEFAULTS.FR)
    expect(view.source.legal_texts).toBe("settings")
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

describe("test and live modes: one precedence rule per account", () => {
  const env = { BNPL_API_URL: "https://live.example.com", BNPL_API_KEY: "sk_live_env_00000000000000000" }
  const testEnv = {
    BNPL_API_URL_TEST: "https://sandbox.example.com",
    BNPL_API_KEY_TEST: "sk_test_env_00000000000000000",
  }

  it("defaults to test only when no live key is configured anywhere; the admin's choice wins", () => {
    expect(mergeSettings({}, {}, {}).mode).toBe("live")
    expect(mergeSettings({}, {}, testEnv).mode).toBe("test")
    expect(mergeSettings({}, {}, { ...env, ...testEnv }).mode).toBe("live")
    expect(mergeSettings({}, { mode: "test" }, { ...env, ...testEnv }).mode).toBe("test")
    expect(mergeSettings({ row: row({ mode: "live" }) }, { mode: "test" }, testEnv).mode).toBe("live")
  })

  it("each account's key goes to its own URL, whatever the store's mode", () => {
    const loaded = {
      row: row({ mode: "live", test_api_key_encrypted: "x", test_api_url: "https://sandbox2.example.com" }),
      testApiKey: "sk_test_saved_000000000000000",
    }
    const test = mergeSettings(loaded, {}, { ...env, ...testEnv }, "test")
    expect(test).toMatchObject({ mode: "test", storeMode: "live" })
    expect(test.options).toMatchObject({
      apiKey: "sk_test_saved_000000000000000",
      apiUrl: "https://sandbox2.example.com",
    })
    expect(test.sources).toMatchObject({ api_key: "settings", api_url: "settings" })
    const live = mergeSettings(loaded, {}, { ...env, ...testEnv })
    expect(live.options).toMatchObject({ apiKey: env.BNPL_API_KEY, apiUrl: env.BNPL_API_URL })
    // A test URL saved without a key of its own never gets the env test key.
    const urlOnly = mergeSettings({ row: row({ test_api_url: "https://elsewhere.example.com" }) }, {}, testEnv, "test")
    expect(urlOnly.options.apiKey).toBeUndefined()
    expect(urlOnly.keyWithheld).toBe(true)
  })

  it("refuses a key pasted in the other account's slot, naming the slot, never quoting the key", () => {
    expect(() => parseSettingsPatch({ test_api_key: "sk_live_abcdefghijklmnop1234" })).toThrow(
      /test_api_key: this is a live key/
    )
    expect(() => parseSettingsPatch({ live_api_key: "sk_test_abcdefghijklmnop1234" })).toThrow(
      /live_api_key: this is a test key/
    )
    expect(() => parseSettingsPatch({ live_api_key: "sk_test_abcdefghijklmnop1234" })).not.toThrow(/abcdefghijklmnop/)
    // The live slot's older name runs the same check.
    expect(() => parseSettingsPatch({ api_key: " sk_test_abcdefghijklmnop1234" })).toThrow(
      /api_key: this is a test key/
    )
    expect(parseSettingsPatch({ live_api_key: "sk_live_abcdefghijklmnop1234", mode: "live" })).toEqual({
      api_key: "sk_live_abcdefghijklmnop1234",
      mode: "live",
    })
    const changes = settingsChanges(
      parseSettingsPatch({
        test_api_key: "sk_test_abcdefghijklmnop1234",
        test_api_url: "https://sandbox.example.com/",
      }),
      undefined,
      { BNPL_ENCRYPTION_KEY: "a-long-random-secret-0123456789abcdef" }
    )
    expect(changes).toMatchObject({ test_api_key_hint: "sk_test_...1234", test_api_url: "https://sandbox.example.com" })
    expect(changes.api_key_encrypted).toBeUndefined()
  })
})

describe("currencies: only what the service takes (euro cents, no currency sent)", () => {
  it("refuses at start-up a currencies option with anything but eur, naming the option, the value and what is allowed", () => {
    expect(() => validateOptions({ currencies: ["jpy"] })).toThrow(
      /currencies: "jpy" cannot be offered: the service takes amounts in euro cents only \(allowed: "eur"\)/
    )
    expect(() => validateOptions({ currencies: ["eur", "usd"] })).toThrow(/currencies: "usd" cannot be offered/)
    expect(() => validateOptions({ currencies: "eur" } as unknown as BnplOptions)).toThrow(
      /currencies must be a list of currency codes, like \["eur"\]/
    )
  })

  it("accepts eur in any case, and no option at all", () => {
    expect(() => validateOptions({ currencies: ["EUR"] })).not.toThrow()
    expect(() => validateOptions({})).not.toThrow()
    expect(resolveOptions({ currencies: ["EUR"] }, {}).currencies).toEqual(["eur"])
    expect(resolveOptions({}, {}).currencies).toEqual(["eur"])
  })

  it("the one rule for the store routes and the provider refuses what the service does not take, even if configured", () => {
    expect(currencyProblem({ currencies: ["eur"] }, "EUR")).toBeUndefined()
    expect(currencyProblem({ currencies: ["eur", "jpy"] }, "jpy")).toMatch(/currency_code "jpy" is not offered/)
    expect(currencyProblem({ currencies: ["eur"] }, "usd")).toMatch(/offered in eur/)
  })

  it("cannot be saved in the admin: a 400 naming the field", () => {
    expect(() => parseSettingsPatch({ currencies: ["jpy"] })).toThrow(/Invalid settings: .*currencies/)
  })
})

describe("checkoutRetentionDays", () => {
  it("defaults to 30 days", () => {
    expect(resolveOptions({}, {}).checkoutRetentionDays).toBe(30)
    expect(resolveOptions({ checkoutRetentionDays: 7 }, {}).checkoutRetentionDays).toBe(7)
  })

  it("is checked at start-up, naming the option", () => {
    expect(() => validateOptions({ checkoutRetentionDays: 0 })).toThrow(
      /checkoutRetentionDays must be a whole number of days from 1 to 3650, got 0/
    )
    expect(() => validateOptions({ checkoutRetentionDays: "30" } as unknown as BnplOptions)).toThrow(
      /checkoutRetentionDays must be a whole number/
    )
    expect(() => validateOptions({ checkoutRetentionDays: 90 })).not.toThrow()
  })
})

describe("the eligibility wait: a floor and a ceiling", () => {
  it("defaults to 250 ms and 1.5 s", () => {
    expect(resolveOptions({}, {})).toMatchObject({ eligibilityTimeoutFloorMs: 250, eligibilityTimeoutMs: 1500 })
  })

  it("refuses at start-up a floor over the ceiling, or not a positive integer, naming the options", () => {
    expect(() => validateOptions({ eligibilityTimeoutFloorMs: 2000 })).toThrow(
      /eligibilityTimeoutFloorMs \(2000\) must not exceed eligibilityTimeoutMs \(1500\)/
    )
    expect(() => validateOptions({ eligibilityTimeoutFloorMs: 0 })).toThrow(
      /eligibilityTimeoutFloorMs must be a positive integer of milliseconds/
    )
    expect(() => validateOptions({ eligibilityTimeoutFloorMs: 500, eligibilityTimeoutMs: 800 })).not.toThrow()
  })
})
