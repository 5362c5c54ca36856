import { languageOf, type BnplLanguage, type BnplMessages } from "../messages"

/**
 * The representative example's texts (Directive 2023/2225 art. 8(2)), in the kit's seven
 * languages. Apart from `BnplMessages`: only the dialog and `representativeExample` need them,
 * and the core bundle (`medusa-plugin-bnpl-storefront`) stays small without them.
 */
export type ExampleMessages = {
  /** The button that opens a plan's representative example. */
  exampleButton: string
  /** The example's title, with the plan's label. */
  exampleTitle: (plan: string) => string
  borrowingRate: string
  fees: string
  interest: string
  creditAmount: string
  duration: string
  /** A duration in days ("61 days"; `days` of BnplMessages is for "in 30 days"). */
  durationDays: (n: number) => string
  cashPrice: string
  advancePayment: string
  costOfCredit: string
  totalPayable: string
  instalments: string
  close: string
  /** Under a pay-at-shipment plan's example: what its APR assumes. */
  shipmentAssumption: string
}

const en: ExampleMessages = {
  exampleButton: "Representative example",
  exampleTitle: (plan) => `Representative example: ${plan}`,
  borrowingRate: "Fixed borrowing rate",
  fees: "Fees",
  interest: "Interest",
  creditAmount: "Total amount of credit",
  duration: "Duration",
  durationDays: (n) => `${n} day${n > 1 ? "s" : ""}`,
  cashPrice: "Cash price",
  advancePayment: "Advance payment (when you order)",
  costOfCredit: "Total cost of credit",
  totalPayable: "Total amount payable",
  instalments: "Instalments",
  close: "Close",
  shipmentAssumption: "The instalments start when your order ships: the APR assumes it ships the day you order (its highest value).",
}

const fr: ExampleMessages = {
  exampleButton: "Exemple représentatif",
  exampleTitle: (plan) => `Exemple représentatif\u202f: ${plan}`,
  borrowingRate: "Taux débiteur fixe",
  fees: "Frais",
  interest: "Intérêts",
  creditAmount: "Montant total du crédit",
  duration: "Durée",
  durationDays: (n) => `${n} jour${n > 1 ? "s" : ""}`,
  cashPrice: "Prix au comptant",
  advancePayment: "Acompte (payé à la commande)",
  costOfCredit: "Coût total du crédit",
  totalPayable: "Montant total dû",
  instalments: "Échéances",
  close: "Fermer",
  shipmentAssumption:
    "Les échéances commencent à l’expédition de votre commande\u202f: le TAEG la suppose expédiée le jour de la commande (sa valeur la plus haute).",
}

const de: ExampleMessages = {
  exampleButton: "Repräsentatives Beispiel",
  exampleTitle: (plan) => `Repräsentatives Beispiel: ${plan}`,
  borrowingRate: "Gebundener Sollzinssatz",
  fees: "Gebühren",
  interest: "Zinsen",
  creditAmount: "Nettodarlehensbetrag",
  duration: "Laufzeit",
  durationDays: (n) => (n === 1 ? "1 Tag" : `${n} Tage`),
  cashPrice: "Barzahlungspreis",
  advancePayment: "Anzahlung (bei der Bestellung)",
  costOfCredit: "Gesamtkosten des Kredits",
  totalPayable: "Gesamtbetrag",
  instalments: "Raten",
  close: "Schließen",
  shipmentAssumption:
    "Die Raten beginnen mit dem Versand Ihrer Bestellung: Der effektive Jahreszins geht von einem Versand am Bestelltag aus (sein höchster Wert).",
}

const es: ExampleMessages = {
  exampleButton: "Ejemplo representativo",
  exampleTitle: (plan) => `Ejemplo representativo: ${plan}`,
  borrowingRate: "Tipo deudor fijo",
  fees: "Comisiones",
  interest: "Intereses",
  creditAmount: "Importe total del crédito",
  duration: "Duración",
  durationDays: (n) => `${n} día${n > 1 ? "s" : ""}`,
  cashPrice: "Precio al contado",
  advancePayment: "Pago inicial (al hacer el pedido)",
  costOfCredit: "Coste total del crédito",
  totalPayable: "Importe total adeudado",
  instalments: "Plazos",
  close: "Cerrar",
  shipmentAssumption:
    "Los plazos empiezan cuando se envía tu pedido: la TAE supone que se envía el día del pedido (su valor más alto).",
}

const it: ExampleMessages = {
  exampleButton: "Esempio rappresentativo",
  exampleTitle: (plan) => `Esempio rappresentativo: ${plan}`,
  borrowingRate: "Tasso annuo nominale (TAN) fisso",
  fees: "Commissioni",
  interest: "Interessi",
  creditAmount: "Importo totale del credito",
  duration: "Durata",
  durationDays: (n) => `${n} giorn${n > 1 ? "i" : "o"}`,
  cashPrice: "Prezzo in contanti",
  advancePayment: "Anticipo (al momento dell'ordine)",
  costOfCredit: "Costo totale del credito",
  totalPayable: "Importo totale dovuto",
  instalments: "Rate",
  close: "Chiudi",
  shipmentAssumption:
    "Le rate iniziano alla spedizione dell'ordine: il TAEG presuppone la spedizione il giorno dell'ordine (il suo valore più alto).",
}

const nl: ExampleMessages = {
  exampleButton: "Representatief voorbeeld",
  exampleTitle: (plan) => `Representatief voorbeeld: ${plan}`,
  borrowingRate: "Vaste debetrentevoet",
  fees: "Kosten",
  interest: "Rente",
  creditAmount: "Totaal kredietbedrag",
  duration: "Looptijd",
  durationDays: (n) => `${n} dag${n > 1 ? "en" : ""}`,
  cashPrice: "Contante prijs",
  advancePayment: "Aanbetaling (bij de bestelling)",
  costOfCredit: "Totale kosten van het krediet",
  totalPayable: "Totaal te betalen bedrag",
  instalments: "Termijnen",
  close: "Sluiten",
  shipmentAssumption:
    "De termijnen beginnen bij de verzending van je bestelling: het JKP gaat uit van verzending op de dag van bestellen (de hoogste waarde).",
}

const pt: ExampleMessages = {
  exampleButton: "Exemplo representativo",
  exampleTitle: (plan) => `Exemplo representativo: ${plan}`,
  borrowingRate: "Taxa nominal fixa (TAN)",
  fees: "Comissões",
  interest: "Juros",
  creditAmount: "Montante total do crédito",
  duration: "Duração",
  durationDays: (n) => `${n} dia${n > 1 ? "s" : ""}`,
  cashPrice: "Preço a pronto",
  advancePayment: "Entrada (paga na encomenda)",
  costOfCredit: "Custo total do crédito",
  totalPayable: "Montante total a pagar",
  instalments: "Prestações",
  close: "Fechar",
  shipmentAssumption:
    "As prestações começam quando a encomenda é enviada: a TAEG supõe o envio no dia da encomenda (o seu valor mais alto).",
}

/** The example's texts by language. */
export const EXAMPLE_MESSAGES = { en, fr, de, es, it, nl, pt } satisfies Record<BnplLanguage, ExampleMessages>

/** The example's texts for a locale (English for a language the kit does not speak), with overrides. */
export function exampleMessagesFor(locale: string | undefined, overrides?: Partial<BnplMessages & ExampleMessages>): ExampleMessages {
  const base = EXAMPLE_MESSAGES[languageOf(locale) ?? "en"]
  return overrides ? { ...base, ...overrides } : base
}
