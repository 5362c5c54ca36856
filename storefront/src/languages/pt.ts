import type { BnplMessages } from "./shape"
import { list } from "./list"

/** Portuguese (Portugal). */
export const pt: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Pagar agora" : `Pagar em ${n} prestações`),
  deferredLabel: (d) => `Pagar daqui a ${d}`,
  deferredPlanLabel: (n, d) => `Pagar em ${n} prestações, a primeira daqui a ${d}`,
  days: (n) => `${n} dia${n > 1 ? "s" : ""}`,
  months: (n) => (n > 1 ? `${n} meses` : `${n} mês`),
  payAtShipmentLabel: (n) => (n === 1 ? "Pagar no envio" : `Pagar em ${n} prestações a partir do envio`),
  payAtShipmentNotice: (n) =>
    n === 1
      ? "Hoje não paga nada: paga quando a sua encomenda for enviada"
      : "Hoje não paga nada: a primeira prestação é cobrada quando a sua encomenda for enviada",
  atShipment: "No envio da sua encomenda",
  title: (n, amount) => `${n} × ${amount}`,
  headline: (today, rest, amount) => `${today} hoje, depois ${rest} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} daqui a ${d}`,
  teaser: ({ count, amount, first, fees, deferral, payAtShipment }) => {
    if (payAtShipment) {
      return count === 1
        ? `ou pague ${amount} no envio: hoje não paga nada`
        : `ou ${count} prestações de ${amount}${first && fees ? ` (a primeira de ${first}, com ${fees} de comissões)` : ""}: hoje não paga nada, a primeira é cobrada no envio`
    }
    if (count === 1) return deferral ? `ou pague ${amount} daqui a ${deferral}` : `ou pague ${amount} de uma só vez`
    const fee = first && fees ? ` (a primeira de ${first}, com ${fees} de comissões)` : ""
    return `ou ${count} prestações de ${amount}${deferral ? `, a primeira daqui a ${deferral}` : ""}${fee}`
  },
  teaserUnavailable: (reason) => `Pagamento em prestações: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Hoje",
  dueToday: (amount) => `A pagar hoje: ${amount}`,
  instalment: (i) => `Prestação ${i}`,
  includingFees: (fees) => `com ${fees} de comissões`,
  totalCost: (amount) => `Custo do pagamento em prestações: ${amount}`,
  totalCostRate: (rate) => `(${rate} da compra)`,
  noFees: "Sem comissões",
  total: (amount) => `Total: ${amount}`,
  availableFrom: (min) => `Disponível a partir de ${min}`,
  availableUpTo: (max) => `Disponível até ${max}`,
  availableBetween: (min, max) => `Disponível de ${min} a ${max}`,
  notAvailable: "Não disponível para esta compra",
  serviceUnavailable: "O pagamento em prestações não está disponível de momento",
  excludedProducts: (titles) => `O pagamento em prestações não está disponível para ${list(titles.map((t) => `«${t}»`), "e")}`,
  pickerLegend: "Escolha como pagar",
  paymentMethodTitle: "Pagamento em prestações",
  aprName: "TAEG",
}
