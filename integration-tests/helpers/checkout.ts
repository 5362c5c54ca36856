import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_PROVIDER_ID, DEFAULT_PRODUCTS, setupStore, type StoreSetup } from "./store"

export const TEST_API_KEY = "sk_test_active_0000000000000000"
export const RETURN_URL = "http://localhost:8000/checkout/bnpl-return"

/** Ports fixed per test process, so the app can be told the URLs before it boots. */
export function testPorts(offset = 0) {
  // In a group of suites sharing one app (integration-tests/runner/shared-app.js): the group's.
  const shared = (globalThis as { __bnplSharedApp?: { ports: ReturnType<typeof portsAt> } }).__bnplSharedApp
  return shared?.ports ?? portsAt(offset)
}

function portsAt(offset: number) {
  // Suites run in parallel jest workers whose pids are consecutive: each process gets its own
  // block of 20 ports (offsets 0-19), so one worker's offset never lands on another's port. Both
  // ranges lie below Linux's ephemeral ports (32768-60999): an outgoing connection (to
  // PostgreSQL, say) may hold any of those, and a server listening there would fail (EADDRINUSE).
  const slot = ((process.pid % 400) * 20 + (offset % 20)) % 8000
  const app = 20000 + slot
  const sandbox = 10000 + slot
  return {
    app,
    sandbox,
    env: {
      PORT: String(app),
      MEDUSA_BACKEND_URL: `http://localhost:${app}`,
      BNPL_API_URL: `http://127.0.0.1:${sandbox}`,
      BNPL_API_KEY: TEST_API_KEY,
    },
  }
}

/** The customer's address in the checkouts below (and the suites' own). */
export const ADDRESS = {
  first_name: "Jeanne",
  last_name: "Martin",
  address_1: "3 rue des Lilas",
  city: "Lyon",
  postal_code: "69003",
  country_code: "fr",
}

/** A new cart's body (`POST /store/carts`): Jeanne's, in the store's region, both addresses ADDRESS, with `items`. */
export const cartBody = (store: StoreSetup, items: { variant_id: string; quantity: number }[]) => ({
  region_id: store.regionId,
  email: "jeanne@example.com",
  shipping_address: ADDRESS,
  billing_address: ADDRESS,
  items,
})

/** A storefront's checkout through the store API: cart, shipping, BNPL session, completion. */
export function storefront(api: any, store: () => StoreSetup) {
  const productAt = (price: number) => store().products.find((p) => p.price === price)!

  async function cartWith(price: number, quantity = 1, shippingOption = "Colissimo Home") {
    const { data } = await api.post(
      "/store/carts",
      cartBody(store(), [{ variant_id: productAt(price).variantId, quantity }]),
      store().storeHeaders
    )
    const option = store().shippingOptions.find((o) => o.name === shippingOption)!
    const { data: withShipping } = await api.post(
      `/store/carts/${data.cart.id}/shipping-methods`,
      { option_id: option.id },
      store().storeHeaders
    )
    return withShipping.cart
  }

  async function startBnplSession(cartId: string, data: Record<string, unknown> = { installments_count: 3 }) {
    const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, store().storeHeaders)
    const { data: withSession } = await api.post(
      `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
      { provider_id: BNPL_PROVIDER_ID, data: { return_url: RETURN_URL, ...data } },
      store().storeHeaders
    )
    const session = withSession.payment_collection.payment_sessions.find((s: any) => s.provider_id === BNPL_PROVIDER_ID)
    return { collectionId: pc.payment_collection.id, session }
  }

  const complete = (cartId: string) =>
    api.post(`/store/carts/${cartId}/complete`, {}, store().storeHeaders).catch((e: any) => e.response)

  /** A whole BNPL checkout accepted on the sandbox: returns the order and the service payment id. */
  async function paidOrder(sandbox: any, price: number, quantity = 1, shippingOption = "Colissimo Home") {
    const cart = await cartWith(price, quantity, shippingOption)
    const { session } = await startBnplSession(cart.id)
    const pid = session.data.bnpl_payment_id
    sandbox.accept(pid, { notify: false })
    const done = await complete(cart.id)
    if (done.status !== 200) {
      throw new Error(`cart completion failed: ${JSON.stringify(done.data)}`)
    }
    return { order: done.data.order, pid, cart }
  }

  return { productAt, cartWith, startBnplSession, complete, paidOrder }
}

/**
 * The store set up again with a digital product beside its catalogue (nothing to ship), and an
 * order of one of it paid with a BNPL payment the sandbox accepted: the cart, the payment id and
 * the completion's answer.
 */
export async function paidDigitalOrder(api: any, container: MedusaContainer, sandbox: any) {
  const withEbook = await setupStore(container, {
    products: [...DEFAULT_PRODUCTS, { title: "Travel e-book", handle: "travel-e-book", price: 60, digital: true }],
  })
  const ebook = withEbook.products.find((p) => p.handle === "travel-e-book")!
  const { data } = await api.post(
    "/store/carts",
    { region_id: withEbook.regionId, email: "jeanne@example.com", items: [{ variant_id: ebook.variantId, quantity: 1 }] },
    withEbook.storeHeaders
  )
  const { startBnplSession, complete } = storefront(api, () => withEbook)
  const { session } = await startBnplSession(data.cart.id)
  const pid: string = session.data.bnpl_payment_id
  sandbox.accept(pid, { notify: false })
  return { cart: data.cart, pid, done: await complete(data.cart.id) }
}

/** Polls until `check` returns a truthy value (subscribers run after the request answers). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value) {
      return value
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error("condition not met in time")
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * The notification the service sends for `pid`: the URL the plugin gave it with the payment
 * (carrying the store's token), with `?pid=` added, as a path for the test's `api`.
 */
export function notificationPath(sandbox: any, pid: string): string {
  const callback = sandbox.payments.get(pid)?.ipn_callback_url
  const url = new URL(callback ?? "http://localhost/hooks/bnpl/notification")
  url.searchParams.set("pid", pid)
  return `${url.pathname}${url.search}`
}
