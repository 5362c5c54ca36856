import { useEffect, useState } from "react"
import type { CartPlans } from "medusa-plugin-bnpl-storefront"
import { BnplTeaser } from "medusa-plugin-bnpl-storefront/react"
import { CartSummary, useCart } from "../cart-state"
import { demoLegal } from "../country"
import { PageHeading } from "../heading"
import { NothingHere } from "../nothing-here"
import { useT, useTitle } from "../i18n"
import { Link } from "../routing"
import type { Shop } from "../shop"

export function CartPage({ shop }: { shop: Shop }) {
  const cart = useCart(shop)
  const [plans, setPlans] = useState<CartPlans | null>(null)
  const { t, locale, country } = useT()
  useTitle(t.yourCart)
  useEffect(() => {
    if (cart) shop.bnpl.plansForCart(cart.id).then(setPlans).catch(() => setPlans(null))
  }, [shop, cart])
  if (cart === undefined) return <p>{t.loading}</p>
  if (!cart || !cart.items?.length) return <NothingHere heading={t.yourCart} text={t.cartEmpty} />
  return (
    <>
      <PageHeading>{t.yourCart}</PageHeading>
      <CartSummary cart={cart} shop={shop} />
      <BnplTeaser eligibility={plans} locale={locale} countryCode={country} legal={demoLegal(country, locale)} />
      <Link to="/checkout" className="button">
        {t.checkout}
      </Link>
    </>
  )
}
