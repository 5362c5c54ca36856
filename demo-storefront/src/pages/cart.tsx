import { useEffect, useState } from "react"
import type { CartPlans } from "medusa-plugin-bnpl-storefront"
import { BnplTeaser } from "medusa-plugin-bnpl-storefront/react"
import { Link } from "../app"
import { PageHeading } from "../heading"
import { useT, useTitle } from "../i18n"
import { cartId, euros, type Shop } from "../shop"

export type DemoCart = {
  id: string
  email?: string | null
  total: number
  subtotal?: number
  shipping_total?: number
  completed_at?: string | null
  items?: Array<{ id: string; title: string; product_title?: string | null; quantity: number; total?: number | null }> | null
  shipping_address?: Record<string, string | null> | null
  shipping_methods?: Array<{ shipping_option_id?: string | null; name: string; amount: number }> | null
}

export function useCart(shop: Shop, version = 0) {
  const [cart, setCart] = useState<DemoCart | null | undefined>(undefined)
  useEffect(() => {
    const id = cartId()
    if (!id) return setCart(null)
    // Only the latest version's answer is shown (updates can follow each other quickly).
    let latest = true
    shop.sdk.store.cart
      .retrieve(id, { fields: "*items,*shipping_address,*shipping_methods,total,subtotal,shipping_total,email,completed_at" })
      .then(({ cart }) => latest && setCart(cart.completed_at ? null : (cart as unknown as DemoCart)))
      .catch(() => latest && setCart(null))
    return () => {
      latest = false
    }
  }, [shop, version])
  return cart
}

export function CartSummary({ cart }: { cart: DemoCart; shop: Shop }) {
  const { t, locale } = useT()
  return (
    <table className="summary">
      <tbody>
        {cart.items?.map((item) => (
          <tr key={item.id}>
            <td>
              {item.product_title ?? item.title} × {item.quantity}
            </td>
            <td className="amount">{euros(item.total ?? 0, locale)}</td>
          </tr>
        ))}
        {cart.shipping_methods?.length ? (
          <tr>
            <td>{t.delivery(cart.shipping_methods[0].name)}</td>
            <td className="amount">{euros(cart.shipping_total ?? 0, locale)}</td>
          </tr>
        ) : null}
        <tr className="summary__total">
          <td>{t.total}</td>
          <td className="amount">{euros(cart.total, locale)}</td>
        </tr>
      </tbody>
    </table>
  )
}

export function CartPage({ shop }: { shop: Shop }) {
  const cart = useCart(shop)
  const [plans, setPlans] = useState<CartPlans | null>(null)
  const { t, locale } = useT()
  useTitle(t.yourCart)
  useEffect(() => {
    if (cart) shop.bnpl.plansForCart(cart.id).then(setPlans).catch(() => setPlans(null))
  }, [shop, cart])
  if (cart === undefined) return <p>{t.loading}</p>
  if (!cart || !cart.items?.length)
    return (
      <>
        <PageHeading>{t.yourCart}</PageHeading>
        <p>
          {t.cartEmpty} <Link to="/">{t.backToShop}</Link>
        </p>
      </>
    )
  return (
    <>
      <PageHeading>{t.yourCart}</PageHeading>
      <CartSummary cart={cart} shop={shop} />
      <BnplTeaser eligibility={plans} locale={locale} />
      <Link to="/checkout" className="button">
        {t.checkout}
      </Link>
    </>
  )
}
