import { readFileSync } from "node:fs"
import { join } from "node:path"
import { renderToStaticMarkup } from "react-dom/server"
import { LEGAL_DEFAULTS } from "../legal"
import { creditWarning, legalTextFor, marketOf } from "../market"
import { typeset } from "../messages"
import { BnplPlanPicker, BnplSchedule, BnplTeaser } from "../react"
import { warnIfNoAfm } from "../react/warning"
import type { LegalMarket, LegalText } from "../types"
import { FOUR_TOO_SMALL, NOW, TEN, THREE, answer } from "./fixtures"

const noop = () => undefined
/** Apostrophes unescaped, Intl's no-break spaces as plain ones. */
const plain = (html: string) => html.replace(/&#x27;/g, "'").replace(/[\u00a0\u202f]/g, " ")

describe("the customer's market", () => {
  it.each([
    ["FR", "en-GB", "FR"],
    ["fr", "de-DE", "FR"],
    ["BE", "fr-BE", "BE-FR"],
    ["BE", "nl-BE", "BE-NL"],
    ["be", "en", "BE-FR"],
    ["NL", "en", "NL"],
    ["DE", "fr", "DE"],
    ["ES", "es", "ES"],
    ["IT", "it", "IT"],
    ["PT", "pt-PT", "PT"],
    ["AT", "de-AT", "DE"],
    ["CH", "fr-CH", "FR"],
    ["LU", "de", "DE"],
    ["BR", "pt-BR", "PT"],
    ["GB", "en-GB", "OTHER"],
    ["SE", "sv-SE", "OTHER"],
    [undefined, "nl-NL", "NL"],
    [null, undefined, "OTHER"],
  ])("country %s, locale %s → %s", (country, locale, market) => {
    expect(marketOf(country, locale)).toBe(market)
  })
})

describe("the shipped defaults (LEGAL_DEFAULTS)", () => {
  it("has the note's sentence for each market, editable, IT and PT marked unconfirmed", () => {
    expect(Object.keys(LEGAL_DEFAULTS).sort()).toEqual(["BE-FR", "BE-NL", "DE", "ES", "FR", "IT", "NL", "OTHER", "PT"])
    expect(LEGAL_DEFAULTS.FR.warning).toBe("Attention ! Un crédit coûte de l'argent et doit être remboursé !")
    expect(LEGAL_DEFAULTS["BE-FR"].warning).toBe("Attention, emprunter de l'argent coûte aussi de l'argent.")
    expect(LEGAL_DEFAULTS["BE-NL"].warning).toBe("Let op, geld lenen kost ook geld.")
    expect(LEGAL_DEFAULTS.NL.warning).toBe("Let op! Geld lenen kost geld")
    expect(LEGAL_DEFAULTS.DE.warning).toBe("Achtung! Kreditaufnahme kostet Geld.")
    expect(LEGAL_DEFAULTS.ES.warning).toBe("Atención: tomar dinero prestado cuesta dinero")
    expect(LEGAL_DEFAULTS.IT.warning).toBe("Attenzione: prendere in prestito denaro costa denaro")
    expect(LEGAL_DEFAULTS.PT.warning).toBe("Atenção: pedir dinheiro emprestado custa dinheiro")
    expect(LEGAL_DEFAULTS.OTHER.warning).toBe("Attention! Borrowing money costs money.")
    const unconfirmed = Object.values(LEGAL_DEFAULTS).filter((t) => !t.confirmed).map((t) => t.market)
    expect(unconfirmed.sort()).toEqual(["IT", "PT"])
    for (const [market, text] of Object.entries(LEGAL_DEFAULTS)) {
      expect(text).toEqual({
        market,
        language: expect.stringMatching(/^(fr|nl|de|es|it|pt|en)$/),
        warning: expect.any(String),
        lender: null,
        representative_example: true,
        afm_artwork_url: null,
        confirmed: expect.any(Boolean),
      })
    }
  })

  it("is the plugin's own data file, bundled: one copy for the backend and the kit", () => {
    // The table is the plugin's data file (JSON: plain data), which the kit bundles: one copy for both.
    const source = readFileSync(join(__dirname, "..", "legal.ts"), "utf8")
    expect(source).toMatch(/^import defaults from "\.\.\/\.\.\/src\/lib\/legal\/default-texts\.json"$/m)
    expect(source).toMatch(/export const LEGAL_DEFAULTS = defaults as Record<LegalMarket, LegalText>$/m)
    expect(source).not.toMatch(/\.\.\.|=>|function/)
    const data = readFileSync(join(__dirname, "..", "..", "..", "src", "lib", "legal", "default-texts.json"), "utf8")
    expect(JSON.parse(data)).toEqual(LEGAL_DEFAULTS)
  })
})

describe("the texts an offer shows", () => {
  const merchantFr: LegalText = { ...LEGAL_DEFAULTS["BE-FR"], warning: "Emprunter coûte.", lender: "Crédit par Banque X" }
  const merchantNl: LegalText = { ...LEGAL_DEFAULTS["BE-NL"], warning: "Lenen kost." }

  it("the store's texts when served: the locale's language, else the first", () => {
    expect(legalTextFor({ locale: "nl-BE", legal: [merchantFr, merchantNl] })).toBe(merchantNl)
    expect(legalTextFor({ locale: "en", legal: [merchantFr, merchantNl] })).toBe(merchantFr)
    expect(legalTextFor({ countryCode: "BE", locale: "nl-BE", legal: [merchantFr, merchantNl] })).toBe(merchantNl)
  })

  it("with a country, only its market's served texts count, else the kit's defaults", () => {
    expect(legalTextFor({ countryCode: "DE", locale: "de", legal: [merchantFr] })).toBe(LEGAL_DEFAULTS.DE)
    expect(legalTextFor({ countryCode: "FR", locale: "en" })).toBe(LEGAL_DEFAULTS.FR)
    expect(legalTextFor({ locale: "sv" })).toBe(LEGAL_DEFAULTS.OTHER)
    expect(creditWarning({ countryCode: "BE", locale: "fr-BE" })).toBe("Attention, emprunter de l'argent coûte aussi de l'argent.")
  })
})

/** Each market: the country and locale a customer of it has. */
const MARKETS: Array<[LegalMarket, string, string]> = [
  ["FR", "FR", "fr-FR"],
  ["BE-FR", "BE", "fr-BE"],
  ["BE-NL", "BE", "nl-BE"],
  ["NL", "NL", "nl-NL"],
  ["DE", "DE", "de-DE"],
  ["ES", "ES", "es-ES"],
  ["IT", "IT", "it-IT"],
  ["PT", "PT", "pt-PT"],
  ["OTHER", "GB", "en-GB"],
]

const render = (element: JSX.Element) => {
  jest.useFakeTimers({ now: NOW })
  try {
    return plain(renderToStaticMarkup(element))
  } finally {
    jest.useRealTimers()
  }
}

describe.each(MARKETS)("the %s warning on every offer", (market, country, locale) => {
  const { warning, language } = LEGAL_DEFAULTS[market]
  // Set in French typography where the market speaks French (U+202F before "!", U+2019 apostrophes).
  const shown = plain(`<p class="bnpl-warning" lang="${language}">${typeset(warning, language)}</p>`)

  it("in the teaser, under the offer with its cost and APR", () => {
    const html = render(<BnplTeaser eligibility={answer([THREE, FOUR_TOO_SMALL])} locale={locale} countryCode={country} />)
    expect(html).toContain(shown)
    expect(html).toMatch(/class="bnpl-cost__text">[^<]+ · [^<]+ 19[.,]3/)
    expect(html.indexOf("bnpl-teaser")).toBeLessThan(html.indexOf("bnpl-warning"))
  })

  it("in the plan picker, above the plans", () => {
    const html = render(<BnplPlanPicker eligibility={answer([THREE, FOUR_TOO_SMALL, TEN])} onChange={noop} locale={locale} countryCode={country} />)
    expect(html).toContain(shown)
    expect(html.indexOf("bnpl-warning")).toBeLessThan(html.indexOf('class="bnpl-plan'))
  })

  it("under a schedule standing alone (the order's confirmation)", () => {
    const html = render(<BnplSchedule plan={THREE} currencyCode="eur" locale={locale} countryCode={country} start={NOW} />)
    expect(html).toContain(shown)
    expect(html).toContain('class="bnpl-schedule__apr"')
  })
})

describe("where nothing is offered, no warning", () => {
  it("a greyed teaser (no plan fits the price), a picker without eligible plan, the service down", () => {
    const small = answer([{ ...FOUR_TOO_SMALL, installments_count: 3 }], 3000)
    expect(render(<BnplTeaser eligibility={small} locale="fr-FR" countryCode="FR" />)).not.toContain("bnpl-warning")
    expect(render(<BnplPlanPicker eligibility={small} onChange={noop} locale="fr-FR" countryCode="FR" />)).not.toContain("bnpl-warning")
    const down = { ...answer([]), service_available: false }
    expect(render(<BnplPlanPicker eligibility={down} onChange={noop} locale="fr-FR" countryCode="FR" />)).not.toContain("bnpl-warning")
  })
})

describe("the merchant's texts", () => {
  it("served with the plans: its wording and its lender, in the customer's language", () => {
    const served = {
      ...answer([THREE]),
      legal: [
        { ...LEGAL_DEFAULTS["BE-FR"], warning: "Attention, emprunter de l'argent coûte aussi de l'argent.", lender: "Crédit accordé par Banque X" },
        { ...LEGAL_DEFAULTS["BE-NL"], lender: "Krediet verleend door Bank X" },
      ],
    }
    const nl = render(<BnplTeaser eligibility={served} locale="nl-BE" />)
    expect(nl).toContain('<p class="bnpl-warning" lang="nl">Let op, geld lenen kost ook geld.</p><p class="bnpl-lender" lang="nl">Krediet verleend door Bank X</p>')
    expect(render(<BnplTeaser eligibility={served} locale="fr-BE" />)).toContain("Crédit accordé par Banque X")
  })

  it("no representative example for a market that does not want it: the cost and APR alone", () => {
    const legal = { ...LEGAL_DEFAULTS.DE, representative_example: false }
    const html = render(<BnplTeaser eligibility={answer([THREE])} locale="de-DE" countryCode="DE" legal={legal} />)
    expect(html).toContain("Kosten der Ratenzahlung: 1,88 € · effektiver Jahreszins 19,3 %")
    expect(html).not.toContain("bnpl-example-button")
    expect(render(<BnplPlanPicker eligibility={answer([THREE])} onChange={noop} locale="de-DE" countryCode="DE" legal={legal} />)).not.toContain(
      "bnpl-example-button"
    )
  })

  it("the cost in money, €0.00 included", () => {
    const free = { ...THREE, customer_total_cost_amount: 0, payment_plan: THREE.payment_plan!.map((i) => ({ ...i, customer_fee: 0, total_amount: 4330 })) }
    const html = render(<BnplTeaser eligibility={answer([free])} locale="en-GB" countryCode="GB" />)
    expect(html).toContain("Cost of the plan: €0.00 · APR 0.0%")
  })
})

describe("the Netherlands: the AFM warning symbol", () => {
  const afm = { ...LEGAL_DEFAULTS.NL, afm_artwork_url: "https://shop.example/afm-kredietwaarschuwing.svg" }

  it("at the top of the offer, its alt text the sentence (said once: the sentence beside it is hidden from screen readers)", () => {
    const teaser = render(<BnplTeaser eligibility={answer([THREE])} locale="nl-NL" countryCode="NL" legal={afm} />)
    expect(teaser).toMatch(
      /^<div class="bnpl-offer" lang="nl-NL" data-market="NL"><img class="bnpl-afm" src="https:\/\/shop.example\/afm-kredietwaarschuwing.svg" alt="Let op! Geld lenen kost geld" lang="nl"\/>/
    )
    expect(teaser).toContain('<p class="bnpl-warning" lang="nl" aria-hidden="true">Let op! Geld lenen kost geld</p>')
    const picker = render(<BnplPlanPicker eligibility={answer([THREE])} onChange={noop} locale="nl-NL" countryCode="NL" legal={afm} />)
    expect(picker).toMatch(/<\/legend><div class="bnpl-picker__legal"><img class="bnpl-afm" [^>]*alt="Let op! Geld lenen kost geld"/)
    const schedule = render(<BnplSchedule plan={THREE} currencyCode="eur" locale="nl-NL" countryCode="NL" legal={afm} />)
    expect(schedule).toMatch(/^<div class="bnpl-schedule" [^>]*><img class="bnpl-afm"/)
  })

  it("served by the store with the plans", () => {
    const html = render(<BnplTeaser eligibility={{ ...answer([THREE]), legal: [afm] }} locale="nl-NL" />)
    expect(html).toContain('<img class="bnpl-afm"')
  })

  it("not for Belgium's Dutch market; without the merchant's artwork, the sentence alone", () => {
    expect(render(<BnplTeaser eligibility={answer([THREE])} locale="nl-BE" countryCode="BE" legal={{ ...afm, market: "BE-NL" }} />)).not.toContain("<img")
    const html = render(<BnplTeaser eligibility={answer([THREE])} locale="nl-NL" countryCode="NL" />)
    expect(html).not.toContain("<img")
    expect(html).toContain('<p class="bnpl-warning" lang="nl">Let op! Geld lenen kost geld</p>')
  })

  it("without it, a clear warning in the console, once a page", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
    try {
      expect(warnIfNoAfm(LEGAL_DEFAULTS["BE-NL"])).toBe(false)
      expect(warnIfNoAfm(afm)).toBe(false)
      expect(warnIfNoAfm(LEGAL_DEFAULTS.NL)).toBe(true)
      expect(warnIfNoAfm(LEGAL_DEFAULTS.NL)).toBe(false)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0][0]).toMatch(/Dutch market without the AFM warning symbol.*afm_artwork_url/)
    } finally {
      warn.mockRestore()
    }
  })

  it("the stylesheet lays it out full width at the top, its proportions kept", () => {
    const css = readFileSync(join(__dirname, "..", "..", "styles.css"), "utf8")
    expect(css).toMatch(/\.bnpl-afm \{ display: block; width: 100%; height: auto;[^}]*object-fit: contain/)
  })
})

