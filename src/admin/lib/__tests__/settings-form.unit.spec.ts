import type { SettingsView } from "../../../lib/http/http-types"
import { LEGAL_DEFAULTS } from "../../../lib/legal/defaults"
import { effectiveLegalTexts } from "../../../lib/legal/resolve"
import { SWITCH_KEYS, SWITCHES, type SwitchKey } from "../../../lib/settings/switches"
import { changesOf, removedKey, verifyBody } from "../settings-changes"
import { formFrom, planRow, rowsToBounds, rowToPlan, settingsFormSchema, withOverride } from "../settings-form"

const account = (api_url: string | null = null) => ({
  api_key_set: false,
  api_key_hint: null,
  api_key_problem: null,
  api_url,
  source: { api_key: null, api_url: null },
})

function view(overrides: Partial<SettingsView> = {}): SettingsView {
  return {
    mode: "test",
    accounts: { test: account("https://sandbox.example.com"), live: account() },
    api_key_set: false,
    api_key_hint: null,
    api_url: "https://sandbox.example.com",
    plans: [{ installments_count: 3 }, { installments_count: 4, deferred_days: 30 }],
    // Every switch at its default (a new one needs no line here).
    ...(Object.fromEntries(SWITCH_KEYS.map((key) => [key, SWITCHES[key].default])) as Record<SwitchKey, boolean>),
    shipping_method_overrides: {},
    notification_signature_header: null,
    plan_bounds: [{ installments_count: 4, deferred_days: 30, min_amount: 150, max_amount: 2000 }],
    exclusions: { product_category_ids: ["pcat_gift"] },
    eligibility_api: "v1",
    legal_texts: LEGAL_DEFAULTS,
    legal_defaults: LEGAL_DEFAULTS,
    source: {},
    updated_at: null,
    medusa_version: {
      found: "2.21.2",
      status: "tested",
      new_payments: true,
      node: "20.20.0",
      tested: { lowest: "2.21.0", highest: "2.21.2" },
    },
    ...overrides,
  }
}

describe("settings form: from the backend's view", () => {
  it("shows each plan with its bounds and each account's URL, no key", () => {
    const form = formFrom(view())
    expect(form.plans).toEqual([
      { installments: "3", deferral: "none", delay: "", min: "", max: "" },
      { installments: "4", deferral: "days", delay: "30", min: "150", max: "2000" },
    ])
    expect(form.accounts).toEqual({
      test: { api_key: "", api_url: "https://sandbox.example.com" },
      live: { api_key: "", api_url: "" },
    })
    expect(form.notification_signature_header).toBe("")
  })

  it("passes its own schema", () => {
    expect(settingsFormSchema.safeParse(formFrom(view())).success).toBe(true)
  })

  it("drops the empty overrides the backend may hold", () => {
    const form = formFrom(view({ shipping_method_overrides: { so_1: {}, so_2: { express_delivery: false } } }))
    expect(form.shipping_method_overrides).toEqual({ so_2: { express_delivery: false } })
  })
})

describe("settings form: schema", () => {
  it("refuses a deferral it does not know and a missing field", () => {
    const form = formFrom(view())
    const bad = { ...form, plans: [{ ...form.plans[0], deferral: "weeks" }] }
    expect(settingsFormSchema.safeParse(bad).success).toBe(false)
    const { mode: _mode, ...withoutMode } = form
    expect(settingsFormSchema.safeParse(withoutMode).success).toBe(false)
  })

  it("leaves the numbers to the backend, which names the field in its 400", () => {
    const form = formFrom(view())
    const typed = { ...form, plans: [{ ...form.plans[0], installments: "99" }] }
    expect(settingsFormSchema.safeParse(typed).success).toBe(true)
  })
})

