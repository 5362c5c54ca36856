import { createBnplStorefront } from "../../storefront/src"
import { notificationPath, testPorts } from "../helpers/checkout"
import { LINK_RETURN_URL as RETURN_URL, paymentLinkHelpers } from "../helpers/payment-links"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(180 * 1000)

const ports = testPorts(14)

/**
 * Payment links: what an order still owes (an order edit's difference here; a claim, an
 * exchange or a converted draft order use the same kind of collection), paid in instalments on
 * the order's own payment collection, with no cart. The service gets the order's customer,
 * addresses and lines; the payment is the order's in Medusa and at the service alike.
 *
 * The customer's side: paying a link, its return and notifications, the kit's link page, the
 * shipment's information; the merchant's side is payment-links-merchant.spec.ts.
 */
sandboxStoreSuite({ ports }, ({ api, sandbox, store, admin, productAt, paidOrder, cartWith, complete, bnpl, fulfill, ship }) => {
  const {
    collectionsOf,
    owedAfterEdit,
    paidByCard,
    eligibilityOf,
    outcomeOf,
    startOnCollection,
    shippingInfoOfGoods,
    offerPayAtShipment,
    cardOrderLinkAccepted,
  } =
    paymentLinkHelpers({ api, admin, store, productAt, cartWith, complete, fulfill, bnpl })

  it("an order edit's difference: the service gets the order's customer, addresses and lines; a refund from the admin reaches it", async () => {
    const { order } = await paidOrder(sandbox(), 129.9)
    const owed = await owedAfterEdit(order.id, 129.9)
    const { data: full } = await api.get(
      `/admin/orders/${order.id}?fields=email,*items,*shipping_address,*billing_address`,
      admin()
    )

    // The link's page: the plans for what the order owes, with the order and the market's texts.
    const offer = await eligibilityOf(owed.id)
    expect(offer).toMatchObject({
      purchase_amount: Math.round(Number(owed.amount) * 100),
      currency_code: "eur",
      payment_collection_id: owed.id,
      order: { id: order.id, display_id: order.display_id, shipped: false },
    })
    expect(offer.plans.map((p: any) => p.installments_count)).toContain(3)
    expect(offer.legal.length).toBeGreaterThan(0)

    const started = await startOnCollection(owed.id, { installments_count: 3 })
    expect(started.status).toBe(200)
    const pid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    const payment = sandbox().payments.get(pid)
    expect(payment.purchase_amount).toBe(Math.round(Number(owed.amount) * 100))
    expect(payment.customer).toMatchObject({ email: full.order.email })
    expect(payment.shipping_address).toMatchObject({
      line1: full.order.shipping_address.address_1,
      city: full.order.shipping_address.city,
      country: full.order.shipping_address.country_code.toUpperCase(),
    })
    expect(payment.billing_address).toMatchObject({ city: full.order.billing_address.city })
    expect(payment.cart.items.map((i: any) => i.title).sort()).toEqual(full.order.items.map((i: any) => i.title).sort())
    expect(payment.custom_data).toMatchObject({ order_id: order.id })
    // Nothing about the customer in what the storefront can read.
    const sessionData = started.data.payment_collection.payment_sessions[0].data
    expect(JSON.stringify(sessionData)).not.toContain(full.order.email)

    sandbox().accept(pid, { notify: false })
    // The customer is back before the notification: the return authorizes the collection's payment.
    expect(await outcomeOf(owed.id, pid)).toEqual({ status: "ordered", current: true })
    // The notification then finds it done: the payment is recorded once.
    const notified = await api.get(notificationPath(sandbox(), pid)).catch((e: any) => e.response)
    expect(notified.status).toBe(200)
    const paid = (await collectionsOf(order.id)).find((c) => c.id === owed.id)
    expect(paid.payments).toHaveLength(1)
    expect(paid.status).not.toBe("not_paid")
    // The link opened again: nothing left to pay, said so, no plan.
    expect(await eligibilityOf(owed.id)).toMatchObject({ unavailable_reason: "nothing_owed", plans: [] })

    // The merchant refunds part of that payment from the admin: the service gives it back.
    const medusaPayment = paid.payments[0]
    if (!medusaPayment.captured_at) {
      await api.post(`/admin/payments/${medusaPayment.id}/capture`, {}, admin())
    }
    const refunded = await api.post(`/admin/payments/${medusaPayment.id}/refund`, { amount: 10 }, admin())
    expect(refunded.status).toBe(200)
    expect(sandbox().payments.get(pid).refunds.map((r: any) => r.amount)).toEqual([1000])
  })

  it("pay at shipment: offered on the link of an order (paid by card) not shipped; once it has left, neither offered nor accepted", async () => {
    await offerPayAtShipment()
    const order = await paidByCard(349)
    // The goods the order was placed with (the edit's item is not paid for yet).
    const { data } = await api.get(`/admin/orders/${order.id}?fields=display_id,*items`, admin())
    const items = data.order.items.map((i: any) => ({ id: i.id, quantity: i.quantity }))
    const owed = await owedAfterEdit(order.id, 129.9)
    const atShipment = (answer: any) => answer.plans.filter((p: any) => p.pay_at_shipment)
    expect(atShipment(await eligibilityOf(owed.id))).toHaveLength(1)

    const placed = (item: any) => items.some((i: any) => i.id === item.id)
    await ship(order.id, "LINK-1", await fulfill(order.id, { which: placed }))
    expect(await eligibilityOf(owed.id)).toMatchObject({ order: { shipped: true } })
    expect(atShipment(await eligibilityOf(owed.id))).toHaveLength(0)
    const before = sandbox().payments.size

    const refused = await startOnCollection(owed.id, { installments_count: 1, pay_at_shipment: true })
    expect(refused.status).toBe(400)
    expect(refused.data.message).toBe(
      `Pay at shipment is not offered for order #${data.order.display_id}: it has already shipped. Choose another plan.`
    )
    expect(sandbox().payments.size).toBe(before)

    const inThree = await startOnCollection(owed.id, { installments_count: 3 })
    expect(inThree.status).toBe(200)
  })

  it("the return and the notifications all at once: the collection's payment is recorded once", async () => {
    const { order } = await paidOrder(sandbox(), 129.9)
    const owed = await owedAfterEdit(order.id, 129.9)
    const started = await startOnCollection(owed.id, { installments_count: 3 })
    const pid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    sandbox().accept(pid, { notify: false })
    const notify = () => api.get(notificationPath(sandbox(), pid)).catch((e: any) => e.response)
    const [back, ...notified] = await Promise.all([outcomeOf(owed.id, pid), notify(), notify(), notify()])
    expect(back.status).toBe("ordered")
    expect(notified.map((r) => r.status)).toEqual([200, 200, 200])
    const paid = (await collectionsOf(order.id)).find((c) => c.id === owed.id)
    expect(paid.payments).toHaveLength(1)
  })

  it("a link's return before the customer paid: not paid yet, nothing recorded", async () => {
    const { order } = await paidOrder(sandbox(), 129.9)
    const owed = await owedAfterEdit(order.id, 129.9)
    const started = await startOnCollection(owed.id, { installments_count: 3 })
    const pid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    expect(await outcomeOf(owed.id, pid)).toMatchObject({ status: "abandoned", current: true })
    const unpaid = (await collectionsOf(order.id)).find((c) => c.id === owed.id)
    expect(unpaid.payments).toHaveLength(0)
  })

  it("the kit's link page: the plans for what the order owes, the hosted page, the return paid", async () => {
    const kit = createBnplStorefront({ baseUrl: `http://localhost:${ports.app}`, publishableKey: store().publishableKey })
    const { order } = await paidOrder(sandbox(), 129.9)
    const owed = await owedAfterEdit(order.id, 349)
    const offer = await kit.plansForPaymentCollection(owed.id, { countryCode: "fr" })
    expect(offer).toMatchObject({ payment_collection_id: owed.id, order: { display_id: order.display_id } })
    const plan = offer.plans.find((p) => p.eligible && p.installments_count === 4)!
    expect(plan).toBeDefined()
    const { url } = await kit.startLinkPayment({ paymentCollectionId: owed.id, plan, returnUrl: RETURN_URL, locale: "fr-FR" })
    const pid = new URL(url).pathname.split("/").at(-1)!
    expect(sandbox().payments.get(pid)).toMatchObject({ installments_count: 4, locale: expect.stringMatching(/^fr/) })
    expect(await kit.linkReturn({ paymentCollectionId: owed.id, pid })).toEqual({ status: "abandoned", current: true, message: expect.any(String) })
    sandbox().accept(pid, { notify: false })
    expect(await kit.linkReturn({ paymentCollectionId: owed.id, pid })).toEqual({ status: "paid", current: true })
    expect(await kit.plansForPaymentCollection(owed.id)).toMatchObject({ unavailable_reason: "nothing_owed" })
  })

  it("an order paid by card owes an edit, paid by link in instalments: the shipment's information reaches the link's payment", async () => {
    const { order, owed, pid } = await cardOrderLinkAccepted(sandbox())
    expect(await outcomeOf(owed.id, pid)).toMatchObject({ status: "ordered" })

    expect((await shippingInfoOfGoods(order.id)).bnpl_payment_id).toBe(pid)
    const pushed = sandbox().requests.filter((r: any) => r.method === "POST" && r.path === `/v1/payment/${pid}`)
    expect(pushed.length).toBeGreaterThan(0)
  })
})
