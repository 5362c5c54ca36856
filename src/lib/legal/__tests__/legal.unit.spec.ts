import { LEGAL_DEFAULTS } from "../defaults"
import { LEGAL_MARKETS } from "../markets"
import { effectiveLegalTexts, legalTextOf, legalTextsFor, marketsFor } from "../resolve"
import { legalTextsProblems, normalizeLegalTexts } from "../validate"

describe("marketsFor: the markets of the country an offer is made in", () => {
  it.each([
    ["fr", ["FR"]],
    ["FR", ["FR"]],
    ["be", ["BE-FR", "BE-NL"]],
    ["nl", ["NL"]],
    ["de", ["DE"]],
    ["es", ["ES"]],
    ["it", ["IT"]],
    [" pt ", ["PT"]],
  ])("%s → %j", (country, markets) => {
    expect(marketsFor(country)).toEqual(markets)
  })

  it.each([["ch"], ["us"], [""], [null], [undefined]])(
    "%s → all nine (the storefront picks by language)",
    (country) => {
      expect(marketsFor(country)).toEqual([...LEGAL_MARKETS])
      expect(marketsFor(country)).toHaveLength(9)
    }
  )

  it("never hands out the markets' list itself", () => {
    marketsFor("ch").pop()
    expect(marketsFor("ch")).toHaveLength(9)
  })
})

describe("legalTextsFor: the merchant's overrides over the defaults", () => {
  it("serves the defaults without overrides", () => {
    expect(legalTextsFor(undefined, "be")).toEqual([LEGAL_DEFAULTS["BE-FR"], LEGAL_DEFAULTS["BE-NL"]])
    expect(legalTextsFor({}, null)).toEqual(LEGAL_MARKETS.map((m) => LEGAL_DEFAULTS[m]))
  })

  it("merges field by field; null or absent keeps the default; market, language and confirmed stay", () => {
    const overrides = {
      FR: { lender: "Crédit accordé par Banque Exemple", representative_example: false },
      IT: { warning: "Attenzione: il credito costa", lender: null },
      NL: { afm_artwork_url: "https://cdn.example.com/afm.svg", warning: null },
    }
    expect(legalTextsFor(overrides, "fr")).toEqual([
      { ...LEGAL_DEFAULTS.FR, lender: "Crédit accordé par Banque Exemple", representative_example: false },
    ])
    expect(legalTextsFor(overrides, "it")).toEqual([
      { ...LEGAL_DEFAULTS.IT, warning: "Attenzione: il credito costa", confirmed: false },
    ])
    expect(legalTextsFor(overrides, "nl")).toEqual([
      { ...LEGAL_DEFAULTS.NL, afm_artwork_url: "https://cdn.example.com/afm.svg" },
    ])
    expect(legalTextOf("DE", { warning: "Achtung!" })).toMatchObject({ market: "DE", language: "de", confirmed: true })
  })

  it("gives every market in the admin's view", () => {
    const all = effectiveLegalTexts({ ES: { lender: "Banco" } })
    expect(Object.keys(all)).toEqual([...LEGAL_MARKETS])
    expect(all.ES).toEqual({ ...LEGAL_DEFAULTS.ES, lender: "Banco" })
    expect(all.FR).toEqual(LEGAL_DEFAULTS.FR)
  })

  it("does not change the shipped defaults", () => {
    const before = JSON.stringify(LEGAL_DEFAULTS)
    legalTextsFor({ FR: { warning: "x" } }, "fr")[0].warning = "changed"
    expect(JSON.stringify(LEGAL_DEFAULTS)).toBe(before)
  })
})

