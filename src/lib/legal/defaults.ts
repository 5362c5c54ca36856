import type { LegalMarket, LegalText } from "./markets"

/**
 * The credit-advertising texts the plugin ships, per market: the warning every offer of 3x, 4x,
 * pay-in-30-days and pay-at-shipment carries (Directive 2023/2225 art. 8(1); sources in docs/credit-advertising.md).
 * Defaults only: the merchant (with its lender) owns the final wording, set in the admin.
 *
 * The warnings are the sentences alone: the quotation marks around them in the sources cite
 * them, they are not part of them. French keeps its typed spacing before "!" (a plain space, as
 * the storefront kit and a merchant write it). IT and PT are not confirmed (`confirmed: false`).
 *
 * The storefront kit holds the same table (storefront/src/legal.ts, for a store that serves
 * none): a test compares the two, so keep this a plain data literal.
 */
export const LEGAL_DEFAULTS: Record<LegalMarket, LegalText> = {
  FR: {
    market: "FR",
    language: "fr",
    warning: "Attention ! Un crédit coûte de l'argent et doit être remboursé !",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: true,
  },
  "BE-FR": {
    market: "BE-FR",
    language: "fr",
    warning: "Attention, emprunter de l'argent coûte aussi de l'argent.",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: true,
  },
  "BE-NL": {
    market: "BE-NL",
    language: "nl",
    warning: "Let op, geld lenen kost ook geld.",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: true,
  },
  NL: {
    market: "NL",
    language: "nl",
    warning: "Let op! Geld lenen kost geld",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: true,
  },
  DE: {
    market: "DE",
    language: "de",
    warning: "Achtung! Kreditaufnahme kostet Geld.",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: true,
  },
  ES: {
    market: "ES",
    language: "es",
    warning: "Atención: tomar dinero prestado cuesta dinero",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: true,
  },
  IT: {
    market: "IT",
    language: "it",
    warning: "Attenzione: prendere in prestito denaro costa denaro",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: false,
  },
  PT: {
    market: "PT",
    language: "pt",
    warning: "Atenção: pedir dinheiro emprestado custa dinheiro",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: false,
  },
  OTHER: {
    market: "OTHER",
    language: "en",
    warning: "Attention! Borrowing money costs money.",
    lender: null,
    representative_example: true,
    afm_artwork_url: null,
    confirmed: true,
  },
}
