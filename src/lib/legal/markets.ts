/**
 * The credit-advertising texts' vocabulary (Directive 2023/2225 art. 8, from 20 November 2026):
 * the markets, one text per market, and what a merchant may override. Import-free: the admin (a
 * browser bundle) reads it too.
 */

/** Belgium has two markets (its two languages); OTHER: any country without its own, in English. */
export const LEGAL_MARKETS = ["FR", "BE-FR", "BE-NL", "NL", "DE", "ES", "IT", "PT", "OTHER"] as const
export type LegalMarket = (typeof LEGAL_MARKETS)[number]

/** The credit-advertising texts of one market, as the storefront shows them with every offer. */
export type LegalText = {
  market: LegalMarket
  /** The language the texts are written in (fr, nl, de, es, it, pt, en). */
  language: string
  /** The warning every advertisement of credit carries (art. 8(1)). */
  warning: string
  /** Optional lender mention shown under the warning ("Credit provided by …"). */
  lender: string | null
  /** Show the representative example (one step away) with every amount. */
  representative_example: boolean
  /** NL: the AFM warning symbol's artwork (https), supplied by the merchant. */
  afm_artwork_url: string | null
  /** False for a default no lawyer confirmed (IT, PT): to be checked by the merchant. */
  confirmed: boolean
}

/** What the merchant may change of a market's texts; absent or null: the shipped default. */
export type LegalTextOverride = {
  warning?: string | null
  lender?: string | null
  representative_example?: boolean | null
  afm_artwork_url?: string | null
}

/** The merchant's overrides per market (setting `legal_texts`, option `legalTexts`). */
export type LegalTextOverrides = Partial<Record<LegalMarket, LegalTextOverride>>

export const LEGAL_OVERRIDE_FIELDS = ["warning", "lender", "representative_example", "afm_artwork_url"] as const

/** Limits of what a merchant types (characters, as a person counts them). */
export const LEGAL_LIMITS = { warning: 300, lender: 300, afm_artwork_url: 2000 } as const

/** Characters as a person counts them (an emoji or "é" typed as one is one). */
export const characterCount = (text: string): number => [...text].length

export const isLegalMarket = (value: unknown): value is LegalMarket =>
  typeof value === "string" && (LEGAL_MARKETS as readonly string[]).includes(value)

/** An absolute `https://` URL with a host (the artwork is shown on the storefront's https pages). */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) {
    return false
  }
  try {
    return new URL(value).hostname !== ""
  } catch {
    return false
  }
}
