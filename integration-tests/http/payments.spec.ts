import { eventually, notificationPath, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { settleBnplPaymentsAt } from "../../src/jobs/settle-bnpl-payments"

jest.setTimeout(180 * 1000)

const ports = testPorts(7)

/**
 * Nobody is charged without an order: each unhappy path of a payment, through the real store
 * and admin APIs and the sandbox's fault injection, ends in an order, a cancellation or a full
 * refund at the service.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, productAt, cartWith, startBnplSession, complete, knex }) => {
    const servicePayment = (pid: string) => sandbox().payments.get(pid)
    const refundedCents = (pid: string) => servicePayment(pid).refunds.reduce((s: number, r: any) => s + r.amount, 0)
    const row = (pid: string) => knex()("bnpl_payment").where({ bnpl_payment_id: pid }).first()
    /** The settle job as the scheduler runs it, once every pending attempt is due. */
    const runSettleJob = async (later = 0) => {
      await knex()("bnpl_payment").where({ status: "to_settle" }).update({ next_attempt_at: new Date(Date.now() - 1000) })
      await settleBnplPaymentsAt(getContainer(), Date.now() + later)
    }
    const setAutoCapture = (on: boolean) => api.post("/admin/bnpl/settings", { auto_capture: on ? null : false }, admin())

    it("the cart changes while the hosted page is open and the cancel fails: the old payment, paid, is refunded", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const oldPid: string = session.data.bnpl_payment_id
      // Another tab adds an item while the service refuses cancellations (503 for 1.5 s).
      sandbox().setFault({ match: { method: "PUT", path: "/v1/payments/" }, status: 503 })
      const changed = await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: productAt(30).variantId, quantity: 1 },
        store().storeHeaders
      )
      expect(changed.status).toBe(200)
      await new Promise((r) => setTimeout(r, 1500))
      sandbox().clearFaults()
      expect(servicePayment(oldPid).expired_at).toBeNull()
      expect((await row(oldPid)).status).toBe("to_settle")

      // The customer pays the old page; the service notifies while the failed cancel's backoff
      // runs: 503 (notify again later), nothing attempted sooner than the settle job would.
      sandbox().accept(oldPid, { notify: false })
      expect((await sandbox().notify(oldPid)).status).toBe(503)
      expect(refundedCents(oldPid)).toBe(0)
      // The sandbox's own retries of it (0.2, 1 and 3 s later) come during the backoff too.
      await eventually(async () => sandbox().ipnCalls.filter((c: any) => c.pid === oldPid).length === 4, 10_000)
      expect(refundedCents(oldPid)).toBe(0)
      // Once the backoff is over, the service's next notification settles it: refunded, and 200 only then.
      await knex()("bnpl_payment").where({ bnpl_payment_id: oldPid }).update({ next_attempt_at: new Date(Date.now() - 1000) })
      const call = await sandbox().notify(oldPid)
      expect(call.status).toBe(200)
      expect(refundedCents(oldPid)).toBe(servicePayment(oldPid).purchase_amount)
      expect((await row(oldPid)).status).toBe("refunded")

      // The merchant sees it.
      const { data } = await api.get("/admin/bnpl/payments", admin())
      expect(data.payments.find((p: any) => p.bnpl_payment_id === oldPid)).toMatchObject({
        status: "refunded",
        refunded_amount: servicePayment(oldPid).purchase_amount,
        reason: expect.stringContaining("session was deleted"),
      })

      // Without a notification (it never comes), the job does the same; the admin's retry never refunds twice.
      const cart2 = await cartWith(349)
      const { session: s2 } = await startBnplSession(cart2.id)
      const pid2: string = s2.data.bnpl_payment_id
      sandbox().setFault({ match: { method: "PUT", path: "/v1/payments/" }, status: 503 })
      await api.post(`/store/carts/${cart2.id}/line-items`, { variant_id: productAt(30).variantId, quantity: 1 }, store().storeHeaders)
      sandbox().clearFaults()
      sandbox().accept(pid2, { notify: false })
      // A refund whose answer is lost: the next attempt finds it and does not refund again.
      sandbox().setFault({ match: { method: "POST", path: `/v1/payments/${pid2}/refund` }, delayMs: 6_000, count: 1 })
      await runSettleJob()
      await runSettleJob()
      const id2 = (await row(pid2)).id
      await api.post(`/admin/bnpl/payments/${id2}/settle`, {}, admin()).catch((e) => e.response)
      expect(refundedCents(pid2)).toBe(servicePayment(pid2).purchase_amount)
      expect(servicePayment(pid2).refunds).toHaveLength(1)
      expect((await row(pid2)).status).toBe("refunded")
    })

    it("the customer is back before the service accepted: the order waits for the payment instead of a second one", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      servicePayment(pid).state = "scored_maybe" // submitted, in review at the service
      const back = await complete(cart.id)
      expect(back.status).toBe(200)
      expect(back.data.type).toBe("order")
      const orderId = back.data.order.id

      // Accepted a minute later: the notification gives the order its (captured) payment.
      sandbox().accept(pid, { notify: false })
      const call = await sandbox().notify(pid)
      expect(call.status).toBe(200)
      const { data } = await api.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`, admin())
      const payments = data.order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payments).toHaveLength(1)
      expect(payments[0].captured_at).toBeTruthy()
      expect((await row(pid)).status).toBe("ordered")

      // Refused after review: the waiting order is cancelled, nothing is charged.
      const cart2 = await cartWith(349)
      const { session: s2 } = await startBnplSession(cart2.id)
      const pid2: string = s2.data.bnpl_payment_id
      servicePayment(pid2).state = "scored_maybe"
      const back2 = await complete(cart2.id)
      expect(back2.data.type).toBe("order")
      sandbox().refuse(pid2)
      expect((await sandbox().notify(pid2)).status).toBe(200)
      const { data: o2 } = await api.get(`/admin/orders/${back2.data.order.id}?fields=status`, admin())
      expect(o2.order.status).toBe("canceled")
    })

    it("autoCapture false, completion fails after acceptance: the service is told to retry, then the payment is refunded", async () => {
      await setAutoCapture(false)
      try {
        const cart = await cartWith(129.9)
        const { session } = await startBnplSession(cart.id)
        const pid: string = session.data.bnpl_payment_id
        // The stock runs out while the customer pays.
        const variantId = productAt(129.9).variantId
        const productId = store().products.find((p) => p.variantId === variantId)!.id
        const { data: item } = await api.post(
          "/admin/inventory-items",
          { sku: `SOLD-OUT-${Date.now()}`, location_levels: [{ location_id: store().stockLocationId, stocked_quantity: 0 }] },
          admin()
        )
        await api.post(
          `/admin/products/${productId}/variants/${variantId}/inventory-items`,
          { inventory_item_id: item.inventory_item.id, required_quantity: 1 },
          admin()
        )
        await api.post(`/admin/products/${productId}/variants/${variantId}`, { manage_inventory: true }, admin())
        sandbox().accept(pid, { notify: false })
        const call = await api.get(notificationPath(sandbox(), pid)).catch((e: any) => e.response)
        // Not settled: the service is told to notify again.
        expect({ status: call.status, body: call.data }).toMatchObject({ status: 503, body: { result: "retry" } })
        expect((await row(pid)).status).toBe("open")

        // No order ever holds it: once its page has expired, the job refunds it.
        await runSettleJob(3 * 3600_000)
        expect(refundedCents(pid)).toBe(servicePayment(pid).purchase_amount)
        expect((await row(pid)).status).toBe("refunded")
        expect((await sandbox().notify(pid)).status).toBe(200)
      } finally {
        await setAutoCapture(true)
      }
    })

    it("autoCapture false, 60 € of 100+ € captured, then the order is cancelled: everything is given back", async () => {
      await setAutoCapture(false)
      try {
        const cart = await cartWith(129.9)
        const { session } = await startBnplSession(cart.id)
        const pid: string = session.data.bnpl_payment_id
        sandbox().accept(pid, { notify: false })
        const done = await complete(cart.id)
        expect(done.data.type).toBe("order")
        const orderId = done.data.order.id
        const { data } = await api.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`, admin())
        const payment = data.order.payment_collections[0].payments[0]
        await api.post(`/admin/payments/${payment.id}/capture`, { amount: 60 }, admin())
        await api.post(`/admin/orders/${orderId}/cancel`, {}, admin())
        await eventually(async () => refundedCents(pid) === servicePayment(pid).purchase_amount, 15_000)
        expect(servicePayment(pid).refunds.map((r: any) => r.amount)).toEqual([6000, servicePayment(pid).purchase_amount - 6000])
      } finally {
        await setAutoCapture(true)
      }
    })
  }
)
