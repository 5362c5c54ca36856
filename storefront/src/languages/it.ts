import type { BnplMessages } from "./shape"
import { list } from "./list"

/** Italian. */
export const it: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Paga ora" : `Paga in ${n} rate`),
  deferredLabel: (d) => `Paga tra ${d}`,
  deferredPlanLabel: (n, d) => `Paga in ${n} rate, la prima tra ${d}`,
  days: (n) => `${n} giorn${n > 1 ? "i" : "o"}`,
  months: (n) => `${n} mes${n > 1 ? "i" : "e"}`,
  payAtShipmentLabel: (n) => (n === 1 ? "Paga alla spedizione" : `Paga in ${n} rate alla spedizione`),
  payAtShipmentNotice: (n) =>
    n === 1
      ? "Oggi non paghi nulla: paghi alla spedizione del tuo ordine"
      : "Oggi non paghi nulla: la prima rata viene addebitata alla spedizione del tuo ordine",
  atShipment: "Alla spedizione del tuo ordine",
  title: (n, amount) => `${n} × ${amount}`,
  headline: (today, rest, amount) => `${today} oggi, poi ${rest} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} tra ${d}`,
  teaser: ({ count, amount, first, fees, deferral, payAtShipment }) => {
    if (payAtShipment) {
      return count === 1
        ? `oppure paga ${amount} alla spedizione: oggi non paghi nulla`
        : `oppure ${count} rate da ${amount}${first && fees ? ` (la prima di ${first}, di cui ${fees} di commissioni)` : ""}: oggi non paghi nulla, la prima viene addebitata alla spedizione`
    }
    if (count === 1) return deferral ? `oppure paga ${amount} tra ${deferral}` : `oppure paga ${amount} in un'unica soluzione`
    const fee = first && fees ? ` (la prima di ${first}, di cui ${fees} di commissioni)` : ""
    return `oppure ${count} rate da ${amount}${deferral ? `, la prima tra ${deferral}` : ""}${fee}`
  },
  teaserUnavailable: (reason) => `Pagamento a rate: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Oggi",
  dueToday: (amount) => `Da pagare oggi: ${amount}`,
  instalment: (i) => `Rata ${i}`,
  includingFees: (fees) => `di cui ${fees} di commissioni`,
  totalCost: (amount) => `Costo del pagamento a rate: ${amount}`,
  totalCostRate: (rate) => `(${rate} dell'acquisto)`,
  noFees: "Senza commissioni",
  total: (amount) => `Totale: ${amount}`,
  availableFrom: (min) => `Disponibile da ${min}`,
  availableUpTo: (max) => `Disponibile fino a ${max}`,
  availableBetween: (min, max) => `Disponibile da ${min} a ${max}`,
  notAvailable: "Non disponibile per questo acquisto",
  serviceUnavailable: "Il pagamento a rate non è disponibile al momento",
  excludedProducts: (titles) => `Il pagamento a rate non è disponibile per ${list(titles.map((t) => `«${t}»`), "e")}`,
  pickerLegend: "Scegli come pagare",
  paymentMethodTitle: "Pagamento a rate",
  aprName: "TAEG",
}
