import { useEffect, useState } from "react"
import type { CartPlans } from "medusa-plugin-bnpl-storefront"
import { BnplTeaser } from "medusa-plugin-bnpl-storefront/react"
import { Link } from "../app"
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
    shop.sdk.store.cart
      .retrieve(id, { fields: "*items,*shipping_address,*shipping_methods,total,subtotal,shipping_total,email,completed_at" })
      .then(({ cart }) => setCart(cart.completed_at ? null : (cart as unknown as DemoCart)))
      .catch(() => setCart(null))
  }, [shop, version])
  return cart
}

export function CartSummary({ cart, shop }: { cart: DemoCart; shop: Shop }) {
  return (
    <table className="summary">
      <tbody>
        {cart.items?.map((item) => (
          <tr key={item.id}>
            <td>
              {item.product_title ?? item.title} × {item.quantity}
            </td>
            <td className="amount">{euros(item.total ?? 0, shop.locale)}</td>
          </tr>
        ))}
        {cart.shipping_methods?.length ? (
          <tr>
            <td>Delivery: {cart.shipping_methods[0].name}</td>
            <td className="amount">{euros(cart.shipping_total ?? 0, shop.locale)}</td>
          </tr>
        ) : null}
        <tr className="summary__total">
          <td>Total</td>
          <td className="amount">{euros(cart.total, shop.locale)}</td>
        </tr>
      </tbody>
    </table>
  )
}

export function CartPage({ shop }: { shop: Shop }) {
  const cart = useCart(shop)
  const [plans, setPlans] = useState<CartPlans | null>(null)
  useEffect(() => {
    if (cart) shop.bnpl.plansForCart(cart.id).then(setPlans).catch(() => setPlans(null))
  }, [shop, cart])
  if (cart === undefined) return <p>Loading…</p>
  if (!cart || !cart.items?.length)
    return (
      <p>
        Your cart is empty. <Link to="/">Back to the shop</Link>
      </p>
    )
  return (
    <>
      <h1>Your cart</h1>
      <CartSummary cart={cart} shop={shop} />
      <BnplTeaser eligibility={plans} locale={shop.locale} />
      <Link to="/checkout" className="button">
        Checkout
      </Link>
    </>
  )
}
