import { eventually, notificationPath, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { settleBnplPaymentsAt } from "../../src/jobs/settle-bnpl-payments"

jest.setTimeout(180 * 1000)

const ports = testPorts(11)
const THREE_HOURS = 3 * 3600_000

/**
 * Money, second pass: no goods shipped unpaid, no refund dropped or paid twice, nothing marked
 * settled that the service did not confirm. Each test walks a path across time (the settle job at
 * a later hour, late notifications, retries) through the real store and the sandbox over HTTP.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, productAt, cartWith, startBnplSession, complete, paidOrder, knex }) => {
    const servicePayment = (pid: string) => sandbox().payments.get(pid)
    const refundedCents = (pid: string) => servicePayment(pid).refunds.reduce((s: number, r: any) => s + r.amount, 0)
    const row = (pid: string) => knex()("bnpl_payment").where({ bnpl_payment_id: pid }).first()
    /** The settle job as the scheduler runs it, `later` ms from now, every pending attempt due. */
    const runSettleJob = async (later = 0) => {
      await knex()("bnpl_payment")
        .whereIn("status", ["to_settle", "open"])
        .update({ next_attempt_at: new Date(Date.now() - 1000) })
      await settleBnplPaymentsAt(getContainer(), Date.now() + later)
    }
    const orderPayments = async (orderId: string) => {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=status,*payment_collections.payments`, admin())
      return { status: data.order.status, payments: data.order.payment_collections.flatMap((pc: any) => pc.payments) }
    }

    it("the customer comes back after the job refunded: no order holds a refunded payment", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      // Paid, tab closed: no return, no notification. Past the page's expiry the job refunds it.
      sandbox().accept(pid, { notify: false })
      await runSettleJob(THREE_HOURS)
      expect((await row(pid)).status).toBe("refunded")
      expect(refundedCents(pid)).toBe(servicePayment(pid).purchase_amount)

      // The customer reloads the return page: the cart is not completed with money given back.
      const back = await complete(cart.id)
      expect(back.data.type).not.toBe("order")
      // Nor through Medusa's own webhook route, nor the service's late notification.
      await api.post("/hooks/payment/bnpl_bnpl", { pid }).catch((e: any) => e.response)
      const late = await api.get(notificationPath(sandbox(), pid)).catch((e: any) => e.response)
      expect(late.status).toBe(200)
      const orders = await knex()("order_cart").where({ cart_id: cart.id }).whereNull("deleted_at")
      expect(orders).toEqual([])
      expect((await row(pid)).status).toBe("refunded")
    })

    it("an order placed while the service reviews is resolved after the job ran: late acceptance, or cancel", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      servicePayment(pid).state = "scored_maybe"
      const back = await complete(cart.id)
      expect(back.data.type).toBe("order")
      const orderId = back.data.order.id
      // Still in review when the job looks at it: the order keeps waiting, the payment stays open.
      await runSettleJob(THREE_HOURS)
      expect((await row(pid)).status).toBe("open")

      // Accepted late: the notification gives the order its payment.
      sandbox().accept(pid, { notify: false })
      expect((await sandbox().notify(pid)).status).toBe(200)
      const { payments } = await orderPayments(orderId)
      expect(payments).toHaveLength(1)
      expect(payments[0].captured_at).toBeTruthy()
      expect(await row(pid)).toMatchObject({ status: "ordered", order_id: orderId })

      // A second order waiting for review, cancelled by the merchant: its payment is cancelled at the service.
      const cart2 = await cartWith(349)
      const { session: s2 } = await startBnplSession(cart2.id)
      const pid2: string = s2.data.bnpl_payment_id
      servicePayment(pid2).state = "scored_yes"
      const back2 = await complete(cart2.id)
      expect(back2.data.type).toBe("order")
      await runSettleJob(THREE_HOURS)
      await api.post(`/admin/orders/${back2.data.order.id}/cancel`, {}, admin())
      expect(servicePayment(pid2).expired_at).toBeTruthy()
      expect((await row(pid2)).status).toBe("cancelled")
    })

    it("fifty payments of an account without a key never hold back a refund of the other account", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      // Sixty old test-mode payments to settle, their account's key since removed.
      const old = new Date(Date.now() - 86_400_000)
      await knex()("bnpl_payment").insert(
        Array.from({ length: 60 }, (_, i) => ({
          id: `bnplpay_oldtest${i}`,
          bnpl_payment_id: `payment_oldtest${i}`,
          session_id: `payses_oldtest${i}`,
          cart_id: null,
          purchase_amount: 5000,
          currency_code: "eur",
          mode: "test",
          status: "to_settle",
          reason: "test",
          attempts: 0,
          next_attempt_at: old,
          created_at: old,
          updated_at: old,
        }))
      )
      await knex()("bnpl_payment").where({ bnpl_payment_id: pid }).update({ status: "to_settle", reason: "test" })
      await runSettleJob()
      expect((await row(pid)).status).toBe("refunded")
      expect(refundedCents(pid)).toBe(servicePayment(pid).purchase_amount)
      await knex()("bnpl_payment").where("id", "like", "bnplpay_oldtest%").delete()
    })

    it("a 404 from the service never settles a payment: failed, then settled once the account is fixed", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      // The merchant pastes another account's key: that account does not know the payment.
      const otherKey = "sk_live_other_00000000000000000"
      sandbox().setMerchant(otherKey, { name: "Another shop" })
      await api.post("/admin/bnpl/settings", { api_key: otherKey }, admin())
      try {
        await runSettleJob(THREE_HOURS)
        expect(await row(pid)).toMatchObject({ status: "failed", last_error: expect.stringContaining("404") })
        expect(refundedCents(pid)).toBe(0)
        // Visible to the merchant.
        const { data } = await api.get("/admin/bnpl/payments", admin())
        expect(data.payments.find((p: any) => p.bnpl_payment_id === pid)).toMatchObject({ status: "failed" })
        await runSettleJob(THREE_HOURS)
        expect((await row(pid)).status).toBe("failed")
      } finally {
        await api.post("/admin/bnpl/settings", { api_key: "" }, admin())
      }
      // The key is put back: the next run settles it (refunded in full).
      await runSettleJob(THREE_HOURS)
      expect((await row(pid)).status).toBe("refunded")
      expect(refundedCents(pid)).toBe(servicePayment(pid).purchase_amount)
    })

    it("a refund retried after its answer was lost is made once", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const { payments } = await orderPayments(order.id)
      // The refund reaches the service, its answer is lost (later than the client waits), and the
      // service cannot be read for a while after that.
      sandbox().setFault({ match: { method: "POST", path: `/v1/payments/${pid}/refund` }, delayMs: 12_000, count: 1 })
      const firstCall = api
        .post(`/admin/payments/${payments[0].id}/refund`, { amount: 50 }, admin())
        .catch((e: any) => e.response)
      await eventually(async () => refundedCents(pid) > 0, 20_000)
      sandbox().setFault({ match: { method: "GET", path: `/v1/payments/${pid}` }, status: 503 })
      const first = await firstCall
      expect(first.status).toBeGreaterThanOrEqual(400)
      expect(refundedCents(pid)).toBe(5000)
      sandbox().clearFaults()
      // The merchant tries again: found at the service, not made a second time.
      const again = await api.post(`/admin/payments/${payments[0].id}/refund`, { amount: 50 }, admin())
      expect(again.status).toBe(200)
      expect(servicePayment(pid).refunds).toHaveLength(1)
      expect(refundedCents(pid)).toBe(5000)
      // A different refund afterwards is a new one.
      await api.post(`/admin/payments/${payments[0].id}/refund`, { amount: 20 }, admin())
      expect(refundedCents(pid)).toBe(7000)
    })

    /**
     * A cart whose completion fails after authorizing `pid`: the last step (the order's
     * transaction) fails in the database; Medusa's cancel and refund cannot reach the service.
     */
    const failCompletionAfterAuthorizing = async (cartId: string, pid: string) => {
      await knex().raw(`create or replace function bnpl_test_fail() returns trigger as $$
        begin raise exception 'injected: the order transaction could not be written'; end $$ language plpgsql`)
      await knex().raw(
        "create trigger bnpl_test_fail before insert on order_transaction for each row execute function bnpl_test_fail()"
      )
      sandbox().setFault({ match: { method: "POST", path: `/v1/payments/${pid}/refund` }, status: 503 })
      try {
        const failed = await complete(cartId)
        expect(failed.data.type).not.toBe("order")
      } finally {
        await knex().raw("drop trigger if exists bnpl_test_fail on order_transaction")
        sandbox().clearFaults()
      }
      expect(refundedCents(pid)).toBe(0)
    }
    /** A cart whose first payment was accepted and charged, its completion failed as above. */
    const firstPaymentLeftCharged = async () => {
      const cart = await cartWith(129.9)
      const first = await startBnplSession(cart.id)
      const pid1: string = first.session.data.bnpl_payment_id
      sandbox().accept(pid1, { notify: false })
      await failCompletionAfterAuthorizing(cart.id, pid1)
      return { cart, pid1 }
    }
    /** The order's payment of a service payment, with its refunds (an order keeps both payments). */
    const paymentOf = async (orderId: string, pid: string) => {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=*payment_collections.payments,*payment_collections.payments.refunds`,
        admin()
      )
      const payments = data.order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payments).toHaveLength(2)
      return payments.find((p: any) => p.data.bnpl_payment_id === pid)
    }
    const refundedInMedusa = (p: any) => (p.refunds ?? []).reduce((sum: number, r: any) => sum + Number(r.amount), 0)
    /** The first payment refunded in Medusa as the service did, once; the second captured, untouched. */
    const expectFirstRefundedSecondKept = async (orderId: string, pid1: string, pid2: string) => {
      await eventually(async () => refundedInMedusa(await paymentOf(orderId, pid1)) > 0)
      const p1 = await paymentOf(orderId, pid1)
      expect(refundedInMedusa(p1)).toBeCloseTo(Number(p1.amount), 2) // everything Medusa captured of it
      const p2 = await paymentOf(orderId, pid2)
      expect(p2.canceled_at).toBeNull()
      expect(p2.captured_at).toBeTruthy()
      expect(refundedInMedusa(p2)).toBe(0)
      expect(servicePayment(pid1).refunds).toHaveLength(1) // made once, by the settling
      expect(refundedCents(pid2)).toBe(0)
      // Named by order.placed once Medusa's order holds it.
      await eventually(async () => (await row(pid2)).status === "ordered")
    }

    it("a completion that fails after authorizing, its cancel refused, then a new payment: the order records the first refunded", async () => {
      const { cart, pid1 } = await firstPaymentLeftCharged()

      // The customer pays again with a new payment: the first session goes, its payment is
      // refunded (the job's next run: the attempt made during the failure met the service down).
      const second = await startBnplSession(cart.id)
      const pid2: string = second.session.data.bnpl_payment_id
      expect(pid2).not.toBe(pid1)
      await runSettleJob()
      expect((await row(pid1)).status).toBe("refunded")
      sandbox().accept(pid2, { notify: false })
      const done = await complete(cart.id)
      expect(done.data.type).toBe("order")

      // Medusa kept the first payment beside the second: it records the refund the service made.
      await expectFirstRefundedSecondKept(done.data.order.id, pid1, pid2)
      // The order's messages name the payment it was placed with.
      const told = await eventually(async () => {
        const rows = await knex()("bnpl_service_message").where({ order_id: done.data.order.id })
        return rows.length > 0 && rows
      })
      expect(told.every((r: any) => r.bnpl_payment_id === pid2)).toBe(true)
    })

    it("the same, the order placed before the job gave the first payment back: the job records its refund on the order", async () => {
      const { cart, pid1 } = await firstPaymentLeftCharged()
      const second = await startBnplSession(cart.id)
      const pid2: string = second.session.data.bnpl_payment_id
      sandbox().accept(pid2, { notify: false })
      const done = await complete(cart.id)
      expect(done.data.type).toBe("order")
      const orderId: string = done.data.order.id

      // Placed while the first payment was still charged: nothing ended to record yet.
      expect((await row(pid1)).status).not.toBe("refunded")
      expect(refundedInMedusa(await paymentOf(orderId, pid1))).toBe(0)
      // The job's next run gives it back, and records Medusa's refund on the order that holds it.
      await runSettleJob()
      expect((await row(pid1)).status).toBe("refunded")
      await expectFirstRefundedSecondKept(orderId, pid1, pid2)
    })

    // Every door Medusa 2.21 opens onto a payment (docs/payments-without-an-order.md, "Doors"):
    // who holds a payment is what Medusa's records say.
    /** The order's payments (Medusa's records), every collection of it. */
    const medusaPaymentsOf = async (orderId: string) => {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=*payment_collections,*payment_collections.payments`,
        admin()
      )
      return data.order.payment_collections as any[]
    }

    it("a new session posted on a placed order's collection: the order's payment is untouched at the service", async () => {
      const cart = await cartWith(129.9)
      const { collectionId, session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false }) // no notification: nothing but Medusa's records names the order
      const done = await complete(cart.id)
      expect(done.data.type).toBe("order")
      const orderId: string = done.data.order.id
      const stateBefore = servicePayment(pid).state

      // A second tab (or anyone with the publishable key and the collection's id) starts a new
      // payment on the completed cart's collection: Medusa deletes the order's authorized session.
      const { data: again } = await api.post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        { provider_id: "pp_bnpl_bnpl", data: { return_url: "http://localhost:8000/checkout/bnpl-return", installments_count: 3 } },
        store().storeHeaders
      )
      const sessions = again.payment_collection.payment_sessions
      expect(sessions.map((s: any) => s.id)).not.toContain(session.id) // Medusa deleted it
      const pid2: string = sessions[0].data.bnpl_payment_id
      expect(pid2).not.toBe(pid)

      expect({ state: servicePayment(pid).state, refunds: servicePayment(pid).refunds.length }).toEqual({
        state: stateBefore,
        refunds: 0,
      })
      expect(await row(pid)).toMatchObject({ status: "ordered", order_id: orderId })

      // The customer pays that second page too: Medusa never authorizes it (the cart is an order),
      // so its notification is answered "notify again", and the job gives it back once its page
      // expired. The order's payment stays untouched through all of it.
      sandbox().accept(pid2, { notify: false })
      const late = await api.get(notificationPath(sandbox(), pid2)).catch((e: any) => e.response)
      expect(late.status).toBe(503)
      await runSettleJob(THREE_HOURS)
      expect(refundedCents(pid2)).toBe(servicePayment(pid2).purchase_amount)
      expect((await row(pid2)).status).toBe("refunded")
      expect(refundedCents(pid)).toBe(0)
      expect(await row(pid)).toMatchObject({ status: "ordered", order_id: orderId })
      const collections = await medusaPaymentsOf(orderId)
      const kept = collections.flatMap((c) => c.payments).find((p: any) => p.data.bnpl_payment_id === pid)
      expect(kept.canceled_at).toBeNull()
    })

    it("an order edit's difference paid in instalments on the order's own collection: Medusa's, never refunded by the job", async () => {
      const { order } = await paidOrder(sandbox(), 129.9)
      // The merchant adds an item: the order owes the difference on a collection of its own (no cart).
      // Medusa's order-edit routes take the order's id.
      await api.post("/admin/order-edits", { order_id: order.id }, admin())
      const editId: string = order.id
      await api.post(
        `/admin/order-edits/${editId}/items`,
        { items: [{ variant_id: productAt(129.9).variantId, quantity: 1 }] },
        admin()
      )
      await api.post(`/admin/order-edits/${editId}/request`, {}, admin())
      await api.post(`/admin/order-edits/${editId}/confirm`, {}, admin())
      const owed = (await medusaPaymentsOf(order.id)).find((c) => c.status === "not_paid")
      expect(owed).toBeDefined()

      // The customer pays it with the plugin ("Copy payment link" leads to this collection).
      const { data: paying } = await api.post(
        `/store/payment-collections/${owed.id}/payment-sessions`,
        { provider_id: "pp_bnpl_bnpl", data: { return_url: "http://localhost:8000/checkout/bnpl-return", installments_count: 3 } },
        store().storeHeaders
      )
      const pid: string = paying.payment_collection.payment_sessions[0].data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      const notified = await api.get(notificationPath(sandbox(), pid)).catch((e: any) => e.response)
      expect(notified.status).toBe(200) // Medusa authorized it; the order holds it
      const paid = (await medusaPaymentsOf(order.id)).find((c) => c.id === owed.id)
      expect(paid.payments).toHaveLength(1)
      expect(await row(pid)).toMatchObject({ status: "ordered", order_id: order.id })

      // Hours later (the page expired long ago), twice: the job leaves it to the order.
      await runSettleJob(THREE_HOURS)
      await runSettleJob(2 * THREE_HOURS)
      expect(refundedCents(pid)).toBe(0)
      expect(await row(pid)).toMatchObject({ status: "ordered", order_id: order.id })
    })
  }
)
