import { eventually, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import retryBnplMessages from "../../src/jobs/retry-messages"

jest.setTimeout(300 * 1000)

const ports = testPorts(3)
const SHIP = { installments_count: 3, pay_at_shipment: true }

/**
 * Pay at shipment (issue 19, section 3), through a real Medusa over HTTP, its PostgreSQL and the
 * sandbox over HTTP: created with `deferred: "trigger"`, authorized but not captured, triggered
 * once by the first shipment (then captured), cancelled, never refunded, when the order is
 * cancelled before it ships.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, cartWith, startBnplSession, complete, fulfill, ship }) => {
    beforeEach(async () => {
      const saved = await api.post(
        "/admin/bnpl/settings",
        { plans: [{ installments_count: 3 }, SHIP, { installments_count: 4 }] },
        admin()
      )
      expect(saved.status).toBe(200)
    })

    const knex = () => getContainer().resolve("__pg_connection__") as any
    const ledger = (pid: string) => knex()("bnpl_payment").where({ bnpl_payment_id: pid }).first()
    const triggers = (orderId: string) =>
      (getContainer().resolve("bnpl") as any).listBnplServiceMessages({ order_id: orderId, kind: "trigger" })
    const calls = (suffix: string, method = "POST") =>
      sandbox().requests.filter((r: any) => r.method === method && r.path.endsWith(suffix))
    const accepted = (suffix: string, method = "POST") =>
      calls(suffix, method).filter((r: any) => !r.fault && r.status === 200)
    const medusaPayment = async (orderId: string) => {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=payment_collections.payments.*,payment_collections.payments.captures.*`,
        admin()
      )
      return data.order.payment_collections[0].payments[0]
    }

    async function payAtShipmentOrder(price = 129.9, quantity = 1) {
      const cart = await cartWith(price, quantity)
      const { session } = await startBnplSession(cart.id, SHIP)
      const pid = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      const done = await complete(cart.id)
      expect(done.status).toBe(200)
      return { order: done.data.order, pid, session }
    }

    /** The retry job, with every pending message made due (as if its backoff had passed). */
    async function runRetryJob(orderId: string) {
      const bnpl = getContainer().resolve("bnpl") as any
      const pending = (await bnpl.listBnplServiceMessages({ order_id: orderId, status: "pending" })) as any[]
      if (pending.length) {
        await bnpl.updateBnplServiceMessages(pending.map((s) => ({ id: s.id, next_attempt_at: new Date(Date.now() - 1000) })))
      }
      await retryBnplMessages(getContainer())
    }

    it("checkout offers it beside the plain plan, asked of the service in the same request", async () => {
      sandbox().requests.length = 0
      const cart = await cartWith(129.9, 1)
      const { data } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
      expect(
        data.eligibility.plans.map((p: any) => [p.installments_count, p.pay_at_shipment ?? false, p.eligible])
      ).toEqual([
        [3, false, true],
        [3, true, true],
        [4, false, true],
      ])
      // Every amount the cart had was asked once, with the plain counts only (no request of its own).
      const asked = calls("/v1/payments/eligibility")
      expect(asked.length).toBeGreaterThan(0)
      expect(asked.map((r: any) => r.body.payment.installments_count)).toEqual(asked.map(() => [3, 4]))
      const amounts = asked.map((r: any) => r.body.payment.purchase_amount)
      expect(new Set(amounts).size).toBe(amounts.length)
    })

    it("created with deferred trigger, authorized not captured; the first shipment triggers it once, then Medusa captures", async () => {
      const { order, pid, session } = await payAtShipmentOrder(129.9, 2)
      expect(session.data).toMatchObject({ installments_count: 3, pay_at_shipment: true })
      const [created] = accepted("/v1/payments")
      expect(created.body.payment).toMatchObject({
        installments_count: 3,
        deferred: "trigger",
        deferred_description: expect.stringContaining("first instalment is taken when your order ships"),
      })
      expect(created.body.payment).not.toHaveProperty("pay_at_shipment")
      expect(sandbox().payments.get(pid).payment_plan.map((i: any) => i.state)).toEqual(["pending", "pending", "pending"])

      const payment = await medusaPayment(order.id)
      expect(payment.captured_at).toBeNull()
      const row = await eventually(async () => {
        const r = await ledger(pid)
        return r.trigger_deadline && r
      })
      expect(row).toMatchObject({ status: "ordered", pay_at_shipment: true, triggered_at: null })
      const days = (new Date(row.trigger_deadline).getTime() - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(29.9)
      expect(days).toBeLessThan(30.1)

      // The merchant cannot capture money the service has not taken.
      const capture = await api.post(`/admin/payments/${payment.id}/capture`, {}, admin()).catch((e: any) => e.response)
      expect(capture.status).toBe(400)
      expect(capture.data.message).toMatch(/taken when its order ships/)

      // A fulfillment alone does not start it (triggerOn: shipment, the default).
      const fulfilled = await fulfill(order.id, { quantity: 1 })
      await new Promise((r) => setTimeout(r, 500))
      expect(calls("/trigger")).toHaveLength(0)

      await ship(order.id, "T1", fulfilled)
      const [trigger] = await eventually(async () => {
        const rows = await triggers(order.id)
        return rows.length && rows[0].status === "accepted" && rows
      })
      expect(trigger).toMatchObject({ trigger: "shipment_created", attempts: 1, bnpl_payment_id: pid })
      expect(accepted(`/v1/payments/${pid}/trigger`)).toHaveLength(1)
      expect(sandbox().payments.get(pid)).toMatchObject({ deferred_trigger_applied: true })
      const captured = await eventually(async () => {
        const p = await medusaPayment(order.id)
        return p.captured_at && p
      })
      expect(captured.captures).toHaveLength(1)
      expect((await ledger(pid)).triggered_at).not.toBeNull()

      // The second parcel ships: no second trigger.
      await ship(order.id, "T2", await fulfill(order.id, { quantity: 1 }))
      await eventually(async () => {
        const rows = await (getContainer().resolve("bnpl") as any).listBnplServiceMessages({ order_id: order.id, kind: "tracking" })
        return rows.length === 2 && rows.every((r: any) => r.status !== "pending")
      })
      await runRetryJob(order.id)
      expect(calls(`/v1/payments/${pid}/trigger`)).toHaveLength(1)
      expect(await triggers(order.id)).toHaveLength(1)
    })

    it("cancelled before it ships: the service payment is cancelled, nothing refunded, nothing triggered", async () => {
      const { order, pid } = await payAtShipmentOrder()
      const response = await api.post(`/admin/orders/${order.id}/cancel`, {}, admin())
      expect(response.status).toBe(200)
      await eventually(async () => accepted(`/v1/payments/${pid}/cancel`, "PUT").length === 1)
      expect(calls(`/v1/payments/${pid}/refund`)).toHaveLength(0)
      expect(sandbox().payments.get(pid)).toMatchObject({ state: "stopped", refunds: [], deferred_trigger_applied: false })
      const payment = await medusaPayment(order.id)
      expect(payment.canceled_at).not.toBeNull()
      expect(payment.captured_at).toBeNull()
      // The retry job finds nothing to do about it.
      await runRetryJob(order.id)
      expect(calls("/trigger")).toHaveLength(0)
      expect(calls(`/v1/payments/${pid}/refund`)).toHaveLength(0)
    })

    it("a trigger whose answer is lost or refused with a 503 is retried by the job and taken once", async () => {
      const { order, pid } = await payAtShipmentOrder()
      // The service acts, but its answer is unreadable (a lost answer): the next attempt finds it started.
      sandbox().setFault({ match: { path: `/v1/payments/${pid}/trigger` }, wrongShape: true, count: 1 })
      await ship(order.id, "L1")
      const [first] = await eventually(async () => {
        const rows = await triggers(order.id)
        return rows.length && rows[0].attempts > 0 && rows
      })
      expect(first.status).toBe("pending")
      expect(sandbox().payments.get(pid).deferred_trigger_applied).toBe(true)
      expect((await medusaPayment(order.id)).captured_at).toBeNull()
      // Then a 503 on the retry: still pending, nothing taken twice.
      sandbox().setFault({ match: { path: `/v1/payments/${pid}/trigger` }, status: 503, count: 1 })
      await runRetryJob(order.id)
      expect((await triggers(order.id))[0]).toMatchObject({ status: "pending", attempts: 2 })
      await runRetryJob(order.id)
      expect((await triggers(order.id))[0]).toMatchObject({ status: "accepted", attempts: 3 })
      // The service took the first instalment once; Medusa captured once.
      expect(sandbox().payments.get(pid).payment_plan.map((i: any) => i.state)).toEqual(["paid", "pending", "pending"])
      const captured = await eventually(async () => {
        const p = await medusaPayment(order.id)
        return p.captured_at && p
      })
      expect(captured.captures).toHaveLength(1)
      await runRetryJob(order.id)
      expect(calls(`/v1/payments/${pid}/trigger`)).toHaveLength(3)
    })

    it("picked up without a shipment (marked delivered): the handover starts the payment, once", async () => {
      const { order, pid } = await payAtShipmentOrder()
      const { fulfillmentId } = await fulfill(order.id)
      const delivered = await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}, admin())
      expect(delivered.status).toBe(200)
      await eventually(async () => (await triggers(order.id)).some((r: any) => r.status === "accepted"))
      expect(await triggers(order.id)).toEqual([expect.objectContaining({ trigger: "delivery_created", status: "accepted" })])
      expect(sandbox().payments.get(pid).payment_plan[0].state).toBe("paid")
      const captured = await eventually(async () => {
        const p = await medusaPayment(order.id)
        return p.captured_at && p
      })
      expect(captured.captures).toHaveLength(1)
      await runRetryJob(order.id)
      expect(calls(`/v1/payments/${pid}/trigger`)).toHaveLength(1)
    })

    it("edited before it ships: Medusa cancels the authorized payment, the service payment is cancelled, nothing is charged, the shipment triggers nothing", async () => {
      const { order, pid } = await payAtShipmentOrder(129.9, 2)
      const { data: withItems } = await api.get(`/admin/orders/${order.id}?fields=*items`, admin())
      const item = withItems.order.items[0]
      // Medusa's order-edit routes are named by the order's id.
      await api.post("/admin/order-edits", { order_id: order.id }, admin())
      await api.post(`/admin/order-edits/${order.id}/items/item/${item.id}`, { quantity: 1 }, admin())
      await api.post(`/admin/order-edits/${order.id}/request`, {}, admin())
      const confirmed = await api.post(`/admin/order-edits/${order.id}/confirm`, {}, admin())
      expect(confirmed.status).toBe(200)

      // Medusa 2.21 cancels an authorized payment on an edit and asks for the new total anew.
      const { data } = await api.get(
        `/admin/orders/${order.id}?fields=total,summary,payment_collections.status,payment_collections.amount,payment_collections.payments.canceled_at`,
        admin()
      )
      const collections = data.order.payment_collections
      expect(collections.map((c: any) => c.status).sort()).toEqual(["canceled", "not_paid"])
      expect(collections.find((c: any) => c.status === "not_paid").amount).toBe(data.order.total)
      // The service payment is cancelled: the old total's schedule never starts, nothing to refund.
      await eventually(async () => accepted(`/v1/payments/${pid}/cancel`, "PUT").length === 1)
      expect(sandbox().payments.get(pid)).toMatchObject({ state: "stopped", refunds: [] })
      expect((await ledger(pid)).status).toBe("cancelled")

      // Shipped anyway: no trigger for the cancelled payment, and it is not listed as to start.
      await ship(order.id, "E1")
      await runRetryJob(order.id)
      expect(calls(`/v1/payments/${pid}/trigger`)).toHaveLength(0)
      expect((await api.get("/admin/bnpl/orders-to-ship", admin())).data.orders).toEqual([])
    })

    it("a refused trigger is listed 'not started' with the service's reason; Start the payment starts it, once", async () => {
      const { order, pid } = await payAtShipmentOrder()
      sandbox().setFault({
        match: { path: `/v1/payments/${pid}/trigger` },
        status: 400,
        body: { error: "trigger refused for now" },
        count: 1,
      })
      await ship(order.id, "R1")
      await eventually(async () => (await triggers(order.id)).some((r: any) => r.status === "failed"))
      const listed = (await api.get("/admin/bnpl/orders-to-ship", admin())).data.orders
      expect(listed).toEqual([
        expect.objectContaining({ order_id: order.id, state: "not_started", reason: expect.stringMatching(/400|refused/) }),
      ])
      expect(sandbox().payments.get(pid).payment_plan[0].state).toBe("pending")

      // The merchant starts it (a few seconds later: "push again" waits between attempts):
      // accepted, gone from the list; again: 409, nothing sent.
      const [refused] = await triggers(order.id)
      await knex()("bnpl_service_message").where({ id: refused.id }).update({ updated_at: new Date(Date.now() - 60_000) })
      const started = await api.post(`/admin/bnpl/orders/${order.id}/start-payment`, {}, admin())
      expect(started.status).toBe(200)
      expect(started.data.message).toMatchObject({ kind: "trigger", status: "accepted" })
      expect(sandbox().payments.get(pid).payment_plan[0].state).toBe("paid")
      expect((await api.get("/admin/bnpl/orders-to-ship", admin())).data.orders).toEqual([])
      const again = await api.post(`/admin/bnpl/orders/${order.id}/start-payment`, {}, admin()).catch((e: any) => e.response)
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(/started already/)
      expect(accepted(`/v1/payments/${pid}/trigger`)).toHaveLength(1)
    })

    it("two workers racing on one order: three retry-job runs at once send each content once", async () => {
      // Every after-order call of the order fails while it is placed, shipped and delivered: six messages pending.
      const cart = await cartWith(129.9, 1)
      const { session } = await startBnplSession(cart.id, SHIP)
      const pid = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      sandbox().setFault({ match: { method: "POST", path: `/v1/payments/${pid}/` }, status: 503 })
      sandbox().setFault({ match: { method: "POST", path: "/v2/orders/" }, status: 503 })
      const done = await complete(cart.id)
      expect(done.status).toBe(200)
      const order = done.data.order
      const bnpl = getContainer().resolve("bnpl") as any
      const messages = () =>
        bnpl.listBnplServiceMessages({ order_id: order.id, kind: ["order", "tracking", "status", "trigger"] })
      /** `count` messages recorded and the event's own push over: nothing changed for half a second (a push stops at the first outage). */
      const attempted = (count: number) => {
        let [last, since] = ["", Date.now()]
        return eventually(async () => {
          const rows = await messages()
          const now = JSON.stringify(rows.map((r: any) => [r.id, r.status, r.attempts]).sort())
          if (now !== last) [last, since] = [now, Date.now()]
          return rows.length === count && Date.now() - since >= 500 && rows
        }, 30_000)
      }
      await attempted(1)
      const fulfillmentId = await ship(order.id, "RACE-1", await fulfill(order.id))
      await attempted(4) // reference, the parcel, shipped, trigger
      await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}, admin())
      const pending = await attempted(5)
      expect(pending.map((r: any) => r.status)).toEqual(pending.map(() => "pending"))

      // The service is back, each answer 300 ms late so the workers overlap; every message due at once.
      sandbox().clearFaults()
      sandbox().setFault({ match: { method: "POST", path: `/v1/payments/${pid}/` }, delayMs: 300 })
      sandbox().setFault({ match: { method: "POST", path: "/v2/orders/" }, delayMs: 300 })
      const before = sandbox().requests.length
      await bnpl.updateBnplServiceMessages(pending.map((r: any) => ({ id: r.id, next_attempt_at: new Date(Date.now() - 1000) })))
      await Promise.all([0, 1, 2].map(() => retryBnplMessages(getContainer())))
      // Whatever a worker left for later (waiting for the reference), later runs finish.
      for (let run = 0; run < 3; run++) await runRetryJob(order.id)

      const rows = await messages()
      expect(rows.map((r: any) => r.status).sort()).toEqual(["accepted", "accepted", "accepted", "accepted", "accepted"])
      // Each content reached the service once: the attachment, the parcel, shipped, delivered, the trigger.
      const sent = sandbox()
        .requests.slice(before)
        .filter((r: any) => r.method === "POST")
        .map((r: any) => `${r.path.replace(pid, "PID").replace(/order_[^/]+/, "ORDER")} ${r.body?.status ?? r.body?.tracking_number ?? ""}`.trim())
      expect(sent.sort()).toEqual(
        [
          "/v1/payments/PID/orders",
          `/v1/payments/PID/orders/${order.display_id}/status delivered`,
          `/v1/payments/PID/orders/${order.display_id}/status shipped`,
          "/v1/payments/PID/trigger",
          "/v2/orders/ORDER/shipment RACE-1",
        ].sort()
      )
      const serviceOrder = sandbox().payments.get(pid).orders[0]
      expect(serviceOrder.shipments.map((s: any) => s.tracking_number)).toEqual(["RACE-1"])
      expect(sandbox().payments.get(pid).payment_plan.map((i: any) => i.state)).toEqual(["paid", "pending", "pending"])
    })
  }
)
