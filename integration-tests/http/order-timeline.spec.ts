import { eventually, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import warnTriggerDeadlines from "../../src/jobs/warn-trigger-deadlines"
import { markTriggered } from "../../src/modules/bnpl/ledger"
import { payAtShipmentDeadline } from "../../src/workflows/payment/utils/trigger-deadline"

// Boot included: slow when the machine is shared.
jest.setTimeout(400 * 1000)

const ports = testPorts(17)

/**
 * The admin order panel's timeline (issue 19, section 4): `GET /admin/bnpl/orders/:id`
 * `messages[]` lists every message the service was told about the order, in the admin API's
 * words, and `POST .../messages/:message_id/push` pushes one again: through a real Medusa over
 * HTTP, its PostgreSQL and the sandbox over HTTP.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, admin, paidOrder, bnpl, ship }) => {
    const view = async (orderId: string) => (await api.get(`/admin/bnpl/orders/${orderId}`, admin())).data.bnpl_order
    const push = (orderId: string, messageId: string) =>
      api.post(`/admin/bnpl/orders/${orderId}/messages/${messageId}/push`, {}, admin()).catch((e: any) => e.response)
    const accepted = (prefix: string) =>
      sandbox().requests.filter((r: any) => r.method === "POST" && r.path.startsWith(prefix) && !r.fault && r.status === 200)
    const requestsTo = (prefix: string) =>
      sandbox().requests.filter((r: any) => r.method === "POST" && r.path.startsWith(prefix))

    /** As if the message's last write were long ago (push again waits a few seconds between attempts). */
    const age = (messageId: string) =>
      getContainer()
        .resolve("__pg_connection__")("bnpl_service_message")
        .where({ id: messageId })
        .update({ updated_at: new Date(Date.now() - 60_000) })

    /** Every message of the order recorded and attempted at least once (subscribers run after the answer). */
    const settled = (orderId: string, count: number) =>
      eventually(async () => {
        const rows = await bnpl().listBnplServiceMessages({ order_id: orderId })
        return rows.length >= count && rows.every((r: any) => r.status !== "pending" || r.attempts > 0) && rows
      })

    it("after placement and shipment: one timeline of every message, in the API's words", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await settled(order.id, 1)
      const placed = await view(order.id)
      expect(placed.messages).toEqual([
        expect.objectContaining({
          kind: "order",
          status: "accepted",
          attempts: 1,
          last_error: null,
          content: expect.objectContaining({ merchant_reference: String(order.display_id) }),
          accepted_at: expect.any(String),
          can_push_again: false,
        }),
      ])

      const fulfillmentId = await ship(order.id, "T100")
      await settled(order.id, 4)
      const shipped = await view(order.id)
      const byKind = Object.fromEntries(shipped.messages.map((m: any) => [m.kind, m]))
      expect(Object.keys(byKind).sort()).toEqual(["order", "shipping_info", "status", "tracking"])
      expect(shipped.messages.every((m: any) => m.status === "accepted" && m.accepted_at && m.attempts === 1)).toBe(true)
      expect(byKind.tracking).toMatchObject({
        content: { carrier: "Colissimo Home", tracking_number: "T100" },
        fulfillment_id: fulfillmentId,
      })
      expect(byKind.status.content).toEqual({ status: "shipped", is_shipped: true })
      expect(byKind.shipping_info.content).toEqual(accepted(`/v1/payment/${pid}`)[0].body.payment.shipping_info)
      // Newest first.
      expect(shipped.messages.at(-1).kind).toBe("order")
      expect(byKind.shipping_info).toMatchObject({ status: "accepted", trigger: "fulfillment_created" })
    })

    it("push again after 503s: one attempt per call, accepted once, never sent again", async () => {
      // Placement: the attachment fails (the call and its two retries).
      sandbox().setFault({ match: { method: "POST", path: "/v1/payments/payment_" }, status: 503, count: 3 })
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const [reference] = await settled(order.id, 1)
      expect(reference).toMatchObject({ kind: "order", status: "pending", attempts: 1 })
      const attach = `/v1/payments/${pid}/orders`

      // Moments after its attempt: 429, saying when, and nothing sent.
      const soon = await push(order.id, reference.id)
      expect(soon.status).toBe(429)
      expect(soon.headers["retry-after"]).toMatch(/^\d+$/)
      expect(soon.data.message).toMatch(/try again in \d+ s/)
      expect(requestsTo(attach)).toHaveLength(3)

      // Still failing: one attempt (no retry within it), recorded, still pending for the job.
      sandbox().setFault({ match: { method: "POST", path: attach }, status: 503, count: 1 })
      await age(reference.id)
      const failing = await push(order.id, reference.id)
      expect(failing.status).toBe(200)
      expect(failing.data.message).toMatchObject({ kind: "order", status: "pending", attempts: 2, can_push_again: true })
      expect(failing.data.message.last_error).toMatch(/unavailable|503/)
      expect(requestsTo(attach)).toHaveLength(4)

      // Called many times at once: one claim sends; the others are told to wait (429), or that it
      // is accepted (409) when they look after it was.
      await age(reference.id)
      const answers = await Promise.all(Array.from({ length: 12 }, () => push(order.id, reference.id)))
      const statuses = answers.map((a: any) => a.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s !== 200).every((s) => s === 429 || s === 409)).toBe(true)
      const done = answers.find((a: any) => a.status === 200)
      expect(done.data.message).toMatchObject({ status: "accepted", attempts: 3, last_error: null })
      expect(done.data.bnpl_order.messages.find((m: any) => m.id === reference.id).accepted_at).toEqual(expect.any(String))
      expect(accepted(attach)).toHaveLength(1)

      // Accepted: 409 however often, nothing sent.
      await age(reference.id)
      const again = await Promise.all(Array.from({ length: 5 }, () => push(order.id, reference.id)))
      expect(again.map((a: any) => a.status)).toEqual(Array(5).fill(409))
      expect(again[0].data.message).toMatch(/accepted this message already/)
      expect(requestsTo(attach)).toHaveLength(5)
      expect(sandbox().payments.get(pid).orders).toHaveLength(1)
    })

    it("a failed shipping information goes through its own push, rebuilt from the order", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await settled(order.id, 1)
      // The fulfillment's push and its retries fail; the sync gives up (as after its last attempt).
      sandbox().setFault({ match: { method: "POST", path: `/v1/payment/${pid}` }, status: 503, count: 3 })
      await ship(order.id, "S1")
      const sync = await eventually(async () => {
        const [row] = await bnpl().listBnplServiceMessages({ order_id: order.id, kind: "shipping_info" })
        return row?.attempts > 0 && row
      })
      await bnpl().updateBnplServiceMessages({ id: sync.id, status: "failed", next_attempt_at: null })
      await age(sync.id)
      const entry = (await view(order.id)).messages.find((m: any) => m.id === sync.id)
      expect(entry).toMatchObject({ kind: "shipping_info", status: "failed", can_push_again: true })

      const pushed = await push(order.id, sync.id)
      expect(pushed.status).toBe(200)
      expect(pushed.data.message).toMatchObject({ kind: "shipping_info", status: "accepted", attempts: 2 })
      expect(accepted(`/v1/payment/${pid}`)).toHaveLength(1)
      await age(sync.id)
      expect((await push(order.id, sync.id)).status).toBe(409)
      expect(accepted(`/v1/payment/${pid}`)).toHaveLength(1)
    })

    /**
     * A pay-at-shipment order as the ledger holds it once placed. Built from a paid order and the
     * placement's own deadline step: on this branch a checkout with `pay_at_shipment: true` in
     * the session data still comes out as the plain plan (reported to the lead).
     */
    async function payAtShipmentOrder() {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const knex = getContainer().resolve("__pg_connection__")
      await knex("bnpl_payment").where({ bnpl_payment_id: pid }).update({ pay_at_shipment: true })
      await payAtShipmentDeadline(getContainer(), pid, order.id)
      return { order, pid }
    }

    it("pay at shipment: ship before the deadline (panel, list by deadline, a warning 3 days before); gone once started", async () => {
      const placedAt = Date.now()
      const { order, pid } = await payAtShipmentOrder()
      const payment = (await view(order.id)).payment
      expect(payment.pay_at_shipment).toBe(true)
      // Placed + the account's trigger limit (30 days when its fee plan does not say).
      const deadline = new Date(payment.trigger_deadline).getTime()
      expect(Math.abs(deadline - (placedAt + 30 * 86_400_000))).toBeLessThan(120_000)

      // A second one with a nearer deadline comes first; a normal order is not listed.
      const { order: sooner, pid: soonerPid } = await payAtShipmentOrder()
      const knex = getContainer().resolve("__pg_connection__")
      const inTwoAndAHalfDays = new Date(Date.now() + 2.5 * 86_400_000)
      await knex("bnpl_payment").where({ bnpl_payment_id: soonerPid }).update({ trigger_deadline: inTwoAndAHalfDays })
      await paidOrder(sandbox(), 129.9)
      const { data } = await api.get("/admin/bnpl/orders-to-ship", admin())
      expect(data.orders).toEqual([
        {
          order_id: sooner.id,
          display_id: sooner.display_id,
          bnpl_payment_id: soonerPid,
          deadline: inTwoAndAHalfDays.toISOString(),
          days_left: 3,
          state: "to_ship",
          reason: null,
        },
        expect.objectContaining({ order_id: order.id, display_id: order.display_id, bnpl_payment_id: pid, days_left: 30 }),
      ])

      // The hourly job: one warning, for the order 3 days from its deadline; never the key.
      const warnings: string[] = []
      const container = getContainer()
      const logger = { warn: (m: string) => warnings.push(m), info: () => {}, error: () => {}, debug: () => {} }
      const withLogger = { resolve: (key: string) => (key === "logger" ? logger : container.resolve(key)) } as any
      await warnTriggerDeadlines(withLogger)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(new RegExp(`order ${sooner.display_id} \\(${sooner.id}\\) must ship before`))
      expect(warnings[0]).not.toContain(ports.env.BNPL_API_KEY)
      // The next day's run does not warn it again (the warning is marked in the ledger).
      warnings.length = 0
      await warnTriggerDeadlines(withLogger, Date.now() + 86_400_000)
      expect(warnings).toEqual([])

      // Its deadline passes unshipped: listed as such, one error, once.
      const errors: string[] = []
      const withErrors = {
        resolve: (key: string) => (key === "logger" ? { ...logger, error: (m: string) => errors.push(m) } : container.resolve(key)),
      } as any
      const pastDeadline = Date.now() + 3 * 86_400_000
      await warnTriggerDeadlines(withErrors, pastDeadline)
      await warnTriggerDeadlines(withErrors, pastDeadline + 3_600_000)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(new RegExp(`order ${sooner.display_id} \\(${sooner.id}\\): its deadline .* passed`))
      expect(warnings).toEqual([])

      // Started (the trigger accepted): the deadline is gone from the panel and the list.
      await markTriggered(knex, soonerPid)
      expect((await view(sooner.id)).payment.trigger_deadline).toBeNull()
      const after = await api.get("/admin/bnpl/orders-to-ship", admin())
      expect(after.data.orders.map((o: any) => o.order_id)).toEqual([order.id])
    })

    it("another order's message, or none: 404, nothing sent", async () => {
      const first = await paidOrder(sandbox(), 129.9)
      const second = await paidOrder(sandbox(), 129.9)
      const [reference] = await settled(first.order.id, 1)
      await settled(second.order.id, 1)
      await bnpl().updateBnplServiceMessages({ id: reference.id, status: "pending" })
      await age(reference.id)
      const before = sandbox().requests.length
      const other = await push(second.order.id, reference.id)
      expect(other.status).toBe(404)
      expect(other.data.message).toMatch(new RegExp(`Order ${second.order.id} has no message ${reference.id}`))
      expect((await push(first.order.id, "bnplmsg_missing")).status).toBe(404)
      expect(sandbox().requests.length).toBe(before)
    })
  }
)
