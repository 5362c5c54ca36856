import Medusa from "@medusajs/js-sdk"
import { createBnplStorefront } from "medusa-plugin-bnpl-storefront"
import { initialCountry, type Country } from "./country"
import { initialLang, type Lang } from "./i18n"

/** What the demo serves at /config.json (from .demo/demo.json): no key is built in. */
export type ShopConfig = { backend_url: string; publishable_key: string; region_id: string; locale?: string; country?: string }

export type Shop = {
  config: ShopConfig
  sdk: InstanceType<typeof Medusa>
  bnpl: ReturnType<typeof createBnplStorefront>
  /** The language the demo opens in (the customer can switch: see `useT`). */
  lang: Lang
  /** The country the demo opens in (the customer can switch it in the header). */
  country: Country
}

export async function loadShop(): Promise<Shop> {
  const config: ShopConfig = await (await fetch("/config.json")).json()
  const sdk = new Medusa({ baseUrl: config.backend_url, publishableKey: config.publishable_key })
  return { config, sdk, bnpl: createBnplStorefront({ sdk }), lang: initialLang(config.locale), country: initialCountry(config.country) }
}

const CART_KEY = "bnpl-demo-cart"
export const cartId = () => window.localStorage.getItem(CART_KEY)
export const setCartId = (id: string | null) =>
  id ? window.localStorage.setItem(CART_KEY, id) : window.localStorage.removeItem(CART_KEY)

/** Prices in the demo are in EUR major units. */
export const euros = (amount: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(amount)
