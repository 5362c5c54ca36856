import {
  currencyProblem,
  mergeSettings,
  parseSettingsPatch,
  resolveOptions,
  settingsChanges,
  settingsView,
  validateOptions,
  type BnplOptions,
  type StoredSettings,
} from ".."
import { LEGAL_DEFAULTS } from "../../../../lib/legal"
import { KEY, row } from "./settings-fixtures"

/**
 * Where each setting comes from (admin settings > options > env > default), the legal texts,
 * the test and live accounts, and the options checked at start-up. The keys themselves (their
 * encryption, where each may go, a save) are in settings-keys.unit.spec.ts.
 */

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
