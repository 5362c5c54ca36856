import { useEffect, useState } from "react"
import type { AmountPlans } from "medusa-plugin-bnpl-storefront"
import { BnplTeaser } from "medusa-plugin-bnpl-storefront/react"
import { demoLegal } from "../country"
import { PageHeading } from "../heading"
import { NothingHere } from "../nothing-here"
import { useT, useTitle } from "../i18n"
import { Link, go } from "../routing"
import { cartId, euros, setCartId, type Shop } from "../shop"

type Product = {
  id: string
  title: string
  handle: string
  description?: string | null
  variants?: Array<{ id: string; calculated_price?: { calculated_amount?: number | null } | null }> | null
}

const priceOf = (p: Product) => p.variants?.[0]?.calculated_price?.calculated_amount ?? null

function useProducts(shop: Shop, handle?: string) {
  const [products, setProducts] = useState<Product[] | null>(null)
  const [plans, setPlans] = useState<Map<string, AmountPlans>>(new Map())
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    shop.sdk.store.product
      .list({ region_id: shop.config.region_id, fields: "*variants.calculated_price", limit: 50, ...(handle ? { handle } : {}) })
      .then(async ({ products }) => {
        const list = products as unknown as Product[]
        setProducts(list)
        const priced = list.filter((p) => priceOf(p) !== null)
        // The whole grid's plans in one request; with the products, so that the ones the
        // merchant excluded (the gift card) are not advertised.
        const answers = await shop.bnpl.plansForAmounts(
          priced.map((p) => priceOf(p)!),
          "eur",
          { productIds: priced.map((p) => p.id) }
        )
        setPlans(new Map(priced.map((p, i) => [p.id, answers[i]])))
      })
      .catch((e) => setError(e.message))
  }, [shop, handle])
  return { products, plans, error }
}

export function ProductsPage({ shop }: { shop: Shop }) {
  const { products, plans, error } = useProducts(shop)
  const { t, locale, country } = useT()
  useTitle(t.ourProducts)
  if (error) return <p className="error">{error}</p>
  if (!products) return <p>{t.loading}</p>
  return (
    <>
      <PageHeading>{t.ourProducts}</PageHeading>
      <ul className="grid">
        {products.map((p) => (
          <li key={p.id} className="card" data-handle={p.handle}>
            <Link to={`/products/${p.handle}`}>
              <span className="card__title">{p.title}</span>
            </Link>
            <span className="price">{priceOf(p) !== null ? euros(priceOf(p)!, locale) : ""}</span>
            <BnplTeaser eligibility={plans.get(p.id)} locale={locale} countryCode={country} legal={demoLegal(country, locale)} />
          </li>
        ))}
      </ul>
    </>
  )
}

export function ProductPage({ shop, handle }: { shop: Shop; handle: string }) {
  const { products, plans, error } = useProducts(shop, handle)
  const [adding, setAdding] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { t, locale, country } = useT()
  const product = products?.[0]
  useTitle(products ? (product?.title ?? t.noSuchProduct) : null)
  if (error) return <p className="error">{error}</p>
  if (!products) return <p>{t.loading}</p>
  if (!product) return <NothingHere heading={t.noSuchProduct} />

  async function addToCart() {
    setAdding(true)
    setProblem(null)
    try {
      let id = cartId()
      if (id) {
        const { cart } = await shop.sdk.store.cart.retrieve(id, { fields: "id,completed_at" }).catch(() => ({ cart: null as any }))
        if (!cart || cart.completed_at) id = null
      }
      if (!id) {
        const { cart } = await shop.sdk.store.cart.create({ region_id: shop.config.region_id })
        id = cart.id
        setCartId(id)
      }
      await shop.sdk.store.cart.createLineItem(id, { variant_id: product!.variants![0].id, quantity: 1 })
      go("/cart")
    } catch (e) {
      setProblem((e as Error).message)
      setAdding(false)
    }
  }

  return (
    <article className="product">
      <PageHeading>{product.title}</PageHeading>
      <p className="description">{product.description}</p>
      <p className="price price--large">{priceOf(product) !== null ? euros(priceOf(product)!, locale) : ""}</p>
      <BnplTeaser eligibility={plans.get(product.id)} locale={locale} countryCode={country} legal={demoLegal(country, locale)} />
      <button className="button" onClick={addToCart} disabled={adding}>
        {adding ? t.adding : t.addToCart}
      </button>
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
    </article>
  )
}
