import { typeset } from "../legal/typography"
import type { ServiceLanguage } from "../payment/customer-language"

/**
 * The payment link e-mail, in the customer's language: a notification any of Medusa's e-mail
 * providers can send, as a `template` with its data (a provider with templates of its own, e.g.
 * SendGrid) and as ready `content` (subject, text, html) for those that send it as given.
 */
export const LINK_EMAIL_TEMPLATE = "bnpl-payment-link"

type Texts = {
  subject: (order: string) => string
  intro: (order: string, amount: string) => string
  button: string
  until: (date: string) => string
  ignore: string
}

const TEXTS: Record<ServiceLanguage, Texts> = {
  en: {
    subject: (o) => `Order #${o}: pay the amount due in instalments`,
    intro: (o, a) => `Your order #${o} has ${a} left to pay. You can pay it in instalments on our secure page.`,
    button: "Choose how to pay",
    until: (d) => `This link is valid until ${d}.`,
    ignore: "If you were not expecting this e-mail, you can ignore it.",
  },
  fr: {
    subject: (o) => `Commande n° ${o}\u202f: réglez le montant dû en plusieurs fois`,
    intro: (o, a) =>
      `Il reste ${a} à régler sur votre commande n° ${o}. Vous pouvez le payer en plusieurs fois sur notre page sécurisée.`,
    button: "Choisir comment payer",
    until: (d) => `Ce lien est valable jusqu’au ${d}.`,
    ignore: "Si vous n’attendiez pas ce message, vous pouvez l’ignorer.",
  },
  de: {
    subject: (o) => `Bestellung Nr. ${o}: offenen Betrag in Raten zahlen`,
    intro: (o, a) =>
      `Für Ihre Bestellung Nr. ${o} sind noch ${a} offen. Sie können den Betrag auf unserer sicheren Seite in Raten zahlen.`,
    button: "Zahlungsart wählen",
    until: (d) => `Dieser Link ist bis zum ${d} gültig.`,
    ignore: "Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.",
  },
  es: {
    subject: (o) => `Pedido n.º ${o}: paga el importe pendiente a plazos`,
    intro: (o, a) => `Quedan ${a} por pagar de tu pedido n.º ${o}. Puedes pagarlo a plazos en nuestra página segura.`,
    button: "Elegir cómo pagar",
    until: (d) => `Este enlace es válido hasta el ${d}.`,
    ignore: "Si no esperabas este correo, puedes ignorarlo.",
  },
  it: {
    subject: (o) => `Ordine n. ${o}: paga l’importo dovuto a rate`,
    intro: (o, a) =>
      `Per il tuo ordine n. ${o} restano da pagare ${a}. Puoi pagarli a rate sulla nostra pagina sicura.`,
    button: "Scegli come pagare",
    until: (d) => `Questo link è valido fino al ${d}.`,
    ignore: "Se non aspettavi questa e-mail, puoi ignorarla.",
  },
  nl: {
    subject: (o) => `Bestelling nr. ${o}: betaal het openstaande bedrag in termijnen`,
    intro: (o, a) =>
      `Voor je bestelling nr. ${o} staat nog ${a} open. Je kunt dit in termijnen betalen op onze beveiligde pagina.`,
    button: "Kies hoe je betaalt",
    until: (d) => `Deze link is geldig tot ${d}.`,
    ignore: "Verwachtte je deze e-mail niet? Dan kun je hem negeren.",
  },
  pt: {
    subject: (o) => `Encomenda n.º ${o}: pague o valor em dívida em prestações`,
    intro: (o, a) => `Faltam pagar ${a} da sua encomenda n.º ${o}. Pode pagar em prestações na nossa página segura.`,
    button: "Escolher como pagar",
    until: (d) => `Esta ligação é válida até ${d}.`,
    ignore: "Se não esperava este e-mail, pode ignorá-lo.",
  },
}

export type LinkEmailInput = {
  language: ServiceLanguage
  orderDisplayId: string
  /** Major units, e.g. 129.9. */
  amount: number
  currencyCode: string
  url: string
  expiresAt: Date
  /** The market's credit-advertising warning and lender mention, shown with every offer of credit. */
  warning?: string
  lender?: string | null
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** The e-mail's texts in the customer's language, and its subject, plain text and HTML. */
export function linkEmail(input: LinkEmailInput) {
  const t = TEXTS[input.language]
  const amount = new Intl.NumberFormat(input.language, {
    style: "currency",
    currency: input.currencyCode.toUpperCase(),
  }).format(input.amount)
  const date = new Intl.DateTimeFormat(input.language, { dateStyle: "long", timeZone: "UTC" }).format(input.expiresAt)
  const texts = {
    subject: t.subject(input.orderDisplayId),
    intro: t.intro(input.orderDisplayId, amount),
    button: t.button,
    until: t.until(date),
    ignore: t.ignore,
    warning: input.warning ? typeset(input.warning, input.language) : null,
    lender: input.lender ? typeset(input.lender, input.language) : null,
  }
  const credit = [texts.warning, texts.lender].filter((s): s is string => !!s)
  const text = [
    texts.intro,
    `${typeset(`${texts.button}:`, input.language)} ${input.url}`,
    texts.until,
    ...credit,
    texts.ignore,
  ].join("\n\n")
  const html = [
    `<p>${escapeHtml(texts.intro)}</p>`,
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(texts.button)}</a></p>`,
    `<p>${escapeHtml(texts.until)}</p>`,
    ...credit.map((c) => `<p><strong>${escapeHtml(c)}</strong></p>`),
    `<p>${escapeHtml(texts.ignore)}</p>`,
  ].join("\n")
  return {
    texts: { ...texts, amount, expires: date, url: input.url, language: input.language },
    content: { subject: texts.subject, text, html: `<html lang="${input.language}"><body>${html}</body></html>` },
  }
}
