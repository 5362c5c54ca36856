import { de } from "./languages/de"
import { es } from "./languages/es"
import { it } from "./languages/it"
import { list } from "./languages/list"
import { nl } from "./languages/nl"
import { pt } from "./languages/pt"
import type { BnplMessages } from "./languages/shape"

/**
 * Every text the kit shows, in English and French here, and in the service's other languages in
 * `languages/`. Pass `messages` (any subset) to `formatPlan` or to a component to change one.
 */
export type { BnplMessages, TeaserParts } from "./languages/shape"

const en: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Pay now" : `Pay in ${n} instalments`),
  deferredLabel: (d) => `Pay in ${d}`,
  deferredPlanLabel: (n, d) => `Pay in ${n} instalments, the first in ${d}`,
  days: (n) => `${n} day${n > 1 ? "s" : ""}`,
  months: (n) => `${n} month${n > 1 ? "s" : ""}`,
  payAtShipmentLabel: (n) => (n === 1 ? "Pay when your order ships" : `Pay in ${n} instalments when your order ships`),
  payAtShipmentNotice: (n) =>
    n === 1
      ? "Nothing to pay today: you pay when your order ships"
      : "Nothing to pay today: your first instalment is taken when your order ships",
  atShipment: "When your order ships",
  title: (n, amount) => `${n} × ${amount}`,
  headline: (today, rest, amount) => `${today} today, then ${rest} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} in ${d}`,
  teaser: ({ count, amount, first, fees, deferral, payAtShipment }) => {
    if (payAtShipment) {
      return count === 1
        ? `or pay ${amount} when your order ships: nothing to pay today`
        : `or ${count} instalments of ${amount}${first && fees ? ` (the first ${first}, incl. ${fees} fees)` : ""}: nothing to pay today, the first is taken when your order ships`
    }
    if (count === 1) return deferral ? `or pay ${amount} in ${deferral}` : `or pay ${amount} in one payment`
    const fee = first && fees ? ` (the first ${first}, incl. ${fees} fees)` : ""
    return `or ${count} instalments of ${amount}${deferral ? `, the first in ${deferral}` : ""}${fee}`
  },
  teaserUnavailable: (reason) => `Pay in instalments: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Today",
  dueToday: (amount) => `Due today: ${amount}`,
  instalment: (i) => `Instalment ${i}`,
  includingFees: (fees) => `incl. ${fees} fees`,
  totalCost: (amount) => `Cost of the plan: ${amount}`,
  totalCostRate: (rate) => `(${rate} of the purchase)`,
  noFees: "No fees",
  total: (amount) => `Total: ${amount}`,
  availableFrom: (min) => `Available from ${min}`,
  availableUpTo: (max) => `Available up to ${max}`,
  availableBetween: (min, max) => `Available from ${min} to ${max}`,
  notAvailable: "Not available for this purchase",
  serviceUnavailable: "Instalment payment is not available right now",
  excludedProducts: (titles) => `Instalment payment is not available for ${list(titles.map((t) => `“${t}”`), "and")}`,
  pickerLegend: "Choose how to pay",
  paymentMethodTitle: "Pay in instalments",
  aprName: "APR",
}

const fr: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Payer maintenant" : `Payer en ${n} fois`),
  deferredLabel: (d) => `Payer dans ${d}`,
  deferredPlanLabel: (n, d) => `Payer en ${n} fois, la première dans ${d}`,
  days: (n) => `${n} jour${n > 1 ? "s" : ""}`,
  months: (n) => `${n} mois`,
  payAtShipmentLabel: (n) => (n === 1 ? "Payer à l’expédition" : `Payer en ${n} fois à l’expédition`),
  payAtShipmentNotice: (n) =>
    n === 1
      ? "Rien à payer aujourd’hui\u202f: vous payez à l’expédition de votre commande"
      : "Rien à payer aujourd’hui\u202f: votre première échéance est prélevée à l’expédition de votre commande",
  atShipment: "À l’expédition de votre commande",
  title: (n, amount) => `${n} × ${amount}`,
  headline: (today, rest, amount) => `${today} aujourd’hui, puis ${rest} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} dans ${d}`,
  teaser: ({ count, amount, first, fees, deferral, payAtShipment }) => {
    if (payAtShipment) {
      return count === 1
        ? `ou ${amount} à payer à l’expédition\u202f: rien à payer aujourd’hui`
        : `ou ${count} échéances de ${amount}${first && fees ? ` (la première ${first}, dont ${fees} de frais)` : ""}\u202f: rien à payer aujourd’hui, la première est prélevée à l’expédition de votre commande`
    }
    if (count === 1) return deferral ? `ou ${amount} à payer dans ${deferral}` : `ou ${amount} en une fois`
    const fee = first && fees ? ` (la première ${first}, dont ${fees} de frais)` : ""
    return `ou ${count} échéances de ${amount}${deferral ? `, la première dans ${deferral}` : ""}${fee}`
  },
  teaserUnavailable: (reason) => `Paiement en plusieurs fois\u202f: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Aujourd’hui",
  dueToday: (amount) => `À payer aujourd’hui\u202f: ${amount}`,
  instalment: (i) => `Échéance ${i}`,
  includingFees: (fees) => `dont ${fees} de frais`,
  totalCost: (amount) => `Coût du paiement\u202f: ${amount}`,
  totalCostRate: (rate) => `(${rate} de l’achat)`,
  noFees: "Sans frais",
  total: (amount) => `Total\u202f: ${amount}`,
  availableFrom: (min) => `Disponible à partir de ${min}`,
  availableUpTo: (max) => `Disponible jusqu’à ${max}`,
  availableBetween: (min, max) => `Disponible de ${min} à ${max}`,
  notAvailable: "Non disponible pour cet achat",
  serviceUnavailable: "Le paiement en plusieurs fois n’est pas disponible pour le moment",
  excludedProducts: (titles) =>
    `Le paiement en plusieurs fois n’est pas disponible pour ${list(titles.map((t) => `« ${t} »`), "et")}`,
  pickerLegend: "Choisissez comment payer",
  paymentMethodTitle: "Paiement en plusieurs fois",
  aprName: "TAEG",
}