describe("no credit chosen for the customer", () => {
  it("the picker checks no plan until the customer chooses one", () => {
    const html = render(<BnplPlanPicker eligibility={answer([THREE, TEN])} onChange={noop} name="plan" locale="en-GB" />)
    expect(html).not.toContain("checked")
    expect(html).not.toContain("bnpl-plan--selected")
    expect(render(<BnplPlanPicker eligibility={answer([THREE, TEN])} value={null} onChange={noop} name="plan" locale="en-GB" />)).not.toContain("checked")
  })

  it("a plan that costs nothing comes before one that costs something; otherwise the service's order", () => {
    const free = { ...THREE, installments_count: 2, customer_total_cost_amount: 0 }
    const html = render(<BnplPlanPicker eligibility={answer([THREE, FOUR_TOO_SMALL, free])} onChange={noop} name="plan" locale="en-GB" />)
    expect([...html.matchAll(/<input[^>]*id="plan-(\w+)-d0-m0"/g)].map((m) => m[1])).toEqual(["2x", "3x", "4x"])
    const paidOnly = render(<BnplPlanPicker eligibility={answer([TEN, THREE])} onChange={noop} name="plan" locale="en-GB" />)
    expect([...paidOnly.matchAll(/<input[^>]*id="plan-(\w+)-d0-m0"/g)].map((m) => m[1])).toEqual(["10x", "3x"])
  })
})
