import type { BnplMessages } from "../messages"
import { list } from "./list"

/** Italian. */
export const it: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Paga ora" : `Paga in ${n} rate`),
  deferredLabel: (d) => `Paga tra ${d}`,
  deferredPlanLabel: (n, d) => `Paga in ${n} rate, la prima tra ${d}`,
  days: (n) => `${n} giorn${n > 1 ? "i" : "o"}`,
  months: (n) => `${n} mes${n > 1 ? "i" : "e"}`,
  title: (n, amount) => `${n} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} tra ${d}`,
  teaser: ({ count, amount, first, fees, deferral }) => {
    if (count === 1) return deferral ? `oppure paga ${amount} tra ${deferral}` : `oppure paga ${amount} in un'unica soluzione`
    const fee = first && fees ? ` (la prima di ${first}, di cui ${fees} di commissioni)` : ""
    return `oppure ${count} rate da ${amount}${deferral ? `, la prima tra ${deferral}` : ""}${fee}`
  },
  teaserUnavailable: (reason) => `Pagamento a rate: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Oggi",
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
}
