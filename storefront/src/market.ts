import { LEGAL_DEFAULTS } from "./legal"
import type { LegalMarket, LegalText } from "./types"

/** The markets with their own country (Belgium has two: its language decides). */
const BY_COUNTRY: Record<string, LegalMarket> = { FR: "FR", NL: "NL", DE: "DE", ES: "ES", IT: "IT", PT: "PT" }
/** A country of no market of its own: the market of the locale's language. */
const BY_LANGUAGE: Record<string, LegalMarket> = { fr: "FR", de: "DE", nl: "NL", es: "ES", it: "IT", pt: "PT" }

const languageOfLocale = (locale: string | undefined) => (locale ?? "").toLowerCase().split(/[-_]/)[0]

/**
 * The customer's market for credit advertising: the country the offer is made in (the cart's
 * or region's country) decides, not only the language, so a French-speaking Belgian gets the
 * Belgian sentence. Belgium: BE-NL for a Dutch locale, else BE-FR. A country of no listed market
 * (or none given): the market of the locale's language, else OTHER (English).
 */
export function marketOf(countryCode: string | null | undefined, locale?: string): LegalMarket {
  const country = (countryCode ?? "").toUpperCase()
  const language = languageOfLocale(locale)
  if (country === "BE") return language === "nl" ? "BE-NL" : "BE-FR"
  return BY_COUNTRY[country] ?? BY_LANGUAGE[language] ?? "OTHER"
}

export type LegalTextOptions = {
  /** ISO 3166-1 alpha-2 country of the offer (cart, region): decides the market. */
  countryCode?: string | null
  /** The customer's locale: the market when the country has none, the text's language in Belgium. */
  locale?: string
  /** The texts the store served (`PlansAnswer.legal`) or the merchant's override. */
  legal?: LegalText[] | null
}

/**
 * The texts to show with an offer. The store's texts (`answer.legal`, the merchant's wording)
 * when it served some: the entry in the locale's language, else the first. With a `countryCode`,
 * only entries of its market count (the store may have answered for another one, e.g. for the
 * region). Otherwise the kit's defaults for the market.
 */
export function legalTextFor({ countryCode, locale, legal }: LegalTextOptions = {}): LegalText {
  const market = countryCode || !legal?.length ? marketOf(countryCode, locale) : undefined
  const served = (legal ?? []).filter((text) => !market || text.market === market)
  const language = languageOfLocale(locale)
  return served.find((text) => text.language === language) ?? served[0] ?? LEGAL_DEFAULTS[market ?? marketOf(null, locale)]
}

/** The market's warning sentence ("Attention! Borrowing money costs money."), for a storefront's own markup. */
export const creditWarning = (options: LegalTextOptions = {}): string => legalTextFor(options).warning
