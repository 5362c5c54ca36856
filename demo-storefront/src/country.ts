import { LEGAL_DEFAULTS, marketOf, type LegalText } from "medusa-plugin-bnpl-storefront"
import afmPlaceholder from "./afm-placeholder.svg"
import { rememberedChoice } from "./remembered-choice"

/**
 * The shop's country, which decides the market of the credit warning (the kit's `countryCode`).
 * A real storefront passes the cart's shipping or billing country, else its region's (the DTC
 * starter's `/[countryCode]/` URLs); the demo's region ships to France and Germany only, so the
 * country is chosen apart, in the header or with `?country=be`, to show every market.
 * The United Kingdom stands for a country of no market of its own: the language decides.
 */
export const COUNTRIES = ["fr", "be", "nl", "de", "es", "it", "pt", "gb"] as const
export type Country = (typeof COUNTRIES)[number]

const isCountry = (value: string | null | undefined): value is Country => !!value && (COUNTRIES as readonly string[]).includes(value)
const country = rememberedChoice({ param: "country", storageKey: "bnpl-demo-country", isChoice: isCountry, fallback: "fr", anyCase: true })

/** `?country=` when given, in any case (then remembered), else the one chosen before, else the configuration's, else France. */
export const initialCountry = country.initial
export const rememberCountry = country.remember

/** A country's name in the page's language ("Belgique", "Niederlande"). */
export const countryName = (country: Country, locale: string) =>
  new Intl.DisplayNames([locale], { type: "region" }).of(country.toUpperCase()) ?? country.toUpperCase()

/**
 * The merchant's texts for the kit (`legal`): the Netherlands need AFM's warning symbol, which
 * neither the kit nor this demo may ship: the demo shows a placeholder of the same shape. A real
 * shop sets AFM's artwork in the store's settings (served with the plans), not here.
 */
export function demoLegal(country: Country, locale: string): LegalText | undefined {
  return marketOf(country, locale) === "NL" ? { ...LEGAL_DEFAULTS.NL, afm_artwork_url: afmPlaceholder } : undefined
}
