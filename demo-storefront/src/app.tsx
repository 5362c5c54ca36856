import { useEffect, useState, type MouseEvent, type ReactNode } from "react"
import { CartPage } from "./pages/cart"
import { CheckoutPage } from "./pages/checkout"
import { OrderPage } from "./pages/order"
import { ProductPage, ProductsPage } from "./pages/products"
import { ReturnPage } from "./pages/return"
import { go, type Shop } from "./shop"

function usePath() {
  const [location, setLocation] = useState(() => window.location.pathname + window.location.search)
  useEffect(() => {
    const update = () => setLocation(window.location.pathname + window.location.search)
    window.addEventListener("popstate", update)
    return () => window.removeEventListener("popstate", update)
  }, [])
  return new URL(location, window.location.origin)
}

export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const onClick = (e: MouseEvent) => {
    e.preventDefault()
    go(to)
  }
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  )
}

export function App({ shop }: { shop: Shop }) {
  const url = usePath()
  const path = url.pathname
  let page: ReactNode
  if (path === "/") page = <ProductsPage shop={shop} />
  else if (path.startsWith("/products/")) page = <ProductPage shop={shop} handle={path.slice("/products/".length)} />
  else if (path === "/cart") page = <CartPage shop={shop} />
  else if (path === "/checkout") page = <CheckoutPage shop={shop} notice={url.searchParams.get("bnpl")} />
  else if (path === "/checkout/bnpl-return") page = <ReturnPage shop={shop} pid={url.searchParams.get("pid")} />
  else if (path.startsWith("/order/")) page = <OrderPage shop={shop} orderId={path.slice("/order/".length)} />
  else page = <p>Page not found. <Link to="/">Back to the shop</Link></p>
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          Maison Demo
        </Link>
        <nav>
          <Link to="/">Shop</Link>
          <Link to="/cart">Cart</Link>
        </nav>
      </header>
      <main className="page">{page}</main>
      <footer className="site-footer">
        Demo storefront of medusa-plugin-bnpl · payments go to the sandbox, nothing is charged
      </footer>
    </>
  )
}
