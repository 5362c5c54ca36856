import type { BnplMessages } from "./shape"
import { list } from "./list"

/** Dutch (the Netherlands, Belgium): "je", as Dutch shops address their customers. */
export const nl: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Nu betalen" : `Betaal in ${n} termijnen`),
  deferredLabel: (d) => `Betaal over ${d}`,
  deferredPlanLabel: (n, d) => `Betaal in ${n} termijnen, de eerste over ${d}`,
  days: (n) => `${n} dag${n > 1 ? "en" : ""}`,
  months: (n) => `${n} maand${n > 1 ? "en" : ""}`,
  payAtShipmentLabel: (n) => (n === 1 ? "Betaal bij verzending" : `Betaal in ${n} termijnen vanaf verzending`),
  payAtShipmentNotice: (n) =>
    n === 1
      ? "Vandaag betaal je niets: je betaalt zodra je bestelling wordt verzonden"
      : "Vandaag betaal je niets: de eerste termijn wordt afgeschreven zodra je bestelling wordt verzonden",
  atShipment: "Bij verzending van je bestelling",
  title: (n, amount) => `${n} × ${amount}`,
  headline: (today, rest, amount) => `${today} vandaag, daarna ${rest} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} over ${d}`,
  teaser: ({ count, amount, first, fees, deferral, payAtShipment }) => {
    if (payAtShipment) {
      return count === 1
        ? `of betaal ${amount} bij verzending: vandaag betaal je niets`
        : `of ${count} termijnen van ${amount}${first && fees ? ` (de eerste ${first}, incl. ${fees} kosten)` : ""}: vandaag betaal je niets, de eerste wordt afgeschreven bij verzending`
    }
    if (count === 1) return deferral ? `of betaal ${amount} over ${deferral}` : `of betaal ${amount} in één keer`
    const fee = first && fees ? ` (de eerste ${first}, incl. ${fees} kosten)` : ""
    return `of ${count} termijnen van ${amount}${deferral ? `, de eerste over ${deferral}` : ""}${fee}`
  },
  teaserUnavailable: (reason) => `Betalen in termijnen: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Vandaag",
  dueToday: (amount) => `Vandaag te betalen: ${amount}`,
  instalment: (i) => `Termijn ${i}`,
  includingFees: (fees) => `incl. ${fees} kosten`,
  totalCost: (amount) => `Kosten van de termijnbetaling: ${amount}`,
  totalCostRate: (rate) => `(${rate} van het aankoopbedrag)`,
  noFees: "Geen kosten",
  total: (amount) => `Totaal: ${amount}`,
  availableFrom: (min) => `Beschikbaar vanaf ${min}`,
  availableUpTo: (max) => `Beschikbaar tot ${max}`,
  availableBetween: (min, max) => `Beschikbaar van ${min} tot ${max}`,
  notAvailable: "Niet beschikbaar voor deze aankoop",
  serviceUnavailable: "Betalen in termijnen is op dit moment niet beschikbaar",
  excludedProducts: (titles) => `Betalen in termijnen is niet mogelijk voor ${list(titles.map((t) => `‘${t}’`), "en")}`,
  pickerLegend: "Kies hoe je betaalt",
  paymentMethodTitle: "Betalen in termijnen",
  aprName: "JKP",
}