describe("settings form: rows to the request", () => {
  it("reads a row as a plan; a deferral without its delay is none", () => {
    expect(rowToPlan({ ...planRow(), installments: "4", deferral: "months", delay: "1" })).toEqual({
      installments_count: 4,
      deferred_months: 1,
    })
    expect(rowToPlan({ ...planRow(), installments: "3", deferral: "days", delay: "" })).toEqual({
      installments_count: 3,
    })
  })

  it("sends bounds only for rows that have one, with a decimal comma read as a point", () => {
    const rows = [
      { ...planRow(), installments: "3" },
      { ...planRow(), installments: "4", min: "149,90", max: "" },
    ]
    expect(rowsToBounds(rows)).toEqual([{ installments_count: 4, min_amount: 149.9 }])
  })

  it("sets and clears an override", () => {
    const set = withOverride({}, "so_1", { shipping_method: "pickup_point" })
    expect(set).toEqual({ so_1: { shipping_method: "pickup_point" } })
    expect(withOverride(set, "so_1", { shipping_method: undefined })).toEqual({})
  })
})

describe("settings form: only what changed is sent", () => {
  it("sends nothing for an untouched form", () => {
    const settings = view()
    expect(changesOf(formFrom(settings), settings)).toEqual({})
  })

  it("sends the eligibility interface only when another one is chosen", () => {
    const settings = view({ eligibility_api: "v2" })
    const form = formFrom(settings)
    expect(form.eligibility_api).toBe("v2")
    form.eligibility_api = "v1"
    expect(changesOf(form, settings)).toEqual({ eligibility_api: "v1" })
  })

  it("sends a typed key alone (trimmed), in its account's field", () => {
    const settings = view()
    const form = formFrom(settings)
    form.accounts.test.api_key = "  sk_test_abc  "
    expect(changesOf(form, settings)).toEqual({ test_api_key: "sk_test_abc" })
  })

  it("sends an emptied URL as null (back to the options or the environment)", () => {
    const settings = view()
    const form = formFrom(settings)
    form.accounts.test.api_url = " "
    expect(changesOf(form, settings)).toEqual({ test_api_url: null })
  })

  it("sends the plans when their order changes, but not the same bounds", () => {
    const settings = view()
    const form = formFrom(settings)
    form.plans.reverse()
    expect(changesOf(form, settings)).toEqual({
      plans: [{ installments_count: 4, deferred_days: 30 }, { installments_count: 3 }],
    })
  })

  it("sends changed bounds with the plan they bound", () => {
    const settings = view()
    const form = formFrom(settings)
    form.plans[1].max = ""
    expect(changesOf(form, settings)).toEqual({
      plan_bounds: [{ installments_count: 4, deferred_days: 30, min_amount: 150 }],
    })
  })

  it("compares exclusions whatever their order or empty lists", () => {
    const settings = view({ exclusions: { product_category_ids: ["a", "b"] } })
    const form = formFrom(settings)
    form.exclusions = { product_tag_ids: [], product_category_ids: ["b", "a"] }
    expect(changesOf(form, settings)).toEqual({})
    form.exclusions = { product_category_ids: ["a"] }
    expect(changesOf(form, settings)).toEqual({ exclusions: { product_category_ids: ["a"] } })
  })

  it("sends the switches, the mode, the overrides and the signature header", () => {
    const settings = view()
    const form = formFrom(settings)
    Object.assign(form, {
      mode: "live",
      auto_capture: false,
      shipping_sync_enabled: false,
      verify_notification_signature: true,
      notification_signature_header: " x-bnpl-signature ",
      shipping_method_overrides: { so_1: { shipping_method: "pickup_point", express_delivery: false } },
    })
    expect(changesOf(form, settings)).toEqual({
      mode: "live",
      auto_capture: false,
      shipping_sync_enabled: false,
      verify_notification_signature: true,
      notification_signature_header: "x-bnpl-signature",
      shipping_method_overrides: { so_1: { shipping_method: "pickup_point", express_delivery: false } },
    })
  })

  it("sends an emptied signature header as null", () => {
    const settings = view({ notification_signature_header: "x-sig" })
    const form = formFrom(settings)
    form.notification_signature_header = ""
    expect(changesOf(form, settings)).toEqual({ notification_signature_header: null })
  })

  it("knows a key removal", () => {
    expect(removedKey({ live_api_key: null })).toBe("live")
    expect(removedKey({ test_api_key: "sk_test_x" })).toBeUndefined()
  })
})

