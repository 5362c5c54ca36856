import type { BnplMessages } from "./shape"
import { list } from "./list"

/** German (Germany, Austria, Luxembourg, Belgium). Deferrals always follow "in": dative ("in 30 Tagen"). */
export const de: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Jetzt bezahlen" : `In ${n} Raten bezahlen`),
  deferredLabel: (d) => `In ${d} bezahlen`,
  deferredPlanLabel: (n, d) => `In ${n} Raten bezahlen, die erste in ${d}`,
  days: (n) => (n === 1 ? "1 Tag" : `${n} Tagen`),
  months: (n) => (n === 1 ? "1 Monat" : `${n} Monaten`),
  payAtShipmentLabel: (n) => (n === 1 ? "Beim Versand bezahlen" : `In ${n} Raten bezahlen, ab Versand`),
  payAtShipmentNotice: (n) =>
    n === 1
      ? "Heute zahlen Sie nichts: Sie bezahlen, sobald Ihre Bestellung versendet wird"
      : "Heute zahlen Sie nichts: Die erste Rate wird abgebucht, sobald Ihre Bestellung versendet wird",
  atShipment: "Beim Versand Ihrer Bestellung",
  title: (n, amount) => `${n} × ${amount}`,
  headline: (today, rest, amount) => `${today} heute, dann ${rest} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} in ${d}`,
  teaser: ({ count, amount, first, fees, deferral, payAtShipment }) => {
    if (payAtShipment) {
      return count === 1
        ? `oder ${amount} beim Versand bezahlen: heute nichts zu zahlen`
        : `oder in ${count} Raten à ${amount}${first && fees ? ` (die erste ${first}, inkl. ${fees} Gebühren)` : ""}: heute nichts zu zahlen, die erste wird beim Versand abgebucht`
    }
    if (count === 1) return deferral ? `oder ${amount} in ${deferral} bezahlen` : `oder ${amount} auf einmal bezahlen`
    const fee = first && fees ? ` (die erste ${first}, inkl. ${fees} Gebühren)` : ""
    return `oder in ${count} Raten à ${amount}${deferral ? `, die erste in ${deferral}` : ""}${fee}`
  },
  // German capitalises nouns: the reason keeps its first letter.
  teaserUnavailable: (reason) => `Ratenzahlung: ${reason}`,
  today: "Heute",
  dueToday: (amount) => `Heute fällig: ${amount}`,
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
  aprName: "effektiver Jahreszins",
}