/**
 * French typography for a text shown in French: a narrow no-break space (U+202F) before ":",
 * ";", "!" and "?" (in place of a space, or where there was none), and typographic apostrophes
 * (U+2019). The kit's French texts are written so; this sets texts from elsewhere (the market's
 * warning as the store serves it, a merchant's override) the same way. Other languages: as given.
 */
export function typeset(text: string, locale: string | undefined): string {
  if (languageOf(locale) !== "fr") return text
  return text
    .replace(/(?<=\S)[ \u00a0]?([:;!?])(?=\s|$)/g, "\u202f$1")
    .replace(/(?<=\p{L})'(?=\p{L})/gu, "\u2019")
}

/** The languages of the service's markets; `languages/` holds all but English and French. */
export const MESSAGES = { en, fr, de, es, it, nl, pt } satisfies Record<string, BnplMessages>

export type BnplLanguage = keyof typeof MESSAGES

/** The kit's language for a BCP 47 locale ("de-AT" → "de", "pt-BR" → "pt"), if it speaks it. */
export function languageOf(locale: string | undefined): BnplLanguage | undefined {
  const primary = (locale ?? "en").toLowerCase().split(/[-_]/)[0]
  return Object.prototype.hasOwnProperty.call(MESSAGES, primary) ? (primary as BnplLanguage) : undefined
}

/** The language of the kit's texts for `locale` (its `lang`): the locale itself when the kit speaks it (or the merchant gave its own `messages`), else English (the texts fall back to it). */
export function textLanguage(locale: string | undefined, overrides?: Partial<BnplMessages>): string {
  if (languageOf(locale) || (overrides && Object.keys(overrides).length)) return locale ?? "en"
  return "en"
}

/** The texts for a locale ("de-DE" → German; a language the kit does not speak → English), with overrides. */
export function messagesFor(locale: string | undefined, overrides?: Partial<BnplMessages>): BnplMessages {
  const base = MESSAGES[languageOf(locale) ?? "en"]
  return overrides ? { ...base, ...overrides } : base
}
