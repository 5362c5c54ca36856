import { eventually, TEST_API_KEY, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import reconcileBnplPayments from "../../src/jobs/reconcile-bnpl-payments"
import { BnplClient } from "../../src/client"

jest.setTimeout(300 * 1000)

const ports = testPorts(12)
const SHIP = { installments_count: 3, pay_at_shipment: true }

/**
 * Reconciliation (issue 41, section 4), through a real Medusa over HTTP, its PostgreSQL and the
 * sandbox: a drift of each kind seeded, found by the hourly job, listed on the admin's page with
 * its action, fixed by that action, and gone at the next comparison; reads bounded (a run with
 * nothing changed reads nothing at the service) and the job moves no money.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, admin, cartWith, startBnplSession, complete, paidOrder, knex, ship }) => {
    const servicePayment = (pid: string) => sandbox().payments.get(pid)
    const serviceReads = (pid: string) =>
      sandbox().requests.filter((r: any) => r.method === "GET" && r.path === `/v1/payments/${pid}`).length
    const page = async (all = false) => (await api.get(`/admin/bnpl/reconciliation${all ? "?all=true" : ""}`, admin())).data
    const rowOf = async (pid: string) => (await page(true)).rows.find((r: any) => r.bnpl_payment_id === pid)
    const act = (pid: string, action: string) =>
      api.post(`/admin/bnpl/reconciliation/${pid}/actions`, { action }, admin()).catch((e: any) => e.response)
    const medusaPayment = async (orderId: string) => {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=payment_collections.payments.*,payment_collections.payments.refunds.*`,
        admin()
      )
      return data.order.payment_collections[0].payments[0]
    }

    it("a refund made at the service outside Medusa: listed, recorded in Medusa by its action, no second refund", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      // order.placed names the order in the ledger (a change the comparison would read again for).
      await eventually(async () => (await knex()("bnpl_payment").where({ bnpl_payment_id: pid }).first()).order_id)
      await reconcileBnplPayments(getContainer())
      expect((await rowOf(pid)).drifts).toEqual([])

      // The merchant refunds 30 € in the service's back office.
      await new BnplClient({ apiKey: TEST_API_KEY, baseUrl: sandbox().url }).refundPayment(pid, {
        amount: 3000,
        merchant_reference: "back-office-1",
      })
      // Nothing changed in Medusa: the hourly run does not read the service again within the day.
      const before = serviceReads(pid)
      await reconcileBnplPayments(getContainer())
      expect(serviceReads(pid)).toBe(before)
      // A day later it does, and lists the difference.
      await reconcileBnplPayments(getContainer(), Date.now() + 25 * 3600_000)
      const listed = await page()
      const row = listed.rows.find((r: any) => r.bnpl_payment_id === pid)
      expect(row.drifts).toEqual([
        expect.objectContaining({ kind: "refunded_beyond_medusa", cents: 3000, action: "record_refund" }),
      ])
      expect(row).toMatchObject({ order_id: order.id, medusa: { held_by_live_order: true, refunded_cents: 0 } })
      expect(listed.differing).toBeGreaterThanOrEqual(1)

      const done = await act(pid, "record_refund")
      expect(done.status).toBe(200)
      expect(done.data.row.drifts).toEqual([])
      const payment = await medusaPayment(order.id)
      expect(payment.refunds.map((r: any) => Number(r.amount))).toEqual([30])
      expect(servicePayment(pid).refunds).toHaveLength(1) // taken, not made again
      // Asked again: nothing left to do.
      expect((await act(pid, "record_refund")).status).toBe(409)
    })

    it("a refund Medusa records that the service did not make: refunded at the service by its action, once", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const payment = await medusaPayment(order.id)
      // Seeded: a Medusa refund of 20 € that never reached the service.
      await knex()("refund").insert({
        id: "ref_seeded_drift",
        payment_id: payment.id,
        amount: 20,
        raw_amount: { value: "20", precision: 20 },
      })
      await reconcileBnplPayments(getContainer())
      const row = await rowOf(pid)
      expect(row.drifts).toEqual([
        expect.objectContaining({ kind: "refund_not_made", cents: 2000, action: "refund_at_service" }),
      ])
      // The job itself moved no money.
      expect(servicePayment(pid).refunds).toHaveLength(0)

      const [first, second] = await Promise.all([act(pid, "refund_at_service"), act(pid, "refund_at_service")])
      expect([first.status, second.status].sort()).toEqual([200, 409].sort())
      expect(servicePayment(pid).refunds.map((r: any) => r.amount)).toEqual([2000])
      await reconcileBnplPayments(getContainer())
      expect((await rowOf(pid)).drifts).toEqual([])
    })

    it("goods shipped, the payment at shipment not started: listed, started by its action", async () => {
      await api.post("/admin/bnpl/settings", { plans: [{ installments_count: 3 }, SHIP] }, admin())
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id, SHIP)
      const pid = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      const done = await complete(cart.id)
      const orderId = done.data.order.id
      // The service refuses every trigger while the goods leave.
      sandbox().setFault({ match: { path: `/v1/payments/${pid}/trigger` }, status: 400, count: 100 })
      await ship(orderId, "REC-1")
      await eventually(async () =>
        sandbox().requests.some((r: any) => r.path === `/v1/payments/${pid}/trigger` && r.fault)
      )
      await reconcileBnplPayments(getContainer())
      expect((await rowOf(pid)).drifts).toEqual([
        expect.objectContaining({ kind: "not_started_after_shipment", action: "start_payment" }),
      ])
      sandbox().clearFaults()
      // The refused trigger was tried moments ago: "Start the payment" waits its interval (429)
      // however it is reached; as if that interval had passed.
      await knex()("bnpl_service_message")
        .where({ order_id: orderId, kind: "trigger" })
        .update({ updated_at: new Date(Date.now() - 3600_000) })
      const started = await act(pid, "start_payment")
      expect(started.status).toBe(200)
      expect(servicePayment(pid).deferred_trigger_applied).toBeTruthy()
      await reconcileBnplPayments(getContainer())
      expect((await rowOf(pid)).drifts).toEqual([])
    })

    it("bad input gets a clear error; the page answers without calling the service", async () => {
      const { pid } = await paidOrder(sandbox(), 129.9)
      const wrong = await act(pid, "refund_everything")
      expect(wrong.status).toBe(400)
      expect(wrong.data.message).toMatch(/record_refund, refund_at_service, start_payment.*'action'/)
      expect((await act("payment_unknown000000000000", "record_refund")).status).toBe(404)
      // (The order's own messages go on in the background: only reads of payments count here.)
      const reads = () => sandbox().requests.filter((r: any) => r.method === "GET" && r.path.startsWith("/v1/payments/")).length
      const before = reads()
      await page()
      await page(true)
      expect(reads()).toBe(before)
    })
  }
)
