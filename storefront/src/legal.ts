import type { LegalMarket, LegalText } from "./types"

/**
 * The credit-advertising texts the kit ships, per market (Directive 2023/2225 art. 8, from
 * 20 November 2026): the warning every offer of 3x, 4x, pay-in-30-days and pay-at-shipment
 * carries. Defaults only: the merchant (with its lender) owns the final wording, and the store
 * serves the merchant's texts with the plans (`PlansAnswer.legal`). The backend keeps a copy of
 * this table and a test compares them: keep it a plain data literal.
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
