import { EXAMPLE_MESSAGES, type ExampleMessages } from "../example"
import { formatPlan } from "../format"
import { MESSAGES, messagesFor, textLanguage, type BnplMessages } from "../messages"
import { THREE, NOW } from "./fixtures"

/**
 * Every language of the kit says everything English says, with the same values in it: a text
 * added to English and not translated, or a translation that drops an amount, a count or a
 * product title, fails here.
 */

// Sentinels: a value given to a text shows up in it (amounts are formatted before they are given).
const A = "⟦amount⟧"
const F = "⟦first⟧"
const E = "⟦fees⟧"
const D = "⟦deferral⟧"

/** Arguments each text is tried with (several shapes where a text has branches). */
const SAMPLES: { [K in keyof BnplMessages]?: unknown[][] } = {
  planLabel: [[1], [7]],
  deferredLabel: [[D]],
  deferredPlanLabel: [[7, D]],
  days: [[1], [30]],
  months: [[1], [11]],
  title: [[7, A]],
  deferredTitle: [[A, D]],
  teaser: [
    [{ count: 7, amount: A }],
    [{ count: 7, amount: A, first: F, fees: E }],
    [{ count: 7, amount: A, deferral: D }],
    [{ count: 7, amount: A, first: F, fees: E, deferral: D }],
    [{ count: 1, amount: A }],
    [{ count: 1, amount: A, deferral: D }],
    [{ count: 7, amount: A, payAtShipment: true }],
    [{ count: 7, amount: A, first: F, fees: E, payAtShipment: true }],
    [{ count: 1, amount: A, payAtShipment: true }],
  ],
  teaserUnavailable: [["⟦reason⟧"]],
  payAtShipmentLabel: [[1], [7]],
  payAtShipmentNotice: [[1], [7]],
  dueToday: [[A]],
  instalment: [[7]],
  includingFees: [[E]],
  totalCost: [[A]],
  totalCostRate: [["⟦rate⟧"]],
  total: [[A]],
  availableFrom: [["⟦min⟧"]],
  availableUpTo: [["⟦max⟧"]],
  availableBetween: [["⟦min⟧", "⟦max⟧"]],
  excludedProducts: [[["⟦t1⟧"]], [["⟦t1⟧", "⟦t2⟧"]]],
}
/** Likewise for the representative example's texts. */
const EXAMPLE_SAMPLES: { [K in keyof ExampleMessages]?: unknown[][] } = {
  exampleTitle: [["⟦plan⟧"]],
  durationDays: [[1], [61]],
}

/** The values of `args` (strings and counts) that appear in `text`. */
function valuesIn(text: string, args: unknown[]): string[] {
  const values = args.flatMap((a) => (Array.isArray(a) ? a : a && typeof a === "object" ? Object.values(a) : [a]))
  return values.map(String).filter((v) => v !== "1" && text.includes(v)).sort()
}

/** Each text of a language as the list of its outputs (a plain text is its own output). */
function outputs<M extends object>(m: M, key: keyof M, samplesOf: { [K in keyof M]?: unknown[][] } = SAMPLES as never): { args: unknown[]; text: unknown }[] {
  const value = m[key] as unknown
  if (typeof value !== "function") return [{ args: [], text: value }]
  const samples = samplesOf[key] ?? [Array.from({ length: value.length }, (_, i) => `⟦arg${i}⟧`)]
  return samples.map((args) => ({ args, text: (value as (...a: unknown[]) => unknown)(...args) }))
}

const english = MESSAGES.en
const keys = Object.keys(english) as (keyof BnplMessages)[]

