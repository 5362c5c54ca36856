import { useEffect, useState } from "react"
import { useT } from "./i18n"
import { cartId, euros, type Shop } from "./shop"

/** The customer's cart (its id kept in localStorage), and its summary: shared by the cart and checkout pages. */
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

