import { useEffect, useMemo, useState, type ReactNode } from "react"
import { COUNTRIES, countryName, rememberCountry, type Country } from "./country"
import { NothingHere } from "./nothing-here"
import { LangContext, localeOf, rememberLang, TEXTS, useT, useTitle, type Lang } from "./i18n"
import { CartPage } from "./pages/cart"
import { CheckoutPage } from "./pages/checkout"
import { OrderPage } from "./pages/order"
import { ProductPage, ProductsPage } from "./pages/products"
import { ReturnPage } from "./pages/return"
import { PaymentLinkPage, PaymentLinkReturnPage } from "./pages/payment-link"
import { Link, usePath } from "./routing"
import type { Shop } from "./shop"

function NotFound() {
  const { t } = useT()
  useTitle(t.notFound)
  return <NothingHere heading={t.notFound} />
}

export function App({ shop }: { shop: Shop }) {
  const url = usePath()
  const [lang, setLang] = useState<Lang>(shop.lang)
  const [country, setCountry] = useState<Country>(shop.country)
  const value = useMemo(() => ({ lang, locale: localeOf(lang), t: TEXTS[lang], country }), [lang, country])
  // The document's language follows the customer's choice (WCAG 3.1.1).
  useEffect(() => {
    document.documentElement.lang = lang
    rememberLang(lang)
    // The store's requests carry it (x-medusa-locale): the service's page and e-mails speak it.
    shop.sdk.setLocale(localeOf(lang))
  }, [lang, shop])
  const chooseCountry = (next: Country) => {
    rememberCountry(next)
    setCountry(next)
  }
  const { t } = value
  const path = url.pathname
  let page: ReactNode
  if (path === "/") page = <ProductsPage shop={shop} />
  else if (path.startsWith("/products/")) page = <ProductPage shop={shop} handle={path.slice("/products/".length)} />
  else if (path === "/cart") page = <CartPage shop={shop} />
  else if (path === "/checkout") page = <CheckoutPage shop={shop} notice={url.searchParams.get("bnpl")} />
  else if (path === "/checkout/bnpl-return") page = <ReturnPage shop={shop} pid={url.searchParams.get("pid")} />
  else if (path.startsWith("/order/")) page = <OrderPage shop={shop} orderId={path.slice("/order/".length)} />
  else if (/^\/payment-collection\/[^/]+\/return$/.test(path))
    page = <PaymentLinkReturnPage shop={shop} collectionId={decodeURIComponent(path.split("/")[2])} pid={url.searchParams.get("pid")} />
  else if (/^\/payment-collection\/[^/]+$/.test(path))
    page = <PaymentLinkPage shop={shop} collectionId={decodeURIComponent(path.split("/")[2])} notice={url.searchParams.get("bnpl")} />
  else page = <NotFound />
  return (
    <LangContext.Provider value={value}>
      <header className="site-header">
        <Link to="/" className="brand">
          {t.siteName}
        </Link>
        <nav>
          <Link to="/">{t.shop}</Link>
          <Link to="/cart">{t.cart}</Link>
          <button
            type="button"
            className="lang-switch"
            lang={t.switchToLang}
            aria-label={t.switchLabel}
            onClick={() => setLang(t.switchToLang as Lang)}
          >
            {t.switchTo}
          </button>
          <label className="country-switch">
            {t.shopCountry}
            <select value={country} onChange={(e) => chooseCountry(e.target.value as Country)}>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, value.locale)}
                </option>
              ))}
            </select>
          </label>
        </nav>
      </header>
      <main className="page">{page}</main>
      <footer className="site-footer">{t.footer}</footer>
    </LangContext.Provider>
  )
}