describe.each(Object.keys(MESSAGES).filter((l) => l !== "en"))("the kit in %s", (lang) => {
  const m = MESSAGES[lang as keyof typeof MESSAGES] as BnplMessages

  it("has every text English has, and none other", () => {
    expect(Object.keys(m).sort()).toEqual([...keys].sort())
  })

  it("says each text with the same values English puts in it, never empty", () => {
    const differ = keys.flatMap((key) => {
      const ours = outputs(m, key)
      return outputs(english, key).flatMap(({ args, text }, i) => {
        const theirs = ours[i]?.text
        if (typeof theirs !== typeof text || (typeof theirs === "string" && !theirs.trim())) return [`${key}: not a text`]
        if (typeof text !== "string") return []
        const want = valuesIn(text, args).join()
        const got = valuesIn(theirs as string, args).join()
        return want === got ? [] : [`${key}(${JSON.stringify(args)}): "${theirs}" has ${got || "none"}, English ${want || "none"}`]
      })
    })
    expect(differ).toEqual([])
  })

  it("has the representative example's texts, with the same values English puts in them", () => {
    const ours = EXAMPLE_MESSAGES[lang as keyof typeof EXAMPLE_MESSAGES] as ExampleMessages
    const exampleKeys = Object.keys(EXAMPLE_MESSAGES.en) as (keyof ExampleMessages)[]
    expect(Object.keys(ours).sort()).toEqual([...exampleKeys].sort())
    const differ = exampleKeys.flatMap((key) => {
      const theirs = outputs(ours, key, EXAMPLE_SAMPLES)
      return outputs(EXAMPLE_MESSAGES.en, key, EXAMPLE_SAMPLES).flatMap(({ args, text }, i) => {
        const got = theirs[i]?.text
        if (typeof got !== "string" || !got.trim()) return [`${key}: not a text`]
        return valuesIn(text as string, args).join() === valuesIn(got, args).join() ? [] : [`${key}(${JSON.stringify(args)}): "${got}"`]
      })
    })
    expect(differ).toEqual([])
  })

  it("is chosen for the language's locales, with the locale's own dates and amounts", () => {
    expect(messagesFor(`${lang}-XX`)).toBe(m)
    expect(messagesFor(lang.toUpperCase())).toBe(m)
    expect(textLanguage(`${lang}-BE`)).toBe(`${lang}-BE`)
    const f = formatPlan(THREE, { locale: lang, currencyCode: "eur", timeZone: "Europe/Paris", now: NOW })
    expect(f.label).toBe(m.planLabel(3))
    expect(f.schedule[0].due).toBe(m.today)
    expect(f.schedule[1].amount).toBe(new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" }).format(43.3))
    expect(f.schedule[1].due).toBe(new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "Europe/Paris" }).format(new Date(THREE.payment_plan![1].due_date * 1000)))
  })
})

describe("the kit's language for a locale", () => {
  it("speaks the service's seven languages and English for any other", () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt"])
    expect(messagesFor("pt-BR")).toBe(MESSAGES.pt)
    expect(messagesFor("nl_BE")).toBe(MESSAGES.nl)
    expect(messagesFor("sv-SE")).toBe(MESSAGES.en)
    expect(textLanguage("sv-SE")).toBe("en")
    expect(messagesFor(undefined)).toBe(MESSAGES.en)
  })

  it("gives German, Spanish, Italian, Dutch and Portuguese teasers that read as sentences", () => {
    const teaser = { count: 3, amount: "43,30 €", first: "45,18 €", fees: "1,88 €" }
    expect(MESSAGES.de.teaser(teaser)).toBe("oder in 3 Raten à 43,30 € (die erste 45,18 €, inkl. 1,88 € Gebühren)")
    expect(MESSAGES.es.teaser(teaser)).toBe("o 3 plazos de 43,30 € (el primero de 45,18 €, con 1,88 € de comisión)")
    expect(MESSAGES.it.teaser(teaser)).toBe("oppure 3 rate da 43,30 € (la prima di 45,18 €, di cui 1,88 € di commissioni)")
    expect(MESSAGES.nl.teaser(teaser)).toBe("of 3 termijnen van 43,30 € (de eerste 45,18 €, incl. 1,88 € kosten)")
    expect(MESSAGES.pt.teaser(teaser)).toBe("ou 3 prestações de 43,30 € (a primeira de 45,18 €, com 1,88 € de comissões)")
    expect(MESSAGES.de.excludedProducts(["Gutschein", "Karte"])).toBe("Ratenzahlung ist für „Gutschein“ und „Karte“ nicht möglich")
  })
})
