import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { eventually, paidDigitalOrder, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import retryBnplMessages from "../../src/jobs/retry-messages"

jest.setTimeout(180 * 1000)

const ports = testPorts(2)

/**
 * Issue 11 (shipping info exactly what the customer saw and chose, no sync lost) and issue 10
 * (what the storefront can read), through the real store and admin APIs and the sandbox.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, cartWith, startBnplSession, complete, paidOrder, productAt, bnpl, fulfill }) => {
    const syncsOf = (orderId: string) =>
      bnpl().listBnplServiceMessages({ order_id: orderId, kind: "shipping_info" }, { order: { created_at: "ASC" } })
    const edits = (pid: string) =>
      sandbox().requests.filter((r: any) => r.path === `/v1/payment/${pid}` && r.method === "POST" && !r.fault)
    const lastInfo = (pid: string) => edits(pid).at(-1)?.body.payment.shipping_info
    const byTitle = (options: any[]) => Object.fromEntries(options.map((o: any) => [o.title, o.amount]))

    /** Every sync of the order with this trigger has been attempted (or decided). */
    const settled = (orderId: string, trigger: string, count = 1) =>
      eventually(async () => {
        const syncs = (await syncsOf(orderId)).filter((s: any) => s.trigger === trigger)
        return syncs.length >= count && syncs.every((s: any) => s.status !== "pending" || s.attempts > 0) && syncs
      }, 30000)
    /** Where a new shipping option goes: Colissimo Home's service zone, the store's profile, the manual provider. */
    const besideColissimo = async () => {
      const [colissimo] = await getContainer().resolve(Modules.FULFILLMENT).listShippingOptions({ name: "Colissimo Home" })
      return { provider_id: "manual_manual", service_zone_id: colissimo.service_zone_id, shipping_profile_id: store().shippingProfileId }
    }
    /** The options offered were read when the order was placed (a subscriber). */
    const offeredRead = (orderId: string) =>
      eventually(async () => {
        const [row] = await bnpl().listBnplCheckoutSnapshots({ order_id: orderId })
        return row?.available_options && row
      }, 30000)

    it("sends only the customer's outbound methods: a return label, an exchange and a claim are not selected options", async () => {
      const { order, pid } = await paidOrder(sandbox(), 30, 3)
      await offeredRead(order.id)
      await fulfill(order.id)
      await settled(order.id, "fulfillment_created")

      // A return shipping option (is_return) in the same zone as the outbound ones.
      const { result } = await createShippingOptionsWorkflow(getContainer()).run({
        input: [
          {
            name: "Return label Colissimo",
            price_type: "flat",
            ...(await besideColissimo()),
            type: { code: "return", label: "Return", description: "Return label" },
            prices: [{ currency_code: "eur", amount: 5 }],
            rules: [
              { attribute: "enabled_in_store", value: "true", operator: "eq" },
              { attribute: "is_return", value: "true", operator: "eq" },
            ],
          } as any,
        ],
      })
      const returnOption = result[0]
      const express = store().shippingOptions.find((o) => o.name === "Express 24h")!
      const { data: withItems } = await api.get(`/admin/orders/${order.id}?fields=*items`, admin())
      const item = withItems.order.items[0]

      /** An exchange's or a claim's new item, sent by express; then the change is requested. */
      const sendByExpress = async (change: string) => {
        await api.post(`${change}/outbound/items`, { items: [{ variant_id: productAt(30).variantId, quantity: 1 }] }, admin())
        await api.post(`${change}/outbound/shipping-method`, { shipping_option_id: express.id }, admin())
        await api.post(`${change}/request`, {}, admin())
      }

      // A return with its label.
      const { data: ret } = await api.post("/admin/returns", { order_id: order.id, location_id: store().stockLocationId }, admin())
      await api.post(`/admin/returns/${ret.return.id}/request-items`, { items: [{ id: item.id, quantity: 1 }] }, admin())
      await api.post(`/admin/returns/${ret.return.id}/shipping-method`, { shipping_option_id: returnOption.id }, admin())
      await api.post(`/admin/returns/${ret.return.id}/request`, {}, admin())

      // An exchange: one item back (return label), a new one sent by express.
      const { data: ex } = await api.post("/admin/exchanges", { order_id: order.id }, admin())
      const exchangeId = ex.exchange.id
      await api.post(`/admin/exchanges/${exchangeId}/inbound/items`, { items: [{ id: item.id, quantity: 1 }] }, admin())
      await api.post(`/admin/exchanges/${exchangeId}/inbound/shipping-method`, { shipping_option_id: returnOption.id }, admin())
      await sendByExpress(`/admin/exchanges/${exchangeId}`)

      // A claim: a replacement sent by express.
      const { data: cl } = await api.post("/admin/claims", { order_id: order.id, type: "replace" }, admin())
      const claimId = cl.claim.id
      await api.post(`/admin/claims/${claimId}/inbound/items`, { items: [{ id: item.id, quantity: 1 }] }, admin())
      await sendByExpress(`/admin/claims/${claimId}`)

      // The order now holds return, exchange and claim shipping methods...
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: [withMethods] } = await query.graph({
        entity: "order",
        fields: ["shipping_methods.name", "shipping_methods.detail.*"],
        filters: { id: order.id },
      })
      expect((withMethods as any).shipping_methods.length).toBeGreaterThanOrEqual(4)

      // ...each change is checked (claim, exchange) and a push again changes nothing: the
      // customer chose Colissimo Home at checkout, and that is all they chose.
      await settled(order.id, "exchange_created")
      await settled(order.id, "claim_created")
      await api.post(`/admin/bnpl/orders/${order.id}/shipping-sync`, {}, admin())
      const syncs = await syncsOf(order.id)
      for (const sync of syncs.filter((s: any) => s.payload)) {
        expect(sync.payload.selected_options).toEqual([
          expect.objectContaining({ title: "Colissimo Home", amount: 490, shipping_method: "postal" }),
        ])
      }
      expect(syncs.map((s: any) => s.status)).toEqual(["accepted", "unchanged", "unchanged", "unchanged"])
      expect(edits(pid)).toHaveLength(1)
      expect(lastInfo(pid).available_options.map((o: any) => o.title)).not.toContain("Return label Colissimo")
    })

    it("sends offered options on the same basis as the chosen one in a tax-exclusive region (20 % VAT)", async () => {
      const tax = getContainer().resolve("tax") as any
      const [france] = await tax.listTaxRegions({ country_code: "fr", parent_id: null })
      const rate = await tax.createTaxRates({ tax_region_id: france.id, name: "TVA", code: "TVA", rate: 20, is_default: true })
      try {
        const { order, pid } = await paidOrder(sandbox(), 129.9)
        await offeredRead(order.id)
        await fulfill(order.id)
        await settled(order.id, "fulfillment_created")
        const info = lastInfo(pid)
        // 4.90 + 20 % = 5.88, in both arrays; the others with the same tax.
        expect(info.selected_options).toEqual([expect.objectContaining({ title: "Colissimo Home", amount: 588 })])
        expect(byTitle(info.available_options)).toEqual({
          "Colissimo Home": 588,
          "Express 24h": 1548,
          "Relay point Mondial Relay": 468,
          "Click and collect": 0,
        })
      } finally {
        await tax.deleteTaxRates(rate.id)
      }
    })

    it("keeps a sync whose shipping information cannot be built (a database failure), and pushes it once it can", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await offeredRead(order.id)
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      // A real failure of the query that reads the order's shipping options.
      await knex.raw(`alter table "shipping_option_type" rename to "shipping_option_type_away"`)
      try {
        await fulfill(order.id)
        const [pending] = await settled(order.id, "fulfillment_created")
        expect(pending).toMatchObject({ status: "pending", attempts: 1 })
        expect(pending.last_error).toMatch(/not built/)
        expect(edits(pid)).toHaveLength(0)
      } finally {
        await knex.raw(`alter table "shipping_option_type_away" rename to "shipping_option_type"`)
      }
      const [pending] = await syncsOf(order.id)
      await bnpl().updateBnplServiceMessages({ id: pending.id, next_attempt_at: new Date(Date.now() - 1000) })
      await retryBnplMessages(getContainer())
      const [synced] = await syncsOf(order.id)
      expect(synced).toMatchObject({ status: "accepted", attempts: 2 })
      expect(lastInfo(pid).selected_options).toEqual([expect.objectContaining({ title: "Colissimo Home" })])
    })

    it("pushes an order edit that changes shipping after the last fulfillment, whatever the servers' clocks say", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await offeredRead(order.id)
      await fulfill(order.id)
      const [first] = await settled(order.id, "fulfillment_created")
      expect(first.status).toBe("accepted")
      // The first push was recorded by a server whose clock runs an hour ahead.
      const ahead = new Date(Date.now() + 3600_000)
      await bnpl().updateBnplServiceMessages({ id: first.id, accepted_at: ahead })
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      await knex("bnpl_service_message").where({ id: first.id }).update({ created_at: ahead })

      const express = store().shippingOptions.find((o) => o.name === "Express 24h")!
      await api.post(`/admin/order-edits`, { order_id: order.id }, admin())
      await api.post(`/admin/order-edits/${order.id}/shipping-method`, { shipping_option_id: express.id }, admin())
      await api.post(`/admin/order-edits/${order.id}/request`, {}, admin())
      await api.post(`/admin/order-edits/${order.id}/confirm`, {}, admin())

      const [edited] = await settled(order.id, "order_edit_confirmed")
      expect(edited.status).toBe("accepted")
      expect(edits(pid)).toHaveLength(2)
      expect(lastInfo(pid).selected_options.map((o: any) => o.title).sort()).toEqual(["Colissimo Home", "Express 24h"])
    })

    it("pushes an order with nothing to ship when it is placed (no fulfillment ever comes)", async () => {
      const { pid, done } = await paidDigitalOrder(api, getContainer(), sandbox())
      expect(done.status).toBe(200)
      const [sync] = await settled(done.data.order.id, "order_placed")
      expect(sync.status).toBe("accepted")
      expect(lastInfo(pid).selected_options).toEqual([
        { title: "No shipping", amount: 0, shipping_method: "instore", express_delivery: false },
      ])
    })

    it("sends the options offered for the completed cart when they could not be listed as the session was created", async () => {
      const cart = await cartWith(129.9)
      // An option whose price the provider cannot calculate: listing the cart's options throws.
      const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
      const [broken] = await fulfillment.createShippingOptions([
        {
          name: "Carrier quote",
          price_type: "calculated",
          ...(await besideColissimo()),
          type: { code: "quote", label: "Quote", description: "Priced by the carrier" },
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        } as any,
      ])
      const { session } = await startBnplSession(cart.id)
      const pid = session.data.bnpl_payment_id
      const created = sandbox().requests.find((r: any) => r.method === "POST" && r.path === "/v1/payments")
      // Unknown is not "none offered".
      expect(created.body.payment.shipping_info.available_options).toBeUndefined()

      // The option is fixed before the customer pays: the completed cart's options are read.
      await fulfillment.deleteShippingOptions([broken.id])
      sandbox().accept(pid, { notify: false })
      const done = await complete(cart.id)
      expect(done.status).toBe(200)
      await offeredRead(done.data.order.id)
      await fulfill(done.data.order.id)
      await settled(done.data.order.id, "fulfillment_created")
      const info = lastInfo(pid)
      expect(info.selected_options).toEqual([expect.objectContaining({ title: "Colissimo Home" })])
      expect(info.available_options.map((o: any) => o.title).sort()).toEqual(store().shippingOptions.map((o) => o.name).sort())
    })

    it("keeps the customer's details out of the payment session the storefront can read", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const { data } = await api.get(
        `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`,
        store().storeHeaders
      )
      const readable = data.cart.payment_collection.payment_sessions.find((s: any) => s.id === session.id).data
      const text = JSON.stringify(readable)
      for (const detail of ["jeanne@example.com", "Jeanne", "Martin", "rue des Lilas", "Lyon", "69003", "Colissimo"]) {
        expect(text).not.toContain(detail)
      }
      // What the storefront needs is there.
      expect(readable).toMatchObject({
        url: expect.stringContaining(`/pay/${session.data.bnpl_payment_id}`),
        installments_count: 3,
        purchase_amount: Math.round(cart.total * 100),
        state: expect.any(String),
      })
      // The service still got them, from the server-side snapshot.
      const created = sandbox().requests.find((r: any) => r.method === "POST" && r.path === "/v1/payments")
      expect(created.body.customer.email).toBe("jeanne@example.com")
      expect(created.body.payment.shipping_address).toMatchObject({ city: "Lyon" })
      const [row] = await bnpl().listBnplCheckoutSnapshots({ cart_id: cart.id })
      expect(row.snapshot.customer.email).toBe("jeanne@example.com")
    })

    it("asks again for a cart's plans when its currency changes, even for the same amount", async () => {
      const container = getContainer()
      const regions = container.resolve(Modules.REGION)
      const usd = await regions.createRegions({ name: "United States", currency_code: "usd", countries: ["us"] })
      // The same figure in dollars for the product.
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data: [variant] } = await query.graph({
        entity: "product_variant",
        fields: ["price_set.id"],
        filters: { id: productAt(129.9).variantId },
      })
      await container.resolve(Modules.PRICING).addPrices({
        priceSetId: (variant as any).price_set.id,
        prices: [{ amount: 129.9, currency_code: "usd" }],
      })
      const { data } = await api.post(
        "/store/carts",
        { region_id: store().regionId, email: "jeanne@example.com", items: [{ variant_id: productAt(129.9).variantId, quantity: 1 }] },
        store().storeHeaders
      )
      const { data: inEur } = await api.get(`/store/bnpl/eligibility?cart_id=${data.cart.id}`, store().storeHeaders)
      expect(inEur.eligibility).toMatchObject({ currency_code: "eur", purchase_amount: 12990, service_available: true })

      await api.post(`/store/carts/${data.cart.id}`, { region_id: usd.id }, store().storeHeaders)
      const { data: inUsd } = await api.get(`/store/bnpl/eligibility?cart_id=${data.cart.id}`, store().storeHeaders)
      // Dollars are not offered (currencies: eur): never the euro plans of the same figure.
      expect(inUsd.eligibility).toMatchObject({ currency_code: "usd", purchase_amount: 12990, service_available: false })
    })
  }
)