describe("legalTextsProblems: each problem names its field", () => {
  const field = "legal_texts"

  it("accepts overrides, nulls and empty optional texts", () => {
    expect(
      legalTextsProblems(
        {
          FR: { warning: "Attention !", lender: "Banque", representative_example: false },
          "BE-NL": null,
          NL: { afm_artwork_url: "https://cdn.example.com/afm.svg", lender: "" },
          PT: { warning: null, lender: null, representative_example: null, afm_artwork_url: null },
          OTHER: {},
        },
        field
      )
    ).toEqual([])
    expect(legalTextsProblems({}, field)).toEqual([])
    expect(legalTextsProblems({ FR: { warning: "é".repeat(300) } }, field)).toEqual([])
  })

  it.each([
    [[], /^legal_texts must be an object keyed by market/],
    ["FR", /^legal_texts must be an object keyed by market/],
    [
      { XX: { warning: "x" } },
      /^legal_texts\.XX: unknown market \(markets: FR, BE-FR, BE-NL, NL, DE, ES, IT, PT, OTHER\)$/,
    ],
    [{ fr: {} }, /^legal_texts\.fr: unknown market/],
    [{ FR: "Attention" }, /^legal_texts\.FR must be an object with warning, lender/],
    [{ FR: { confirmed: true } }, /^legal_texts\.FR has unknown fields: confirmed \(allowed: /],
    [{ FR: { warning: "" } }, /^legal_texts\.FR\.warning must not be empty \(null goes back to the default\)$/],
    [{ FR: { warning: "   " } }, /^legal_texts\.FR\.warning must not be empty/],
    [{ FR: { warning: 3 } }, /^legal_texts\.FR\.warning must be a text/],
    [{ DE: { warning: "x".repeat(301) } }, /^legal_texts\.DE\.warning is longer than 300 characters \(301\)$/],
    [{ DE: { lender: "x".repeat(301) } }, /^legal_texts\.DE\.lender is longer than 300 characters/],
    [{ ES: { representative_example: "yes" } }, /^legal_texts\.ES\.representative_example must be true or false/],
    [
      { NL: { afm_artwork_url: "http://cdn.example.com/afm.svg" } },
      /^legal_texts\.NL\.afm_artwork_url must be an https:\/\/ URL/,
    ],
    [{ NL: { afm_artwork_url: "afm.svg" } }, /^legal_texts\.NL\.afm_artwork_url must be an https:\/\/ URL/],
    [{ NL: { afm_artwork_url: "https://" } }, /^legal_texts\.NL\.afm_artwork_url must be an https:\/\/ URL/],
    [
      { NL: { afm_artwork_url: `https://cdn.example.com/${"a".repeat(2000)}` } },
      /^legal_texts\.NL\.afm_artwork_url is longer than 2000 characters/,
    ],
  ])("%j → %s", (value, message) => {
    const problems = legalTextsProblems(value, field)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(message)
  })

  it("names the option's field for the plugin option", () => {
    expect(legalTextsProblems({ XX: {} }, "legalTexts")).toEqual([
      expect.stringMatching(/^legalTexts\.XX: unknown market/),
    ])
  })

  it("quotes a long bad URL only in part", () => {
    const [problem] = legalTextsProblems({ NL: { afm_artwork_url: `http://${"a".repeat(500)}` } }, field)
    expect(problem.length).toBeLessThan(200)
  })
})

describe("normalizeLegalTexts: what is kept", () => {
  it("trims, drops nulls, empty optional texts and empty markets, in the markets' order", () => {
    expect(
      normalizeLegalTexts({
        OTHER: { lender: "  Lender Ltd  " },
        NL: { afm_artwork_url: "", lender: null, warning: null },
        FR: { warning: " Attention ! ", representative_example: false },
        DE: {},
      })
    ).toEqual({ FR: { warning: "Attention !", representative_example: false }, OTHER: { lender: "Lender Ltd" } })
    expect(Object.keys(normalizeLegalTexts({ OTHER: { lender: "a" }, FR: { lender: "b" } }))).toEqual(["FR", "OTHER"])
  })

  it("leaves out what a stored value should not hold", () => {
    expect(normalizeLegalTexts(null)).toEqual({})
    expect(normalizeLegalTexts({ XX: { warning: "x" }, FR: { confirmed: false } } as any)).toEqual({})
  })
})
