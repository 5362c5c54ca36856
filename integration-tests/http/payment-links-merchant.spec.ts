import { Modules } from "@medusajs/framework/utils"
import closePaymentLinks from "../../src/jobs/close-payment-links"
import { settleBnplPaymentsAt } from "../../src/jobs/settle-bnpl-payments"
import { ADDRESS, eventually, testPorts } from "../helpers/checkout"
import { paymentLinkHelpers } from "../helpers/payment-links"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(180 * 1000)

const ports = testPorts(20)

/**
 * Payment links, the merchant's side (payment-links.spec.ts: the customer's): the admin's link
 * card (plans, e-mail, cancel, send again, expiry), a link paid just before it is cancelled, an
 * order paid in instalments at checkout that owes an edit, a phone sale from a draft order, and a
 * link paid whose notifications never got through. The payment is the order's in Medusa and at
 * the service alike.
 */
sandboxStoreSuite({ ports }, ({ api, sandbox, store, admin, productAt, paidOrder, cartWith, complete, bnpl, knex, getContainer, fulfill, ship }) => {
  const {
    collectionsOf,
    owedAfterEdit,
    eligibilityOf,
    outcomeOf,
    startOnCollection,
    shippingInfoOfGoods,
    offerPayAtShipment,
    cardOrderLinkAccepted,
  } =
    paymentLinkHelpers({ api, admin, store, productAt, cartWith, complete, fulfill, bnpl })

  it("the merchant's link: plans and address in the admin, e-mailed in the customer's language, cancelled, sent again, expired, paid", async () => {
    const { order } = await paidOrder(sandbox(), 129.9)
    const owed = await owedAfterEdit(order.id, 129.9)
    const linksOf = async () =>
      (await api.get(`/admin/bnpl/orders/${order.id}/payment-links`, admin())).data.payment_links.collections[0]
    const send = () =>
      api
        .post(`/admin/bnpl/orders/${order.id}/payment-links`, { payment_collection_id: owed.id }, admin())
        .catch((e: any) => e.response)
    // "Sent a minute ago", "past its validity": the link's record moved in time, not the test's clock.
    const moveLink = (fields: Record<string, Date>) =>
      knex()("bnpl_payment_link").where({ payment_collection_id: owed.id }).update(fields)
    const longAgo = new Date(Date.now() - 10 * 60_000)

    const card = await linksOf()
    expect(card).toMatchObject({
      payment_collection_id: owed.id,
      amount: Math.round(Number(owed.amount) * 100),
      url: expect.stringMatching(
        new RegExp(`^http://localhost:8000/payment-collection/${owed.id}\\?order_id=${order.id}&lang=[a-z]{2}$`)
      ),
      link: { state: "not_sent", sent_count: 0 },
    })
    expect(card.eligibility.plans.length).toBeGreaterThan(0)

    // E-mailed through Medusa's Notification Module (the local provider here), in the customer's language.
    // Three clicks at once: one e-mail (one send at a time per collection), two refusals.
    const clicks = await Promise.all([send(), send(), send()])
    expect(clicks.map((c: any) => c.status).sort()).toEqual([200, 400, 400])
    const sent = clicks.find((c: any) => c.status === 200)
    expect(sent.data.payment_links.collections[0].link).toMatchObject({ state: "sent", sent_count: 1 })
    const notifications = getContainer().resolve(Modules.NOTIFICATION) as any
    const [mail] = await notifications.listNotifications({ resource_id: owed.id, channel: "email" })
    expect(mail).toMatchObject({ to: order.email, template: "bnpl-payment-link" })
    expect(mail.data).toMatchObject({ url: card.url, language: sent.data.sent.language })
    // The page opens in the e-mail's language, on a phone that never saw the shop.
    expect(card.url.endsWith(`&lang=${mail.data.language}`)).toBe(true)
    expect(mail.data.subject).toContain(String(order.display_id))
    // The amount due, from Medusa's amount, in the customer's format.
    expect(mail.data.amount).toMatch(/129[.,]90/)
    expect(mail.data.intro).toContain(mail.data.amount)
    // The market's credit warning, as the link's page shows it (France here).
    const page = await eligibilityOf(owed.id)
    expect(page.legal.length).toBeGreaterThan(0)
    expect(mail.data.warning).toBe(page.legal[0].warning)
    // Not twice within a minute: said, nothing sent.
    const again = await send()
    expect(again.status).toBe(400)
    expect(again.data.message).toMatch(/less than 60 seconds ago/)
    expect(await notifications.listNotifications({ resource_id: owed.id, channel: "email" })).toHaveLength(1)

    // The customer starts a payment with it; the merchant cancels the link: cancelled at the service,
    // refused on the storefront with the reason.
    const started = await startOnCollection(owed.id, { installments_count: 3 })
    expect(started.status).toBe(200)
    const pid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    const cancelled = await api.post(`/admin/bnpl/orders/${order.id}/payment-links/${owed.id}/cancel`, {}, admin())
    expect(cancelled.data).toMatchObject({ closed: true })
    expect(cancelled.data.payment_links.collections[0].link.state).toBe("cancelled")
    expect(sandbox().payments.get(pid).expired_at).not.toBeNull()
    expect(await eligibilityOf(owed.id)).toMatchObject({ unavailable_reason: "link_cancelled", plans: [] })
    const refused = await startOnCollection(owed.id, { installments_count: 3 })
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/cancelled this payment link/)

    // Sent again: reopened, valid again.
    await moveLink({ last_sent_at: longAgo })
    expect((await send()).data.payment_links.collections[0].link).toMatchObject({ state: "sent", sent_count: 2 })
    expect((await eligibilityOf(owed.id)).plans.length).toBeGreaterThan(0)

    // Past its validity with a payment started: refused, and the hourly job cancels that payment.
    const second = await startOnCollection(owed.id, { installments_count: 3 })
    const secondPid: string = second.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    await moveLink({ expires_at: longAgo })
    expect((await linksOf()).link.state).toBe("expired")
    expect(await eligibilityOf(owed.id)).toMatchObject({ unavailable_reason: "link_expired" })
    expect(await closePaymentLinks(getContainer(), Date.now())).toEqual({ ended: 1, closed: 1 })
    expect(sandbox().payments.get(secondPid).expired_at).not.toBeNull()
    expect(await closePaymentLinks(getContainer(), Date.now())).toEqual({ ended: 0, closed: 0 })

    // Sent once more and paid: the card says paid, from Medusa's record of the collection.
    await moveLink({ last_sent_at: longAgo })
    expect((await send()).status).toBe(200)
    const third = await startOnCollection(owed.id, { installments_count: 3 })
    const thirdPid: string = third.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    sandbox().accept(thirdPid, { notify: false })
    expect(await outcomeOf(owed.id, thirdPid)).toEqual({ status: "ordered", current: true })
    expect((await linksOf()).link.state).toBe("paid")
    expect((await send()).status).toBe(400)
  })

  it("a link the customer paid just before the merchant cancels it: the order's payment, not given back", async () => {
    const { order } = await paidOrder(sandbox(), 129.9)
    const owed = await owedAfterEdit(order.id, 129.9)
    expect((await api.post(`/admin/bnpl/orders/${order.id}/payment-links`, { payment_collection_id: owed.id }, admin())).status).toBe(200)
    const started = await startOnCollection(owed.id, { installments_count: 3 })
    const pid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    sandbox().accept(pid, { notify: false })
    const cancelled = await api.post(`/admin/bnpl/orders/${order.id}/payment-links/${owed.id}/cancel`, {}, admin())
    expect(cancelled.data.closed).toBe(true)
    expect(cancelled.data.payment_links.collections[0].link.state).toBe("paid")
    expect(sandbox().payments.get(pid).refunds).toEqual([])
    expect((await collectionsOf(order.id)).find((c) => c.id === owed.id).payments).toHaveLength(1)
  })

  it("an order paid in instalments at checkout owes an edit: the link is paid in instalments, never at shipment (the shipment starts the order's first payment only)", async () => {
    await offerPayAtShipment()
    const { order, pid: checkoutPid } = await paidOrder(sandbox(), 129.9)
    // Captured at checkout (autoCapture): an edit leaves it alone, nothing to warn about.
    const view = (await api.get(`/admin/bnpl/orders/${order.id}`, admin())).data.bnpl_order.payment
    expect(view).toMatchObject({ bnpl_payment_id: checkoutPid, edit_cancels: false })
    const owed = await owedAfterEdit(order.id, 129.9)
    const offer = await eligibilityOf(owed.id)
    expect(offer.plans.length).toBeGreaterThan(0)
    expect(offer.plans.some((p: any) => p.pay_at_shipment)).toBe(false)
    const refused = await startOnCollection(owed.id, { installments_count: 3, pay_at_shipment: true })
    expect(refused.status).toBe(400)
    expect(refused.data.message).toBe(
      `Pay at shipment is not offered for order #${order.display_id}: the order is already paid in instalments, and its shipment starts that payment only. Choose another plan.`
    )
    const started = await startOnCollection(owed.id, { installments_count: 3 })
    const linkPid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    sandbox().accept(linkPid, { notify: false })
    expect(await outcomeOf(owed.id, linkPid)).toMatchObject({ status: "ordered" })

    // The shipment's information goes to the payment the order was placed with.
    expect((await shippingInfoOfGoods(order.id)).bnpl_payment_id).toBe(checkoutPid)
  })
  it.each(["after the link is paid", "before the edit"])(
    "autoCapture off: an edit cancels the order's authorized payment, a link pays the whole order; its payment gets the order's reference and the delivery's status (delivered %s)",
    async (when) => {
      expect((await api.post("/admin/bnpl/settings", { auto_capture: false }, admin())).status).toBe(200)
      try {
        const { order, pid: checkoutPid } = await paidOrder(sandbox(), 129.9)
        const messagesTo = (pid: string, kind: string) =>
          eventually(async () => {
            const rows = await bnpl().listBnplServiceMessages({ order_id: order.id, kind, bnpl_payment_id: pid })
            return rows.find((r: any) => r.status === "accepted")
          }, 30_000)
        /** The goods that ship, fulfilled and handed over. */
        const deliver = async () => {
          const { fulfillmentId } = await fulfill(order.id, { which: (i) => i.requires_shipping })
          const delivered = await api.post(
            `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`,
            {},
            admin()
          )
          expect(delivered.status).toBe(200)
        }
        expect(await messagesTo(checkoutPid, "order")).toBeDefined()
        const viewOf = async () => (await api.get(`/admin/bnpl/orders/${order.id}`, admin())).data.bnpl_order.payment
        // The admin warns before the edit: the payment is authorized in Medusa, not captured.
        expect(await viewOf()).toMatchObject({ bnpl_payment_id: checkoutPid, edit_cancels: true })
        if (when === "before the edit") {
          await deliver()
          expect((await messagesTo(checkoutPid, "status")).payload).toEqual({ status: "delivered", is_shipped: true })
        }
        // Medusa's edit workflow cancels an authorized, uncaptured collection and asks for the whole order.
        const owed = await owedAfterEdit(order.id, 129.9)
        expect(Number(owed.amount)).toBeGreaterThan(2 * 129.9)
        expect((await collectionsOf(order.id)).map((c) => c.status)).toContain("canceled")
        const started = await startOnCollection(owed.id, { installments_count: 3 })
        const linkPid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
        sandbox().accept(linkPid, { notify: false })
        expect(await outcomeOf(owed.id, linkPid)).toMatchObject({ status: "ordered" })
        if (when === "after the link is paid") await deliver()
        // The record is the payment's: what was told the cancelled payment is told the link's,
        // with the next event or, when nothing happens after the link is paid, as it is paid.
        const reference = await messagesTo(linkPid, "order")
        expect(reference.payload).toMatchObject({ merchant_reference: String(order.display_id) })
        expect((await messagesTo(linkPid, "status")).payload).toEqual({ status: "delivered", is_shipped: true })
        expect(sandbox().payments.get(linkPid).orders).toHaveLength(1)
      } finally {
        await api.post("/admin/bnpl/settings", { auto_capture: null }, admin())
      }
    }
  )

  it("a phone sale: a draft order built in the admin, converted, its link e-mailed and paid in 4 instalments; shipped with shipping_info pushed", async () => {
    const option = store().shippingOptions.find((o) => o.name === "Colissimo Home")!
    const address = { ...ADDRESS, phone: "+33600000000" }
    const { data: created } = await api.post(
      "/admin/draft-orders",
      {
        email: "phone-sale@example.com",
        region_id: store().regionId,
        sales_channel_id: store().salesChannelId,
        shipping_address: address,
        billing_address: address,
      },
      admin()
    )
    const draftId: string = created.draft_order.id
    // The admin's draft order page adds items and shipping through an edit: its confirmation
    // gives the order a payment collection for its total.
    await api.post(`/admin/draft-orders/${draftId}/edit`, {}, admin())
    await api.post(`/admin/draft-orders/${draftId}/edit/items`, { items: [{ variant_id: productAt(349).variantId, quantity: 1 }] }, admin())
    await api.post(`/admin/draft-orders/${draftId}/edit/shipping-methods`, { shipping_option_id: option.id }, admin())
    await api.post(`/admin/draft-orders/${draftId}/edit/confirm`, {}, admin())
    // Not before it is converted: said, nothing sent.
    const early = await api
      .post(`/admin/bnpl/orders/${draftId}/payment-links`, { payment_collection_id: (await collectionsOf(draftId))[0]?.id ?? "none" }, admin())
      .catch((e: any) => e.response)
    expect(early.status).toBe(400)
    expect(early.data.message).toMatch(/is a draft: convert it to an order first/)
    const converted = await api.post(`/admin/draft-orders/${draftId}/convert-to-order`, {}, admin())
    expect(converted.status).toBe(200)
    const owed = (await collectionsOf(draftId)).find((c) => c.status === "not_paid")
    expect(owed).toBeDefined()

    // The card: the plans for the amount, e-mailed.
    const sent = await api.post(`/admin/bnpl/orders/${draftId}/payment-links`, { payment_collection_id: owed.id }, admin())
    expect(sent.data.sent.to).toBe("phone-sale@example.com")
    const notifications = getContainer().resolve(Modules.NOTIFICATION) as any
    const [mail] = await notifications.listNotifications({ resource_id: owed.id, channel: "email" })
    // The customer opens the e-mail's link on the phone and pays in 4 instalments.
    expect(new URL(mail.data.url).pathname).toBe(`/payment-collection/${owed.id}`)
    const started = await startOnCollection(owed.id, { installments_count: 4 })
    expect(started.status).toBe(200)
    const pid: string = started.data.payment_collection.payment_sessions[0].data.bnpl_payment_id
    expect(sandbox().payments.get(pid)).toMatchObject({ installments_count: 4, purchase_amount: Math.round(Number(owed.amount) * 100) })
    sandbox().accept(pid, { notify: false })
    expect(await outcomeOf(owed.id, pid)).toEqual({ status: "ordered", current: true })
    expect((await api.get(`/admin/bnpl/orders/${draftId}/payment-links`, admin())).data.payment_links.collections[0].link.state).toBe("paid")

    // Shipped: its shipping information reaches the service as for any order.
    const { data } = await api.get(`/admin/orders/${draftId}?fields=*items`, admin())
    const items = data.order.items.map((i: any) => ({ id: i.id, quantity: i.quantity }))
    await api.post(`/admin/orders/${draftId}/fulfillments`, { items, location_id: store().stockLocationId }, admin())
    await eventually(
      async () => sandbox().requests.some((r: any) => r.method === "POST" && r.path === `/v1/payment/${pid}`),
      30_000
    )
  })

  it("a link paid whose notifications never got through and whose customer never came back: the settle job records it on the order, never gives it back", async () => {
    const { order, owed, pid } = await cardOrderLinkAccepted(sandbox())
    // Past the page's expiry: the job finds it open, accepted at the service, held by nobody.
    await settleBnplPaymentsAt(getContainer(), Date.now() + 2 * 3600_000)
    const paid = (await collectionsOf(order.id)).find((c) => c.id === owed.id)
    expect(paid.payments).toHaveLength(1)
    expect(paid.payments[0].data.bnpl_payment_id).toBe(pid)
    expect(sandbox().payments.get(pid).refunds).toEqual([])
    // Later runs leave it alone.
    await settleBnplPaymentsAt(getContainer(), Date.now() + 4 * 3600_000)
    expect(sandbox().payments.get(pid).refunds).toEqual([])
    expect(sandbox().payments.get(pid).expired_at).toBeNull()
  })
})
