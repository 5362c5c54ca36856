import { LEGAL_DEFAULTS } from "./defaults"
import {
  LEGAL_MARKETS,
  type LegalMarket,
  type LegalText,
  type LegalTextOverride,
  type LegalTextOverrides,
} from "./markets"

/** The countries with markets of their own; Belgium has one per language. */
const MARKETS_OF_COUNTRY: Record<string, LegalMarket[]> = {
  fr: ["FR"],
  be: ["BE-FR", "BE-NL"],
  nl: ["NL"],
  de: ["DE"],
  es: ["ES"],
  it: ["IT"],
  pt: ["PT"],
}

/**
 * The markets whose texts go with an offer made in `country` (ISO 3166-1 alpha-2, any case).
 * Any other country, or none known: all of them, and the storefront picks by the customer's
 * language (a Swiss customer reading French gets the French sentence, not the English one).
 */
export function marketsFor(country?: string | null): LegalMarket[] {
  return MARKETS_OF_COUNTRY[(country ?? "").trim().toLowerCase()] ?? [...LEGAL_MARKETS]
}

/** A market's texts: the merchant's override field by field (absent or null: the default). */
export function legalTextOf(market: LegalMarket, override?: LegalTextOverride | null): LegalText {
  const base = LEGAL_DEFAULTS[market]
  return {
    ...base,
    warning: override?.warning ?? base.warning,
    lender: override?.lender ?? base.lender,
    representative_example: override?.representative_example ?? base.representative_example,
    afm_artwork_url: override?.afm_artwork_url ?? base.afm_artwork_url,
  }
}

/** Every market's texts as the store serves them (the admin's view). */
export function effectiveLegalTexts(overrides?: LegalTextOverrides | null): Record<LegalMarket, LegalText> {
  return Object.fromEntries(LEGAL_MARKETS.map((m) => [m, legalTextOf(m, overrides?.[m])])) as Record<
    LegalMarket,
    LegalText
  >
}

/** The texts served with the plans of an offer made in `country` (`legal` of the store's answer). */
export function legalTextsFor(overrides: LegalTextOverrides | null | undefined, country?: string | null): LegalText[] {
  return marketsFor(country).map((market) => legalTextOf(market, overrides?.[market]))
}
