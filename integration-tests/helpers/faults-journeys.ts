import { BNPL_PROVIDER_ID } from "./store"
import { ADDRESS, RETURN_URL, eventually, notificationPath, storefront, TEST_API_KEY } from "./checkout"
import { signPaymentId } from "../../src/lib/payment/signature"
import {
  CLIENT_TIMEOUT_MS,
  ok,
  placedOrder,
  SIGNATURE_HEADER,
  sessionOf,
  short,
  type Answer,
  type CartRun,
  type FaultContext,
  type Prepared,
  type Row,
} from "./faults"

/**
 * What customers and the merchant do in the fault scenarios (integration-tests/helpers/faults.ts
 * says what is counted), over the real store and admin APIs: each operation counted in the
 * scenario's row, a customer's checkout, a cart with a BNPL session, the hosted page, the
 * service's notification, a merchant's fulfillment.
 */
export function faultJourneys(ctx: FaultContext) {
  const { api, getContainer, sandbox, store, admin } = ctx
  const { paidOrder } = storefront(api, store)
  const product = (handle: string) => store().products.find((p) => p.handle === handle)!
  const option = (name: string) => store().shippingOptions.find((o) => o.name === name)!

  const bnpl = () => getContainer().resolve("bnpl") as any

  /**
   * One customer or merchant operation over HTTP. A cart mutation must answer 200; any
   * other operation that does not succeed is a failure the customer or merchant sees.
   */
  async function op(
    row: Row,
    kind: "cart" | "customer" | "merchant",
    label: string,
    call: () => Promise<Answer>,
    succeeded: (answer: Answer) => boolean = (a) => a.status === 200
  ): Promise<Answer> {
    row.operations++
    const t = Date.now()
    const answer: Answer = await call().catch((e: any) =>
      e?.response ? { status: e.response.status, data: e.response.data } : { status: 0, data: { message: e?.message } }
    )
    if (process.env.FAULTS_DEBUG) process.stdout.write(`[faults] ${row.scenario} | ${label}: ${answer.status} in ${Date.now() - t} ms\n`)
    if (!succeeded(answer)) {
      if (kind === "cart") row.cart_mutations_failed++
      else row.failures_seen++
      const message = answer.data?.message ?? answer.data?.error?.message ?? ""
      row.notes.push(`${kind === "cart" ? "CART MUTATION FAILED: " : ""}${label}: HTTP ${answer.status} ${short(message)}`)
    }
    return answer
  }

  const h = () => store().storeHeaders

  const complete = (cartId: string) => () => api.post(`/store/carts/${cartId}/complete`, {}, h())

  /** A notification as the service sends it: GET, signed with the merchant's key ("valid"), another signature, or none. */
  const notify = (pid: string, signature: "valid" | string | null) =>
    api
      .get(notificationPath(sandbox(), pid), {
        headers:
          signature === null
            ? {}
            : { [SIGNATURE_HEADER]: signature === "valid" ? signPaymentId(pid, TEST_API_KEY) : signature },
      })
      .then((r: any) => ({ status: r.status, data: r.data }))
      .catch((e: any) => ({ status: e?.response?.status ?? 0, data: e?.response?.data }))

  /** The customer on the hosted page (never faulted): Accept, and the 302 back to the store. */
  async function acceptOnHostedPage(row: Row, url: string): Promise<boolean> {
    row.operations++
    const response = await fetch(`${url}/accept`, { method: "POST", redirect: "manual" })
    if (response.status !== 302) {
      row.notes.push(`hosted page accept: HTTP ${response.status}`)
      return false
    }
    return true
  }

  /** Marks a cart's payment accepted by the customer on the hosted page. */
  async function customerAccepts(row: Row, cart: { url: string; pid: string; run: CartRun }) {
    if (await acceptOnHostedPage(row, cart.url)) cart.run.acceptedPid = cart.pid
  }

  // ------------------------------------------------------------------ a customer's checkout

  /** Creates a cart: an oak side table and `stickers` stickers (a total no other cart has). */
  const createCart = (stickers: number) => () =>
    api.post(
      "/store/carts",
      {
        region_id: store().regionId,
        // One guest per cart: carts made at once with one guest email race to create the
        // same customer ("already exists"), which is not a fault of the plugin.
        email: `jeanne+${stickers}@example.com`,
        shipping_address: ADDRESS,
        billing_address: ADDRESS,
        items: [
          { variant_id: product("oak-side-table").variantId, quantity: 1 },
          { variant_id: product("sticker").variantId, quantity: stickers },
        ],
      },
      h()
    )
  /** Starts a BNPL payment session of `plan` instalments in a payment collection. */
  const startBnplSession = (collectionId: string, plan = 3) => () =>
    api.post(
      `/store/payment-collections/${collectionId}/payment-sessions`,
      { provider_id: BNPL_PROVIDER_ID, data: { installments_count: plan, return_url: RETURN_URL } },
      h()
    )

  /**
   * One customer: cart, items, a quantity change, shipping, plans, instalments chosen, a
   * change of mind (the payment is remade), the hosted page, the return, the notification.
   * Totals are unique per journey (a quantity of the 1 € sticker), so every change asks the service.
   */
  async function checkoutJourney(row: Row, midRun: () => void): Promise<CartRun> {
    const q = 10 * ++ctx.sequence
    const run: CartRun = { pids: [] }
    const created = await op(row, "cart", "create cart", createCart(q + 1))
    if (!ok(created)) return run
    const cartId: string = created.data.cart.id
    run.cartId = cartId
    const stickerLine = (cart: any) => cart.items.find((i: any) => i.variant_id === product("sticker").variantId)

    await op(row, "cart", "add item", () =>
      api.post(`/store/carts/${cartId}/line-items`, { variant_id: product("merino-wool-sweater").variantId, quantity: 1 }, h())
    )
    const lineId = stickerLine(created.data.cart).id
    await op(row, "cart", "update item", () =>
      api.post(`/store/carts/${cartId}/line-items/${lineId}`, { quantity: q + 2 }, h())
    )
    await op(row, "cart", "choose shipping", () =>
      api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: option("Express 24h").id }, h())
    )
    await op(row, "customer", "plans for the cart", () => api.get(`/store/bnpl/eligibility?cart_id=${cartId}`, h()))

    const collection = await op(row, "customer", "payment collection", () =>
      api.post("/store/payment-collections", { cart_id: cartId }, h())
    )
    if (!ok(collection)) return run
    const startSession = startBnplSession(collection.data.payment_collection.id)
    const first = await op(row, "customer", "choose 3 instalments", startSession)
    if (ok(first) && sessionOf(first)?.data?.bnpl_payment_id) run.pids.push(sessionOf(first).data.bnpl_payment_id)
    midRun()

    // Back to the cart: one more sticker. The payment made for the old total is cancelled.
    await op(row, "cart", "update item after choosing instalments", () =>
      api.post(`/store/carts/${cartId}/line-items/${lineId}`, { quantity: q + 3 }, h())
    )
    const second = await op(row, "customer", "choose 3 instalments again", startSession)
    const session = ok(second) ? sessionOf(second) : undefined
    if (!session?.data?.bnpl_payment_id) return run
    const pid: string = session.data.bnpl_payment_id
    run.pids.push(pid)

    if (!(await acceptOnHostedPage(row, session.data.url))) return run
    run.acceptedPid = pid
    await op(row, "customer", "return and place the order", complete(cartId), placedOrder)
    // The service's notification; the sandbox retries a non-2xx answer in the background.
    await sandbox().notify(pid).catch(() => undefined)
    return run
  }

  /** A cart with a BNPL session, made while the service works (for the notification scenarios). */
  async function cartWithSession(row: Row, plan = 3) {
    const q = 10 * ++ctx.sequence
    const created = await op(row, "cart", "create cart", createCart(q + 5))
    const cartId: string = created.data.cart.id
    await op(row, "cart", "choose shipping", () =>
      api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: option("Colissimo Home").id }, h())
    )
    const collection = await op(row, "customer", "payment collection", () =>
      api.post("/store/payment-collections", { cart_id: cartId }, h())
    )
    const started = await op(row, "customer", `choose ${plan} instalments`, startBnplSession(collection.data.payment_collection.id, plan))
    const session = sessionOf(started)
    return {
      cartId,
      sessionId: session.id as string,
      pid: session.data.bnpl_payment_id as string,
      url: session.data.url as string,
      cents: session.data.purchase_amount as number,
      mode: session.data.mode as "test" | "live",
      run: { cartId, pids: [session.data.bnpl_payment_id], expectOrder: true } as CartRun,
    }
  }

  // ------------------------------------------------------------------ a merchant's fulfillment

  async function fulfil(row: Row, order: Prepared): Promise<boolean> {
    const answer = await op(row, "merchant", "create fulfillment", () =>
      api.post(`/admin/orders/${order.orderId}/fulfillments`, { items: order.items, location_id: store().stockLocationId }, admin())
    )
    await op(row, "merchant", "order's instalment view", () => api.get(`/admin/bnpl/orders/${order.orderId}`, admin()))
    return ok(answer)
  }

  const syncsOf = async (orderId: string) =>
    ((await api.get(`/admin/bnpl/orders/${orderId}`, admin())).data.bnpl_order.messages as any[]).filter(
      (m) => m.kind === "shipping_info"
    )

  /** The fulfillment's subscriber has made its first attempt (it runs after the request answers). */
  const firstAttemptDone = (orderId: string) =>
    eventually(async () => {
      const syncs = await syncsOf(orderId)
      return syncs.length > 0 && syncs.every((s) => s.status !== "pending" || s.attempts > 0)
    }, 3 * CLIENT_TIMEOUT_MS + 15_000)

  return {
    paidOrder,
    product,
    option,
    bnpl,
    op,
    h,
    complete,
    notify,
    acceptOnHostedPage,
    customerAccepts,
    createCart,
    startBnplSession,
    checkoutJourney,
    cartWithSession,
    fulfil,
    syncsOf,
    firstAttemptDone,
  }
}

export type FaultJourneys = ReturnType<typeof faultJourneys>
