import { languageOf, type BnplLanguage } from "./messages"

/**
 * The texts of a payment link's page (what an order still owes, paid in instalments: the page the
 * admin's "Copy payment link" and the plugin's e-mail open), in the kit's seven languages. One
 * home for every storefront's link page (the demo storefront's, the DTC recipe's step 10): pass
 * `overrides` (any subset) to change one.
 */
export type LinkMessages = {
  /** The page's heading: "Payment for order #1042". */
  title: (order: number) => string
  /** The heading when the store gives no order number. */
  titleNoOrder: string
  amountDue: (amount: string) => string
  /** Why the page offers no plan (the store's `unavailable_reason`). */
  ended: { nothing_owed: string; link_cancelled: string; link_expired: string }
  paid: string
  paidText: string
  pending: string
  pendingText: string
  choosePlan: string
}

export const LINK_MESSAGES: Record<BnplLanguage, LinkMessages> = {
  en: {
    title: (n) => `Payment for order #${n}`,
    titleNoOrder: "Payment",
    amountDue: (a) => `Amount due: ${a}`,
    ended: {
      nothing_owed: "Nothing is owed on this link any more: it has been paid. Thank you.",
      link_cancelled: "The shop cancelled this payment link. Ask the shop for a new one.",
      link_expired: "This payment link has expired. Ask the shop to send it again.",
    },
    paid: "Thank you! Your payment is received",
    paidText: "The order is paid. The instalment service sends you its schedule by e-mail.",
    pending: "Your payment is being confirmed",
    pendingText: "The instalment service is confirming your payment. You will receive an e-mail once it is done; nothing more to do here.",
    choosePlan: "Choose a plan first.",
  },
  fr: {
    title: (n) => `Paiement de la commande n° ${n}`,
    titleNoOrder: "Paiement",
    amountDue: (a) => `Montant dû\u202f: ${a}`,
    ended: {
      nothing_owed: "Plus rien n’est dû sur ce lien\u202f: il a été payé. Merci.",
      link_cancelled: "La boutique a annulé ce lien de paiement. Demandez-lui un nouveau lien.",
      link_expired: "Ce lien de paiement a expiré. Demandez à la boutique de vous le renvoyer.",
    },
    paid: "Merci\u202f! Votre paiement est reçu",
    paidText: "La commande est payée. Le service de paiement en plusieurs fois vous envoie son échéancier par e-mail.",
    pending: "Votre paiement est en cours de confirmation",
    pendingText: "Le service de paiement en plusieurs fois confirme votre paiement. Vous recevrez un e-mail une fois fait\u202f; rien d’autre à faire ici.",
    choosePlan: "Choisissez d’abord une formule.",
  },
  de: {
    title: (n) => `Zahlung für Bestellung Nr. ${n}`,
    titleNoOrder: "Zahlung",
    amountDue: (a) => `Offener Betrag: ${a}`,
    ended: {
      nothing_owed: "Über diesen Link ist nichts mehr offen: Er wurde bezahlt. Vielen Dank.",
      link_cancelled: "Der Shop hat diesen Zahlungslink storniert. Bitten Sie den Shop um einen neuen.",
      link_expired: "Dieser Zahlungslink ist abgelaufen. Bitten Sie den Shop, ihn erneut zu senden.",
    },
    paid: "Vielen Dank! Ihre Zahlung ist eingegangen",
    paidText: "Die Bestellung ist bezahlt. Der Ratenzahlungsdienst schickt Ihnen den Zahlungsplan per E-Mail.",
    pending: "Ihre Zahlung wird bestätigt",
    pendingText: "Der Ratenzahlungsdienst bestätigt Ihre Zahlung. Sie erhalten eine E-Mail, sobald dies erfolgt ist; hier ist nichts weiter zu tun.",
    choosePlan: "Wählen Sie zuerst einen Plan.",
  },
  es: {
    title: (n) => `Pago del pedido n.º ${n}`,
    titleNoOrder: "Pago",
    amountDue: (a) => `Importe pendiente: ${a}`,
    ended: {
      nothing_owed: "Ya no queda nada pendiente en este enlace: se ha pagado. Gracias.",
      link_cancelled: "La tienda ha cancelado este enlace de pago. Pide a la tienda uno nuevo.",
      link_expired: "Este enlace de pago ha caducado. Pide a la tienda que te lo vuelva a enviar.",
    },
    paid: "¡Gracias! Hemos recibido su pago",
    paidText: "El pedido está pagado. El servicio de pago a plazos le envía su calendario por correo electrónico.",
    pending: "Estamos confirmando su pago",
    pendingText: "El servicio de pago a plazos está confirmando su pago. Recibirá un correo electrónico cuando termine; no hay nada más que hacer aquí.",
    choosePlan: "Elija primero un plan.",
  },
  it: {
    title: (n) => `Pagamento dell’ordine n. ${n}`,
    titleNoOrder: "Pagamento",
    amountDue: (a) => `Importo dovuto: ${a}`,
    ended: {
      nothing_owed: "Su questo link non è più dovuto nulla: è stato pagato. Grazie.",
      link_cancelled: "Il negozio ha annullato questo link di pagamento. Chiedi al negozio un nuovo link.",
      link_expired: "Questo link di pagamento è scaduto. Chiedi al negozio di inviarlo di nuovo.",
    },
    paid: "Grazie! Il pagamento è stato ricevuto",
    paidText: "L’ordine è pagato. Il servizio di pagamento a rate le invia il piano per e-mail.",
    pending: "Stiamo confermando il pagamento",
    pendingText: "Il servizio di pagamento a rate sta confermando il pagamento. Riceverà un’e-mail a conferma avvenuta; qui non serve fare altro.",
    choosePlan: "Scelga prima un piano.",
  },
  nl: {
    title: (n) => `Betaling voor bestelling #${n}`,
    titleNoOrder: "Betaling",
    amountDue: (a) => `Te betalen: ${a}`,
    ended: {
      nothing_owed: "Via deze link hoeft niets meer betaald te worden: hij is betaald. Dank u.",
      link_cancelled: "De winkel heeft deze betaallink geannuleerd. Vraag de winkel om een nieuwe.",
      link_expired: "Deze betaallink is verlopen. Vraag de winkel om hem opnieuw te sturen.",
    },
    paid: "Dank u! Uw betaling is ontvangen",
    paidText: "De bestelling is betaald. De dienst voor betalen in termijnen stuurt u het schema per e-mail.",
    pending: "Uw betaling wordt bevestigd",
    pendingText: "De dienst voor betalen in termijnen bevestigt uw betaling. U ontvangt een e-mail zodra dat gebeurd is; hier hoeft u niets meer te doen.",
    choosePlan: "Kies eerst een plan.",
  },
  pt: {
    title: (n) => `Pagamento da encomenda n.º ${n}`,
    titleNoOrder: "Pagamento",
    amountDue: (a) => `Montante em dívida: ${a}`,
    ended: {
      nothing_owed: "Já nada é devido nesta ligação: foi paga. Obrigado.",
      link_cancelled: "A loja cancelou esta ligação de pagamento. Peça uma nova à loja.",
      link_expired: "Esta ligação de pagamento expirou. Peça à loja que a envie de novo.",
    },
    paid: "Obrigado! O seu pagamento foi recebido",
    paidText: "A encomenda está paga. O serviço de pagamento em prestações envia-lhe o plano por e-mail.",
    pending: "O seu pagamento está a ser confirmado",
    pendingText: "O serviço de pagamento em prestações está a confirmar o seu pagamento. Receberá um e-mail quando terminar; não há mais nada a fazer aqui.",
    choosePlan: "Escolha primeiro um plano.",
  },
}

/** The link page's texts for a locale (English for a language the kit does not speak), with overrides. */
export function linkMessagesFor(locale: string | undefined, overrides?: Partial<LinkMessages>): LinkMessages {
  const base = LINK_MESSAGES[languageOf(locale) ?? "en"]
  return overrides ? { ...base, ...overrides } : base
}
