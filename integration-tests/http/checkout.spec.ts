import { BNPL_PROVIDER_ID } from "../helpers/store"
import { notificationPath, RETURN_URL, testPorts, TEST_API_KEY as API_KEY } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { signPaymentId } from "../../src/lib/payment/signature"

jest.setTimeout(120 * 1000)

const ports = testPorts()
const APP_PORT = ports.app

/**
 * Checkout through the real store API of a running Medusa app against the sandbox over HTTP:
 * plans, session, hosted page, completion, notifications, refunds and a failing service.
 */
sandboxStoreSuite(
  { ports },
  ({ api, sandbox, store, admin, productAt, cartWith, startBnplSession, complete }) => {
    const notify = (pid: string) =>
      api
        .get(notificationPath(sandbox(), pid), { headers: { "x-bnpl-signature": signPaymentId(pid, API_KEY) } })
        .catch((e) => e.response)

    const serviceCalls = (prefix: string) => sandbox().requests.filter((r: any) => r.path.startsWith(prefix))

    it("shows the plans for a cart and for an amount, with schedules in cents", async () => {
      const cart = await cartWith(129.9)
      const { data } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
      const cents = Math.round(cart.total * 100)
      expect(data.eligibility).toMatchObject({
        cart_id: cart.id,
        purchase_amount: cents,
        currency_code: "eur",
        service_available: true,
      })
      expect(data.eligibility.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([
        [3, true],
        [4, true],
      ])
      const three = data.eligibility.plans[0]
      expect(three.payment_plan).toHaveLength(3)
      expect(three.payment_plan.reduce((s: number, i: any) => s + i.purchase_amount, 0)).toBe(cents)
      expect(three.customer_total_cost_amount).toBe(Math.round((cents * 145) / 10000))

      const { data: small } = await api.get("/store/bnpl/eligibility?amount=30&currency_code=eur", store().storeHeaders)
      expect(small.eligibility.plans[0]).toMatchObject({
        eligible: false,
        reasons: { purchase_amount: "invalid_value" },
        constraints: { purchase_amount: { minimum: 5000, maximum: 500000 } },
      })
    })

    it.each([
      ["neither parameter", ""],
      ["both parameters", "cart_id=cart_1&amount=10&currency_code=eur"],
      ["a negative amount", "amount=-5&currency_code=eur"],
      ["a non-numeric amount", "amount=ten&currency_code=eur"],
      ["an unsupported currency", "amount=100&currency_code=usd"],
      ["an unknown cart", "cart_id=cart_unknown"],
    ])("answers 400 with a message for %s", async (_label, qs) => {
      const response = await api
        .get(`/store/bnpl/eligibility?${qs}`, store().storeHeaders)
        .catch((e) => e.response)
      expect(response.status).toBe(400)
      expect(String(response.data.message)).toMatch(/cart_id|amount|currency|cart/)
    })

    it("asks the service once per deferral group and not again while the total is unchanged", async () => {
      const cart = await cartWith(349)
      sandbox().clearRequests()
      // Same total again: an unrelated cart update and repeated reads cost no service call.
      await api.post(`/store/carts/${cart.id}`, { email: "other@example.com" }, store().storeHeaders)
      await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
      await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
      expect(serviceCalls("/v1/payments/eligibility")).toHaveLength(0)

      // A new total: exactly one array request for the two plans of the merchant.
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: productAt(30).variantId, quantity: 1 },
        store().storeHeaders
      )
      const calls = serviceCalls("/v1/payments/eligibility")
      expect(calls).toHaveLength(1)
      expect(calls[0].body.payment.installments_count).toEqual([3, 4])
    })

    it("asks nothing for an empty cart", async () => {
      sandbox().clearRequests()
      const { data } = await api.post("/store/carts", { region_id: store().regionId }, store().storeHeaders)
      const { data: plans } = await api.get(`/store/bnpl/eligibility?cart_id=${data.cart.id}`, store().storeHeaders)
      expect(plans.eligibility).toMatchObject({ purchase_amount: 0, service_available: true })
      expect(plans.eligibility.plans.every((p: any) => p.eligible === false)).toBe(true)
      expect(serviceCalls("/v1/payments/eligibility")).toHaveLength(0)
    })

    it("keeps carts working when the service is down, and says the plans are unavailable", async () => {
      sandbox().setFault({ match: { path: "/v1/payments/eligibility" }, status: 503 })
      const cart = await cartWith(129.9)
      const { data: updated } = await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: productAt(30).variantId, quantity: 1 },
        store().storeHeaders
      )
      expect(updated.cart.items).toHaveLength(2)
      const { data } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
      expect(data.eligibility).toMatchObject({ service_available: false, unavailable_reason: "unavailable", plans: [] })
      sandbox().clearFaults()
    })

    it("pays a cart in 3 instalments: session, hosted page, completion, captured payment", async () => {
      const cart = await cartWith(129.9, 2)
      const { session } = await startBnplSession(cart.id, {
        installments_count: 3,
        // A storefront cannot choose what the service gets about the cart.
        checkout: { customer: { email: "forged@example.com" } },
        bnpl_payment_id: "payment_forged",
      })
      const pid = session.data.bnpl_payment_id
      expect(pid).toMatch(/^payment_/)
      expect(session.data.url).toBe(`${sandbox().url}/pay/${pid}`)
      expect(JSON.stringify(session)).not.toContain(API_KEY)

      const created = serviceCalls("/v1/payments").find((r: any) => r.method === "POST" && r.path === "/v1/payments")
      expect(created.body.payment).toMatchObject({
        purchase_amount: Math.round(cart.total * 100),
        installments_count: 3,
        return_url: RETURN_URL,
        ipn_callback_url: expect.stringMatching(
          new RegExp(`^http://localhost:${APP_PORT}/hooks/bnpl/notification\\?token=[0-9a-f]{48}$`)
        ),
        custom_data: { session_id: session.id, cart_id: cart.id },
        shipping_address: { city: "Lyon", country: "FR", email: "jeanne@example.com" },
      })
      expect(created.body.customer.email).toBe("jeanne@example.com")
      expect(created.body.payment.shipping_info.selected_options).toEqual([
        expect.objectContaining({ title: "Colissimo Home", amount: 490, shipping_method: "postal", express_delivery: false }),
      ])
      expect(created.body.payment.shipping_info.available_options.map((o: any) => o.shipping_method).sort()).toEqual(
        expect.arrayContaining(["pickup_point", "postal"])
      )

      // Back before paying: nothing is placed.
      const early = await complete(cart.id)
      expect(early.status).toBeGreaterThanOrEqual(400)

      const { redirect } = await (await fetch(`${sandbox().url}/_sandbox/payments/${pid}/accept`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ notify: false }),
      })).json()
      expect(redirect).toBe(`${RETURN_URL}?pid=${pid}`)

      const done = await complete(cart.id)
      expect(done.status).toBe(200)
      expect(done.data.type).toBe("order")
      const { data: order } = await api.get(
        `/admin/orders/${done.data.order.id}?fields=*payment_collections.payments`,
        admin()
      )
      const payments = order.order.payment_collections[0].payments
      expect(payments).toHaveLength(1)
      expect(payments[0].captured_at).toBeTruthy()
      expect(payments[0].provider_id).toBe(BNPL_PROVIDER_ID)

      // The notification after the return changes nothing: still one order, one payment.
      const late = await notify(pid)
      expect(late.status).toBe(200)
      const { data: again } = await api.get(
        `/admin/orders/${done.data.order.id}?fields=*payment_collections.payments`,
        admin()
      )
      expect(again.order.payment_collections[0].payments).toHaveLength(1)
    })

    it("completes the order from the notification when the customer never comes back, exactly once", async () => {
      const cart = await cartWith(349)
      const { session } = await startBnplSession(cart.id, { installments_count: 4 })
      const pid = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })

      const [first, second] = await Promise.all([notify(pid), notify(pid)])
      expect([first.status, second.status]).toEqual([200, 200])
      const returned = await complete(cart.id)
      expect(returned.status).toBe(200)

      const { data } = await api.get(`/admin/orders?fields=id,*payment_collections.payments`, admin())
      const orders = data.orders.filter((o: any) =>
        o.payment_collections.some((pc: any) => pc.payments.some((p: any) => p.data?.bnpl_payment_id === pid))
      )
      expect(orders).toHaveLength(1)
      expect(orders[0].payment_collections[0].payments).toHaveLength(1)
    })

    it("refuses forged and mismatched notifications, and a refused payment places no order", async () => {
      const forged = await notify("payment_doesnotexist")
      expect(forged.status).toBe(404)
      const badSignature = await api
        .get(`/hooks/bnpl/notification?pid=payment_x`, { headers: { "x-bnpl-signature": "00" } })
        .catch((e) => e.response)
      // Signature checking is off by default: the payment is looked up and unknown.
      expect(badSignature.status).toBe(404)

      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid = session.data.bnpl_payment_id
      // The service reports another amount than the session's: never authorized.
      sandbox().payments.get(pid).purchase_amount += 100
      sandbox().accept(pid, { notify: false })
      const mismatch = await notify(pid)
      expect(mismatch.status).toBe(400)
      const refused = await complete(cart.id)
      expect(refused.status).toBeGreaterThanOrEqual(400)

      const cart2 = await cartWith(129.9)
      const { session: s2 } = await startBnplSession(cart2.id)
      sandbox().refuse(s2.data.bnpl_payment_id)
      const r2 = await complete(cart2.id)
      expect(r2.status).toBeGreaterThanOrEqual(400)
      const ignored = await notify(s2.data.bnpl_payment_id)
      expect(ignored.data.result).toBe("ignored")
    })

    it("makes a new payment when the amount changes after the session, and cancels the old one", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const oldPid = session.data.bnpl_payment_id
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: productAt(30).variantId, quantity: 1 },
        store().storeHeaders
      )
      // Medusa deletes the sessions of a cart whose total changed: the old payment is cancelled.
      expect(sandbox().payments.get(oldPid).expired_at).toBeTruthy()
      const { session: fresh } = await startBnplSession(cart.id)
      expect(fresh.data.bnpl_payment_id).not.toBe(oldPid)
      const { data } = await api.get(`/store/carts/${cart.id}`, store().storeHeaders)
      expect(fresh.data.purchase_amount).toBe(Math.round(data.cart.total * 100))
    })

    it("refunds partially then fully, with explicit amounts", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      const done = await complete(cart.id)
      const { data: order } = await api.get(
        `/admin/orders/${done.data.order.id}?fields=*payment_collections.payments`,
        admin()
      )
      const payment = order.order.payment_collections[0].payments[0]
      await api.post(`/admin/payments/${payment.id}/refund`, { amount: 20 }, admin())
      await api.post(`/admin/payments/${payment.id}/refund`, { amount: payment.amount - 20 }, admin())
      const refunds = sandbox().requests.filter((r: any) => r.path === `/v1/payments/${pid}/refund`)
      expect(refunds.map((r: any) => r.body.amount)).toEqual([2000, Math.round(payment.amount * 100) - 2000])
      expect(refunds.every((r: any) => typeof r.body.merchant_reference === "string")).toBe(true)
      expect(sandbox().payments.get(pid).refunds).toHaveLength(2)
    })
  }
)
