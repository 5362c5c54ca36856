/**
 * Every text the kit shows, in English and French. Pass `messages` (any subset) to
 * `formatPlan` or to a component to change one.
 */
export type BnplMessages = {
  planLabel: (count: number) => string
  deferredLabel: (deferral: string) => string
  deferredPlanLabel: (count: number, deferral: string) => string
  days: (n: number) => string
  months: (n: number) => string
  title: (count: number, amount: string) => string
  deferredTitle: (amount: string, deferral: string) => string
  teaser: (title: string) => string
  teaserUnavailable: (reason: string) => string
  today: string
  instalment: (index: number) => string
  includingFees: (fees: string) => string
  totalCost: (amount: string) => string
  totalCostRate: (rate: string) => string
  noFees: string
  total: (amount: string) => string
  availableFrom: (minimum: string) => string
  availableUpTo: (maximum: string) => string
  availableBetween: (minimum: string, maximum: string) => string
  notAvailable: string
  serviceUnavailable: string
  pickerLegend: string
  scheduleCaption: string
  paymentMethodTitle: string
}

const en: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Pay now" : `Pay in ${n} instalments`),
  deferredLabel: (d) => `Pay in ${d}`,
  deferredPlanLabel: (n, d) => `Pay in ${n} instalments, the first in ${d}`,
  days: (n) => `${n} day${n > 1 ? "s" : ""}`,
  months: (n) => `${n} month${n > 1 ? "s" : ""}`,
  title: (n, amount) => `${n} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} in ${d}`,
  teaser: (title) => `or ${title}`,
  teaserUnavailable: (reason) => `Pay in instalments: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Today",
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
  pickerLegend: "Choose how to pay",
  scheduleCaption: "Payment schedule",
  paymentMethodTitle: "Pay in instalments",
}

const fr: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Payer maintenant" : `Payer en ${n} fois`),
  deferredLabel: (d) => `Payer dans ${d}`,
  deferredPlanLabel: (n, d) => `Payer en ${n} fois, la première dans ${d}`,
  days: (n) => `${n} jour${n > 1 ? "s" : ""}`,
  months: (n) => `${n} mois`,
  title: (n, amount) => `${n} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} dans ${d}`,
  teaser: (title) => `ou ${title}`,
  teaserUnavailable: (reason) => `Paiement en plusieurs fois : ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Aujourd’hui",
  instalment: (i) => `Échéance ${i}`,
  includingFees: (fees) => `dont ${fees} de frais`,
  totalCost: (amount) => `Coût du paiement : ${amount}`,
  totalCostRate: (rate) => `(${rate} de l’achat)`,
  noFees: "Sans frais",
  total: (amount) => `Total : ${amount}`,
  availableFrom: (min) => `Disponible à partir de ${min}`,
  availableUpTo: (max) => `Disponible jusqu’à ${max}`,
  availableBetween: (min, max) => `Disponible de ${min} à ${max}`,
  notAvailable: "Non disponible pour cet achat",
  serviceUnavailable: "Le paiement en plusieurs fois n’est pas disponible pour le moment",
  pickerLegend: "Choisissez comment payer",
  scheduleCaption: "Échéancier",
  paymentMethodTitle: "Paiement en plusieurs fois",
}

export const MESSAGES: Record<"en" | "fr", BnplMessages> = { en, fr }

/** The texts for a locale ("fr-FR" → French, anything else English), with overrides. */
export function messagesFor(locale: string | undefined, overrides?: Partial<BnplMessages>): BnplMessages {
  const base = (locale ?? "en").toLowerCase().startsWith("fr") ? fr : en
  return overrides ? { ...base, ...overrides } : base
}
