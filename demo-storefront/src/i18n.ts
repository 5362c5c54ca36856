import { createContext, useContext, useEffect } from "react"
import type { Country } from "./country"
import { de, es, it, nl, pt } from "./languages"
import { rememberedChoice } from "./remembered-choice"
import { en, type Texts } from "./texts-en"

export type { Texts }

const fr: Texts = {
  shop: "Boutique",
  cart: "Panier",
  siteName: "Maison Demo",
  switchTo: "English",
  switchToLang: "en",
  switchLabel: "Show the shop in English",
  shopCountry: "Pays de la boutique",
  footer: "Boutique de démonstration de medusa-plugin-bnpl · les paiements vont au bac à sable, rien n’est débité",
  notFound: "Page introuvable",
  backToShop: "Retour à la boutique",
  loading: "Chargement…",
  ourProducts: "Nos produits",
  noSuchProduct: "Produit introuvable",
  addToCart: "Ajouter au panier",
  adding: "Ajout…",
  yourCart: "Votre panier",
  cartEmpty: "Votre panier est vide.",
  checkout: "Commander",
  delivery: (name) => `Livraison : ${name}`,
  total: "Total",
  fields: { email: "E-mail", first_name: "Prénom", last_name: "Nom", address_1: "Adresse", postal_code: "Code postal", city: "Ville" },
  country: "Pays",
  france: "France",
  germany: "Allemagne",
  updateAddress: "Modifier l’adresse",
  continueToDelivery: "Continuer vers la livraison",
  stepAddress: "1. Adresse",
  stepDelivery: "2. Livraison",
  chooseDelivery: "Choisissez une livraison",
  stepPayment: "3. Paiement",
  pleaseWait: "Patientez…",
  payInInstalments: (amount) => `Payer ${amount} en plusieurs fois`,
  choosePlanFirst: "Choisissez d’abord comment payer : aucune formule n’est choisie à votre place.",
  notices: {
    abandoned: "Vous avez annulé le paiement en plusieurs fois. Votre panier est conservé : choisissez à nouveau quand vous voulez.",
    refused: "Le service a refusé le paiement en plusieurs fois. Votre panier est conservé : vous pouvez choisir une autre formule.",
  },
  confirmed: (n) => `Merci ! La commande n° ${n} est confirmée`,
  orderTitle: (n) => `Commande n° ${n}`,
  confirmationTo: (email) => `Une confirmation est envoyée à ${email}.`,
  deliveryAndTotal: (name, total) => `Livraison : ${name} · Total ${total}`,
  paidIn: (n) => `Payé en ${n} fois`,
  paidToday: (amount) => `Payé aujourd’hui : ${amount}. La suite :`,
  continueShopping: "Continuer mes achats",
  loadingOrder: "Chargement de votre commande…",
  confirming: "Confirmation de votre paiement…",
}

/** The service's languages (the header switches between English and French; `?lang=de` etc. choose the others). */
export const TEXTS = { en, fr, de, es, it, nl, pt } satisfies Record<string, Texts>
export type Lang = keyof typeof TEXTS
const isLang = (value: string | null | undefined): value is Lang => !!value && Object.prototype.hasOwnProperty.call(TEXTS, value)
/** The kit's locale for a language (its dates and amounts follow it). */
export const localeOf = (lang: Lang) =>
  ({ en: "en-GB", fr: "fr-FR", de: "de-DE", es: "es-ES", it: "it-IT", nl: "nl-NL", pt: "pt-PT" })[lang]

const language = rememberedChoice({ param: "lang", storageKey: "bnpl-demo-lang", isChoice: isLang, fallback: "en" })

/**
 * The language: `?lang=` when given (then remembered), else the one chosen before (it survives
 * the round trip through the hosted payment page), else the demo's configuration, else English.
 */
export const initialLang = language.initial
export const rememberLang = language.remember

/** The customer's language and the shop's country (the market of the credit warning). */
export const LangContext = createContext<{ lang: Lang; locale: string; t: Texts; country: Country }>({
  lang: "en",
  locale: "en-GB",
  t: en,
  country: "fr",
})
export const useT = () => useContext(LangContext)

/** The document's title for this page (WCAG 2.4.2): "<page> · Maison Demo". */
export function useTitle(title: string | null | undefined) {
  const { t } = useT()
  useEffect(() => {
    if (title) document.title = `${title} · ${t.siteName}`
  }, [title, t])
}
