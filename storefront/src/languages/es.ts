import type { BnplMessages } from "./shape"
import { list } from "./list"

/** Spanish (Spain). */
export const es: BnplMessages = {
  planLabel: (n) => (n === 1 ? "Pagar ahora" : `Pagar en ${n} plazos`),
  deferredLabel: (d) => `Pagar en ${d}`,
  deferredPlanLabel: (n, d) => `Pagar en ${n} plazos, el primero en ${d}`,
  days: (n) => `${n} día${n > 1 ? "s" : ""}`,
  months: (n) => `${n} mes${n > 1 ? "es" : ""}`,
  payAtShipmentLabel: (n) => (n === 1 ? "Pagar al enviar el pedido" : `Pagar en ${n} plazos al enviar el pedido`),
  payAtShipmentNotice: (n) =>
    n === 1
      ? "Hoy no pagas nada: pagas cuando se envía tu pedido"
      : "Hoy no pagas nada: el primer plazo se cobra cuando se envía tu pedido",
  atShipment: "Al enviar tu pedido",
  title: (n, amount) => `${n} × ${amount}`,
  headline: (today, rest, amount) => `${today} hoy, después ${rest} × ${amount}`,
  deferredTitle: (amount, d) => `${amount} en ${d}`,
  teaser: ({ count, amount, first, fees, deferral, payAtShipment }) => {
    if (payAtShipment) {
      return count === 1
        ? `o paga ${amount} cuando se envíe tu pedido: hoy no pagas nada`
        : `o ${count} plazos de ${amount}${first && fees ? ` (el primero de ${first}, con ${fees} de comisión)` : ""}: hoy no pagas nada, el primero se cobra al enviar tu pedido`
    }
    if (count === 1) return deferral ? `o paga ${amount} en ${deferral}` : `o paga ${amount} en un solo pago`
    const fee = first && fees ? ` (el primero de ${first}, con ${fees} de comisión)` : ""
    return `o ${count} plazos de ${amount}${deferral ? `, el primero en ${deferral}` : ""}${fee}`
  },
  teaserUnavailable: (reason) => `Pago a plazos: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  today: "Hoy",
  dueToday: (amount) => `A pagar hoy: ${amount}`,
  instalment: (i) => `Plazo ${i}`,
  includingFees: (fees) => `con ${fees} de comisión`,
  totalCost: (amount) => `Coste del pago a plazos: ${amount}`,
  totalCostRate: (rate) => `(${rate} de la compra)`,
  noFees: "Sin comisiones",
  total: (amount) => `Total: ${amount}`,
  availableFrom: (min) => `Disponible a partir de ${min}`,
  availableUpTo: (max) => `Disponible hasta ${max}`,
  availableBetween: (min, max) => `Disponible de ${min} a ${max}`,
  notAvailable: "No disponible para esta compra",
  serviceUnavailable: "El pago a plazos no está disponible en este momento",
  excludedProducts: (titles) => `El pago a plazos no está disponible para ${list(titles.map((t) => `«${t}»`), "y")}`,
  pickerLegend: "Elige cómo pagar",
  paymentMethodTitle: "Pago a plazos",
  aprName: "TAE",
}
