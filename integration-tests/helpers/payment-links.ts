import { eventually } from "./checkout"

export const LINK_RETURN_URL = "http://localhost:8000/checkout/bnpl-return"

/**
 * What the payment-link suites share (payment-links.spec.ts: the customer's side;
 * payment-links-merchant.spec.ts: the merchant's): an order that owes something, read and paid
 * through Medusa's own routes. `s` is the sandbox store suite's context.
 */
export function paymentLinkHelpers(s: {
  api: any
  admin: () => any
  store: () => any
  productAt: (price: number) => { variantId: string }
  cartWith: (price: number) => Promise<any>
  complete: (cartId: string) => Promise<any>
  fulfill: (orderId: string, options?: { which?: (item: any) => boolean }) => Promise<unknown>
  bnpl: () => any
}) {
  const { api, admin, store, productAt, cartWith, complete, fulfill, bnpl } = s
  const RETURN_URL = LINK_RETURN_URL
  /** The order's payment collections (Medusa's records). */
  const collectionsOf = async (orderId: string) => {
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=*payment_collections,*payment_collections.payments`,
      admin()
    )
    return data.order.payment_collections as any[]
  }

  /** The merchant adds an item to a placed order: it owes the difference on a collection of its own. */
  const owedAfterEdit = async (orderId: string, price: number) => {
    await api.post("/admin/order-edits", { order_id: orderId }, admin())
    await api.post(
      `/admin/order-edits/${orderId}/items`,
      { items: [{ variant_id: productAt(price).variantId, quantity: 1 }] },
      admin()
    )
    await api.post(`/admin/order-edits/${orderId}/request`, {}, admin())
    await api.post(`/admin/order-edits/${orderId}/confirm`, {}, admin())
    const owed = (await collectionsOf(orderId)).find((c) => c.status === "not_paid")
    expect(owed).toBeDefined()
    return owed
  }

  /** An order paid at checkout by another provider (Medusa's system provider: a card, say). */
  const paidByCard = async (price: number) => {
    const cart = await cartWith(price)
    const { data: created } = await api.post("/store/payment-collections", { cart_id: cart.id }, store().storeHeaders)
    await api.post(
      `/store/payment-collections/${created.payment_collection.id}/payment-sessions`,
      { provider_id: "pp_system_default" },
      store().storeHeaders
    )
    const done = await complete(cart.id)
    expect(done.data.type).toBe("order")
    return done.data.order
  }

  const eligibilityOf = async (collectionId: string) =>
    (await api.get(`/store/bnpl/eligibility?payment_collection_id=${collectionId}`, store().storeHeaders)).data
      .eligibility

  const outcomeOf = async (collectionId: string, pid: string) =>
    (
      await api.get(
        `/store/bnpl/payment-outcome?payment_collection_id=${collectionId}&pid=${pid}`,
        store().storeHeaders
      )
    ).data.outcome

  const startOnCollection = (collectionId: string, data: Record<string, unknown>) =>
    api
      .post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        { provider_id: "pp_bnpl_bnpl", data: { return_url: RETURN_URL, ...data } },
        store().storeHeaders
      )
      .catch((e: any) => e.response)

  /**
   * The goods that ship fulfilled (an edit's item added without a shipping method ships apart),
   * and the shipping information the service accepted for them.
   */
  async function shippingInfoOfGoods(orderId: string) {
    await fulfill(orderId, { which: (i) => i.requires_shipping })
    return eventually(async () => {
      const rows = await bnpl().listBnplServiceMessages({ order_id: orderId, kind: "shipping_info" })
      return rows.find((r: any) => r.status === "accepted")
    }, 30_000)
  }

  /** The merchant offers 3 instalments, and 3 at shipment beside them (the admin's settings). */
  async function offerPayAtShipment() {
    const saved = await api.post(
      "/admin/bnpl/settings",
      { plans: [{ installments_count: 3 }, { installments_count: 3, pay_at_shipment: true }] },
      admin()
    )
    expect(saved.status).toBe(200)
  }

  /**
   * An order paid by card that owes an edit (129.90), its link paid in 3 instalments and accepted
   * at the service, with no notification and no return yet.
   */
  async function cardOrderLinkAccepted(sandbox: any) {
    const order = await paidByCard(129.9)
    const owed = await owedAfterEdit(order.id, 129.9)
    const started = await startOnCollection(owed.id, { installments_count: 3 })
    const pid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    sandbox.accept(pid, { notify: false })
    return { order, owed, pid }
  }

  return {
    collectionsOf,
    owedAfterEdit,
    paidByCard,
    eligibilityOf,
    outcomeOf,
    startOnCollection,
    shippingInfoOfGoods,
    offerPayAtShipment,
    cardOrderLinkAccepted,
  }
}
