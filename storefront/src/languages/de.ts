import type { BnplMessages } from "../messages"
import { list } from "./list"

/** German (Germany, Austria, Luxembourg, Belgium). Deferrals always follow "in": dative ("in 30 Tagen"). */
export const de: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Jetzt bezahlen" : `In ${n} Raten bezahlen`),
  deferredLabel: (d) => `In ${d} bezahlen`,
  deferredPlanLabel: (n, d) => `In ${n} Raten bezahlen, die erste in ${d}`,
  days: (n) => (n === 1 ? "1 Tag" : `${n} Tagen`),
  months: (n) => (n === 1 ? "1 Monat" : `${n} Monaten`),
  title: (n, amount) => `${n} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} in ${d}`,
  teaser: ({ count, amount, first, fees, deferral }) => {
    if (count === 1) return deferral ? `oder ${amount} in ${deferral} bezahlen` : `oder ${amount} auf einmal bezahlen`
    const fee = first && fees ? ` (die erste ${first}, inkl. ${fees} Gebühren)` : ""
    return `oder in ${count} Raten à ${amount}${deferral ? `, die erste in ${deferral}` : ""}${fee}`
  },
  // German capitalises nouns: the reason keeps its first letter.
  teaserUnavailable: (reason) => `Ratenzahlung: ${reason}`,
  today: "Heute",
  instalment: (i) => `${i}. Rate`,
  includingFees: (fees) => `inkl. ${fees} Gebühren`,
  totalCost: (amount) => `Kosten der Ratenzahlung: ${amount}`,
  totalCostRate: (rate) => `(${rate} des Kaufbetrags)`,
  noFees: "Keine Gebühren",
  total: (amount) => `Gesamt: ${amount}`,
  availableFrom: (min) => `Verfügbar ab ${min}`,
  availableUpTo: (max) => `Verfügbar bis ${max}`,
  availableBetween: (min, max) => `Verfügbar von ${min} bis ${max}`,
  notAvailable: "Für diesen Einkauf nicht verfügbar",
  serviceUnavailable: "Ratenzahlung ist im Moment nicht verfügbar",
  excludedProducts: (titles) => `Ratenzahlung ist für ${list(titles.map((t) => `„${t}“`), "und")} nicht möglich`,
  pickerLegend: "Wie möchten Sie bezahlen?",
  paymentMethodTitle: "Ratenzahlung",
}
