import { notificationPath, RETURN_URL, testPorts, TEST_API_KEY } from "../helpers/checkout"
import { createBnplStorefront } from "../../storefront/src"
import { signPaymentId } from "../../src/lib/payment/signature"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { forgetProcessMemory } from "../../src/lib/infrastructure/process-memory"

jest.setTimeout(120 * 1000)

const ports = testPorts(7)

/**
 * What a storefront's pages cost: a product grid's plans in one request (the batch form of the
 * store route), bounded input refused before the service is asked, and choosing a plan without
 * a second eligibility call while the cart's kept plans are fresh.
 */
sandboxStoreSuite(
  { ports, setUp: "all" },
  ({ api, getContainer, sandbox, store, admin, cartWith, startBnplSession }) => {
    const eligibilityCalls = () =>
      sandbox().requests.filter((r: any) => r.path === "/v1/payments/eligibility")

    it("answers a product grid in one request, one service call per distinct price within the plans' bounds, none when warm", async () => {
      // 24 cards, 9 distinct prices, written in several ways ("129.9" and "129.90" are one price).
      const prices = ["19.90", "129.90", "129.9", "349", "349.00", "899", "30", "75.50", "75.5", "1200", "2499.99", "60"]
      const grid = [...prices, ...prices]
      expect(grid).toHaveLength(24)
      const { data } = await api.get(
        `/store/bnpl/eligibility?amounts=${grid.join(",")}&currency_code=eur`,
        store().storeHeaders
      )
      expect(data.eligibilities.map((e: any) => e.amount)).toEqual([
        "19.90", "129.90", "349.00", "899.00", "30.00", "75.50", "1200.00", "2499.99", "60.00",
      ])
      // 19.90 and 30.00 are below every plan's minimum (the account's 50.00 EUR): answered without a call.
      expect(eligibilityCalls()).toHaveLength(7)
      const sweater = data.eligibilities[1]
      expect(sweater).toMatchObject({ purchase_amount: 12990, currency_code: "eur", service_available: true })
      expect(sweater.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([[3, true], [4, true]])
      expect(data.eligibilities[0].plans[0]).toMatchObject({
        eligible: false,
        constraints: { purchase_amount: { minimum: 5000, maximum: 500000 } },
      })

      // The same grid again (another visitor): answered from the shared cache.
      sandbox().clearRequests()
      const { data: again } = await api.get(
        `/store/bnpl/eligibility?amounts=${grid.join(",")}&currency_code=eur`,
        store().storeHeaders
      )
      // (Amounts answered without a call are answered afresh: only their checked_at differs.)
      const answered = (list: any[]) =>
        list.map(({ checked_at, ...rest }) => (rest.purchase_amount < 5000 ? rest : { checked_at, ...rest }))
      expect(answered(again.eligibilities)).toEqual(answered(data.eligibilities))
      expect(eligibilityCalls()).toHaveLength(0)
      // The single-amount form shares that cache.
      await api.get("/store/bnpl/eligibility?amount=899&currency_code=eur", store().storeHeaders)
      expect(eligibilityCalls()).toHaveLength(0)
    })

    const NINES_40 = "9".repeat(40)
    const NINES_400 = "9".repeat(400)
    it.each([
      ["40 nines", `amount=${NINES_40}&currency_code=eur`, /too large/],
      ["400 nines", `amount=${NINES_400}&currency_code=eur`, /too large/],
      ["a thousandth of a euro", "amount=0.001&currency_code=eur", /more than 2 decimals/],
      ["three decimals", "amount=12.345&currency_code=eur", /"12\.345" has more than 2 decimals/],
      ["zero", "amount=0&currency_code=eur", /greater than 0/],
      ["one bad value in a batch", "amounts=19.90,12.345,30&currency_code=eur", /"12\.345"/],
      ["a huge value in a batch", `amounts=19.90,${NINES_40}&currency_code=eur`, /too large/],
      ["an empty value in a batch", "amounts=19.90,,30&currency_code=eur", /amount "" must be a positive number/],
      ["more than 50 amounts", `amounts=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}&currency_code=eur`, /at most 50/],
      ["amount and amounts together", "amount=10&amounts=10,20&currency_code=eur", /not several/],
      ["amounts without a currency", "amounts=10,20", /currency_code/],
      ["amounts in a currency not offered", "amounts=10,20&currency_code=usd", /"usd" is not offered/],
    ])("refuses %s with a 400 naming it, without asking the service", async (_label, qs, message) => {
      sandbox().clearRequests()
      const response = await api.get(`/store/bnpl/eligibility?${qs}`, store().storeHeaders).catch((e) => e.response)
      expect(response.status).toBe(400)
      expect(String(response.data.message)).toMatch(message)
      expect(String(response.data.message).length).toBeLessThan(300)
      expect(eligibilityCalls()).toHaveLength(0)
    })

    it("needs no eligibility call to choose a plan while the cart's kept plans are fresh", async () => {
      const cart = await cartWith(349)
      const { data } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
      expect(data.eligibility.plans[0]).toMatchObject({ installments_count: 3, eligible: true })
      sandbox().clearRequests()
      const { session } = await startBnplSession(cart.id, { installments_count: 4 })
      expect(session.data.url).toMatch(/\/pay\/payment_/)
      expect(session.data).not.toHaveProperty("kept_plans")
      expect(eligibilityCalls()).toHaveLength(0)
      expect(sandbox().requests.filter((r: any) => r.method === "POST" && r.path === "/v1/payments")).toHaveLength(1)
    })

    it("refuses a plan the kept plans say is not eligible, still without a call", async () => {
      const cart = await cartWith(30)
      sandbox().clearRequests()
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, store().storeHeaders)
      const response = await api
        .post(
          `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
          { provider_id: "pp_bnpl_bnpl", data: { installments_count: 3, return_url: "http://localhost:8000/r" } },
          store().storeHeaders
        )
        .catch((e) => e.response)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(String(response.data.message)).toMatch(/not available/)
      expect(eligibilityCalls()).toHaveLength(0)
    })

    it("asks once when the kept plans are for another total, not twice", async () => {
      const cart = await cartWith(129.9)
      // A price change the cart has not seen: the kept plans are for the old total.
      const getContainerBnpl = getContainer().resolve("bnpl") as any
      const [kept] = await getContainerBnpl.listBnplCartEligibilities({ cart_id: cart.id })
      await getContainerBnpl.updateBnplCartEligibilities({ id: kept.id, checked_at: new Date(Date.now() - 3600_000) })
      forgetProcessMemory() // the row is what an instance that did not write it reads
      sandbox().clearRequests()
      await startBnplSession(cart.id, { installments_count: 3 })
      expect(eligibilityCalls().length).toBeLessThanOrEqual(1)
    })

    describe("the storefront kit (medusa-plugin-bnpl-storefront) against this store", () => {
      const kit = () =>
        createBnplStorefront({ baseUrl: `http://localhost:${ports.app}`, publishableKey: store().publishableKey })
      const CANCEL_URL = "http://localhost:8000/checkout?bnpl=cancelled"
      const ordersOfPayment = async (pid: string) => {
        const { data } = await api.get(`/admin/orders?fields=id,*payment_collections.payments&limit=200`, admin())
        return data.orders.filter((o: any) =>
          o.payment_collections.some((pc: any) => pc.payments.some((p: any) => p.data?.bnpl_payment_id === pid))
        )
      }

      it("plansForAmounts: one request for a grid, one entry per given price in its order", async () => {
        sandbox().clearRequests()
        const answers = await kit().plansForAmounts([129.9, "129.90", 30, "349.00", 0.1 + 0.2 + 60], "EUR")
        expect(answers.map((a) => a.amount)).toEqual(["129.90", "129.90", "30.00", "349.00", "60.30"])
        expect(answers[0]).toBe(answers[1])
        expect(answers[2].plans[0]).toMatchObject({ eligible: false })
        await expect(kit().plansForAmounts([-1], "eur")).rejects.toMatchObject({ status: 400 })
        expect(await kit().plansForAmounts([], "eur")).toEqual([])
      })

      it("startPayment then completeReturn: paid, one order, the plan chosen", async () => {
        const cart = await cartWith(129.9)
        const plans = await kit().plansForCart(cart.id)
        const four = plans.plans.find((p) => p.installments_count === 4)!
        const { url } = await kit().startPayment({ cartId: cart.id, plan: four, returnUrl: RETURN_URL, cancelUrl: CANCEL_URL })
        const pid = url.split("/pay/")[1]
        expect(sandbox().payments.get(pid)).toMatchObject({ installments_count: 4 })
        const created = sandbox().requests.find((r: any) => r.method === "POST" && r.path === "/v1/payments")
        expect(created.body.payment).toMatchObject({ return_url: RETURN_URL, customer_cancel_url: CANCEL_URL })
        // Starting again (the customer went back) reuses the cart's payment collection.
        const again = await kit().startPayment({ cartId: cart.id, plan: four, returnUrl: RETURN_URL })
        expect(again.url).not.toBe(url)
        const pid2 = again.url.split("/pay/")[1]
        sandbox().accept(pid2, { notify: false })
        const result = await kit().completeReturn({ cartId: cart.id, pid: pid2 })
        expect(result.status).toBe("paid")
        expect(await ordersOfPayment(pid2)).toHaveLength(1)
        // Coming back twice (reload of the return page): the same order.
        const reload = await kit().completeReturn({ cartId: cart.id, pid: pid2 })
        expect(reload).toMatchObject({ status: "paid", order: { id: (result as any).order.id } })
      })

      it("completeReturn finds the order the notification placed at the same moment: exactly one", async () => {
        const cart = await cartWith(349)
        const { url } = await kit().startPayment({ cartId: cart.id, plan: { installments_count: 3 }, returnUrl: RETURN_URL })
        const pid = url.split("/pay/")[1]
        sandbox().accept(pid, { notify: false })
        const notify = api.get(notificationPath(sandbox(), pid), {
          headers: { "x-bnpl-signature": signPaymentId(pid, TEST_API_KEY) },
        })
        const [result] = await Promise.all([kit().completeReturn({ cartId: cart.id, pid }), notify])
        expect(result.status).toBe("paid")
        const orders = await ordersOfPayment(pid)
        expect(orders).toHaveLength(1)
        expect((result as any).order.id).toBe(orders[0].id)
      })

      it("completeReturn says refused, or abandoned, with the cart to go back to, and places no order", async () => {
        const cart = await cartWith(129.9)
        const { url } = await kit().startPayment({ cartId: cart.id, plan: { installments_count: 3 }, returnUrl: RETURN_URL })
        const pid = url.split("/pay/")[1]
        const abandoned = await kit().completeReturn({ cartId: cart.id, pid })
        expect(abandoned).toMatchObject({ status: "abandoned", cartId: cart.id, cart: { id: cart.id } })

        sandbox().refuse(pid)
        const refused = await kit().completeReturn({ cartId: cart.id, pid })
        expect(refused).toMatchObject({ status: "refused", cartId: cart.id, message: expect.stringMatching(/refused/) })
        expect(await ordersOfPayment(pid)).toHaveLength(0)

        // The customer chooses again from the same cart, and pays.
        const { url: retry } = await kit().startPayment({ cartId: cart.id, plan: { installments_count: 4 }, returnUrl: RETURN_URL })
        const pid2 = retry.split("/pay/")[1]
        sandbox().accept(pid2, { notify: false })
        expect(await kit().completeReturn({ cartId: cart.id, pid: pid2 })).toMatchObject({ status: "paid" })
      })

      it("a cancelled and a refused journey leave no gap in order numbers: such carts are not completed", async () => {
        const displayId = async (orderId: string) =>
          (await api.get(`/admin/orders/${orderId}?fields=id,display_id`, admin())).data.order.display_id
        const pay = async (cartId: string, plan = { installments_count: 3 }) => {
          const { url } = await kit().startPayment({ cartId, plan, returnUrl: RETURN_URL })
          const pid = url.split("/pay/")[1]
          sandbox().accept(pid, { notify: false })
          const result = await kit().completeReturn({ cartId, pid })
          expect(result.status).toBe("paid")
          return displayId((result as any).order.id)
        }
        const first = await pay((await cartWith(349)).id)

        const cart = await cartWith(129.9)
        // Cancelled: the customer left the hosted page without paying (twice: a reload).
        const { url: cancelled } = await kit().startPayment({ cartId: cart.id, plan: { installments_count: 3 }, returnUrl: RETURN_URL })
        const cancelledPid = cancelled.split("/pay/")[1]
        for (let i = 0; i < 2; i++) {
          expect(await kit().completeReturn({ cartId: cart.id, pid: cancelledPid })).toMatchObject({
            status: "abandoned",
            message: "The payment was not completed",
          })
        }
        // Refused by the service.
        const { url: refusedUrl } = await kit().startPayment({ cartId: cart.id, plan: { installments_count: 4 }, returnUrl: RETURN_URL })
        const refusedPid = refusedUrl.split("/pay/")[1]
        sandbox().refuse(refusedPid)
        expect(await kit().completeReturn({ cartId: cart.id, pid: refusedPid })).toMatchObject({
          status: "refused",
          message: "the service refused the payment",
        })
        // An older payment of the cart is not its current one.
        expect(await kit().completeReturn({ cartId: cart.id, pid: cancelledPid })).toMatchObject({
          status: "refused",
          message: "This payment is not the cart's current one",
        })

        // The same cart, paid: the next order number.
        expect(await pay(cart.id)).toBe(first + 1)
      })

      it("payment-outcome: a 400 saying what to fix for a missing or unknown cart", async () => {
        const missing = await api.get("/store/bnpl/payment-outcome", store().storeHeaders).catch((e: any) => e.response)
        expect(missing.status).toBe(400)
        const unknown = await api
          .get("/store/bnpl/payment-outcome?cart_id=cart_nope", store().storeHeaders)
          .catch((e: any) => e.response)
        expect(unknown.status).toBe(400)
        expect(unknown.data.message).toBe('Unknown cart_id "cart_nope"')
      })
    })
  }
)