describe("settings form: the legal texts", () => {
  const NL_ART = "https://cdn.example.com/afm.svg"

  it("shows each market's texts as typed: no lender or artwork is an empty field", () => {
    const form = formFrom(view())
    expect(Object.keys(form.legal_texts)).toEqual(Object.keys(LEGAL_DEFAULTS))
    expect(form.legal_texts.FR).toEqual({
      warning: LEGAL_DEFAULTS.FR.warning,
      lender: "",
      representative_example: true,
      afm_artwork_url: "",
    })
  })

  it("sends every override, only what differs from the defaults (trimmed), when one changed", () => {
    const settings = view({ legal_texts: effectiveLegalTexts({ DE: { lender: "Bank AG" } }) })
    const form = formFrom(settings)
    expect(changesOf(form, settings)).toEqual({})
    form.legal_texts.NL.afm_artwork_url = ` ${NL_ART} `
    form.legal_texts.FR.representative_example = false
    expect(changesOf(form, settings)).toEqual({
      legal_texts: {
        FR: { representative_example: false },
        NL: { afm_artwork_url: NL_ART },
        DE: { lender: "Bank AG" },
      },
    })
  })

  it("sends the defaults back as no override: Reset to default, an emptied lender", () => {
    const settings = view({ legal_texts: effectiveLegalTexts({ FR: { warning: "Attention !", lender: "Banque" } }) })
    const form = formFrom(settings)
    form.legal_texts.FR.warning = LEGAL_DEFAULTS.FR.warning
    form.legal_texts.FR.lender = "  "
    expect(changesOf(form, settings)).toEqual({ legal_texts: {} })
  })

  it("checks what the backend would refuse, each check a message code", () => {
    const form = formFrom(view())
    const refusal = (market: "FR" | "NL", field: string, value: string) => {
      const typed = {
        ...form,
        legal_texts: { ...form.legal_texts, [market]: { ...form.legal_texts[market], [field]: value } },
      }
      const result = settingsFormSchema.safeParse(typed)
      return result.success ? undefined : [result.error.issues[0].path.join("."), result.error.issues[0].message]
    }
    expect(refusal("FR", "warning", "  ")).toEqual(["legal_texts.FR.warning", "warningEmpty"])
    expect(refusal("FR", "warning", "x".repeat(301))).toEqual(["legal_texts.FR.warning", "warningTooLong"])
    expect(refusal("FR", "warning", "é".repeat(300))).toBeUndefined()
    expect(refusal("FR", "lender", "x".repeat(301))).toEqual(["legal_texts.FR.lender", "lenderTooLong"])
    expect(refusal("NL", "afm_artwork_url", "http://cdn.example.com/afm.svg")).toEqual([
      "legal_texts.NL.afm_artwork_url",
      "artworkUrl",
    ])
    expect(refusal("NL", "afm_artwork_url", NL_ART)).toBeUndefined()
    expect(refusal("NL", "afm_artwork_url", "")).toBeUndefined()
  })
})

describe("Verify tries what is typed, else what is saved", () => {
  it("sends the typed key, and a URL only when it differs from the saved one", () => {
    const settings = view()
    const form = formFrom(settings)
    expect(verifyBody(form, settings, "test")).toEqual({ mode: "test" })
    form.accounts.test.api_key = " sk_test_new "
    form.accounts.test.api_url = "https://other.example.com"
    expect(verifyBody(form, settings, "test")).toEqual({
      mode: "test",
      api_key: "sk_test_new",
      api_url: "https://other.example.com",
    })
  })
})
