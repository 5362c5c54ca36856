import { eventually, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import retryBnplMessages from "../../src/jobs/retry-messages"
import { Migration20261129202338 } from "../../src/modules/bnpl/migrations/Migration20261129202338"

jest.setTimeout(180 * 1000)

const ports = testPorts(3)

/**
 * After the order (issue 19, section 2): what each Medusa event tells the service, through a
 * real Medusa over HTTP, its PostgreSQL and the sandbox over HTTP. Each message is one durable
 * row (`bnpl_service_message` with its `kind`), sent once, retried by the job after failures.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, admin, paidOrder, bnpl, knex, fulfill, ship }) => {
    const messagesOf = (orderId: string, kind?: string) =>
      bnpl().listBnplServiceMessages(
        { order_id: orderId, ...(kind ? { kind } : { kind: ["order", "status", "tracking"] }) },
        { order: { created_at: "ASC" } }
      )
    const calls = (prefix: string, method = "POST") =>
      sandbox().requests.filter((r: any) => r.method === method && r.path.startsWith(prefix))
    const accepted = (prefix: string) => calls(prefix).filter((r: any) => !r.fault && r.status === 200)

    const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort()

    /** Messages recorded and each attempted at least once (subscribers run after the answer). */
    const settled = (orderId: string, count: number, kind?: string) =>
      eventually(async () => {
        const rows = await messagesOf(orderId, kind)
        return rows.length >= count && rows.every((r: any) => r.status !== "pending" || r.attempts > 0) && rows
      })

    /** The retry job, with every pending message made due (as if its backoff had passed). */
    async function runRetryJob(orderId: string) {
      const pending = (await bnpl().listBnplServiceMessages({ order_id: orderId, status: "pending" })) as any[]
      if (pending.length) {
        await bnpl().updateBnplServiceMessages(
          pending.map((s) => ({ id: s.id, next_attempt_at: new Date(Date.now() - 1000) }))
        )
      }
      await retryBnplMessages(getContainer())
    }

    it("order placed: the shop's order is attached (display id, admin URL), once, and shown to the admin", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const [reference] = await settled(order.id, 1)
      const orders = accepted(`/v1/payments/${pid}/orders`)
      expect(orders).toHaveLength(1)
      expect(orders[0].body).toEqual({
        orders: [
          {
            merchant_reference: String(order.display_id),
            merchant_url: `${ports.env.MEDUSA_BACKEND_URL}/app/orders/${order.id}`,
          },
        ],
      })
      const serviceOrder = sandbox().payments.get(pid).orders[0]
      expect(reference).toMatchObject({
        kind: "order",
        trigger: "order_placed",
        status: "accepted",
        attempts: 1,
        bnpl_payment_id: pid,
        service_order_id: serviceOrder.id,
      })
      const { data } = await api.get(`/admin/bnpl/orders/${order.id}`, admin())
      expect(data.bnpl_order.messages).toEqual([
        expect.objectContaining({ kind: "order", status: "accepted", content: orders[0].body.orders[0] }),
      ])
    })

    it("shipment created: each new tracking number once (carrier from the option), then status shipped", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9, 2)
      await settled(order.id, 1)
      const fulfillmentId = await ship(order.id, [
        { tracking_number: "6A001", tracking_url: "https://track.test/6A001" },
        { tracking_number: "6A001", tracking_url: "https://track.test/6A001" },
        { tracking_number: "6A002" },
      ])
      const rows = await settled(order.id, 4)
      const serviceOrderId = sandbox().payments.get(pid).orders[0].id
      const tracking = accepted(`/v2/orders/${serviceOrderId}/shipment`).map((r: any) => r.body)
      expect(tracking).toEqual([
        { carrier: "Colissimo Home", tracking_number: "6A001", tracking_url: "https://track.test/6A001" },
        { carrier: "Colissimo Home", tracking_number: "6A002" },
      ])
      expect(accepted(`/v1/payments/${pid}/orders/${order.display_id}/status`).map((r: any) => r.body)).toEqual([
        { status: "shipped", is_shipped: true },
      ])
      // Rows recorded together share their created_at: compared in a fixed order.
      expect(sorted(rows.map((r: any) => [r.kind, r.status, r.fulfillment_id]))).toEqual(
        sorted([
          ["order", "accepted", null],
          ["tracking", "accepted", fulfillmentId],
          ["tracking", "accepted", fulfillmentId],
          ["status", "accepted", null],
        ])
      )
      // The shipping information went as before, beside them.
      const [sync] = await eventually(async () => {
        const syncs = await bnpl().listBnplServiceMessages({ order_id: order.id, kind: "shipping_info" })
        return syncs.length && syncs[0].status !== "pending" && syncs
      })
      expect(sync).toMatchObject({ status: "accepted", trigger: "fulfillment_created" })
      // Each event's own record went in the statement that recorded its messages (message-writes.ts);
      // the messages read back through Medusa's data layer with the model's id and JSON payload.
      expect(await bnpl().listBnplOrderEvents({ order_id: order.id })).toEqual([])
      expect(rows.every((r: any) => r.id.startsWith("bnplmsg_") && r.attempts >= 1)).toBe(true)
      expect(rows.find((r: any) => r.kind === "status").payload).toEqual({ status: "shipped", is_shipped: true })
    })

    it("an event handled twice at once (a slow subscriber and the retry job) records its messages once", async () => {
      const event = { order_id: "order_twice", trigger: "shipment_created", status: "pending" }
      const { id: eventId } = await bnpl().createBnplOrderEvents({ event: "shipment_created", order_id: "order_twice" })
      // A field left undefined takes the table's default (attempts: 0), as the data layer's create gives it.
      const status = {
        ...event,
        kind: "status",
        payload: { status: "shipped", is_shipped: true },
        payload_hash: "h1",
        attempts: undefined,
      }
      // Two connections, one statement each: the one that deletes the event's record records the message.
      const both = await Promise.all([bnpl().recordMessages([status], eventId), bnpl().recordMessages([status], eventId)])
      expect(both.map((ids) => ids.length).sort()).toEqual([0, 1])
      const rows = await bnpl().listBnplServiceMessages({ order_id: "order_twice" })
      expect(rows).toEqual([
        expect.objectContaining({ id: both.flat()[0], kind: "status", attempts: 0, payload: status.payload }),
      ])
    })

    it("an event left waiting in the message record by the version before moves to its own table, is shown and handled", async () => {
      const { order } = await paidOrder(sandbox(), 129.9)
      await settled(order.id, 1)
      // As the version before left it: the order's reference never recorded, its event waiting as a message row.
      await knex()("bnpl_service_message").where({ order_id: order.id }).delete()
      await knex()("bnpl_service_message").insert({
        id: "bnplmsg_waiting_event",
        order_id: order.id,
        kind: "event",
        trigger: "order_placed",
        status: "pending",
        attempts: 2,
        last_error: "connection dropped",
        payload: JSON.stringify({ event: "order_placed", order_id: order.id, fulfillment_id: null }),
        next_attempt_at: new Date(Date.now() - 1000),
      })
      const migration = new Migration20261129202338(null as any, null as any)
      await migration.up()
      for (const sql of migration.getQueries()) await knex().raw(sql as string)

      expect(await knex()("bnpl_service_message").where({ kind: "event" })).toEqual([])
      const { data } = await api.get(`/admin/bnpl/orders/${order.id}`, admin())
      expect(data.bnpl_order.messages).toEqual([])
      expect(data.bnpl_order.events).toEqual([
        expect.objectContaining({
          id: "bnplmsg_waiting_event",
          event: "order_placed",
          status: "pending",
          attempts: 2,
          last_error: "connection dropped",
          fulfillment_id: null,
        }),
      ])
      // The job handles it as any event: its message recorded in its place, and sent.
      await retryBnplMessages(getContainer())
      expect(await bnpl().listBnplOrderEvents({ order_id: order.id })).toEqual([])
      const [reference] = await settled(order.id, 1, "order")
      expect(reference).toMatchObject({ kind: "order", trigger: "order_placed" })
      expect(reference.status).not.toBe("pending")
    })

    it("an event the retry job gave up on is handled again from the admin: once, whatever the calls", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await settled(order.id, 1)
      const references = () => accepted(`/v1/payments/${pid}/orders`).length
      const referencesBefore = references()
      // As an order unreadable for hours leaves it: the reference never recorded, its event out of attempts.
      await knex()("bnpl_service_message").where({ order_id: order.id }).delete()
      const stale = new Date(Date.now() - 60_000)
      await knex()("bnpl_order_event").insert({
        id: "bnplevt_given_up",
        event: "order_placed",
        order_id: order.id,
        status: "failed",
        attempts: 12,
        last_error: "connection dropped",
        next_attempt_at: null,
        created_at: stale,
        updated_at: stale,
      })
      // Another order's event, given up too: not this order's to handle.
      await knex()("bnpl_order_event").insert({
        id: "bnplevt_other_order",
        event: "order_placed",
        order_id: "order_other",
        status: "failed",
        attempts: 12,
        last_error: "connection dropped",
        created_at: stale,
        updated_at: stale,
      })
      // The job leaves a failed event alone.
      await retryBnplMessages(getContainer())
      expect(await bnpl().listBnplOrderEvents({ order_id: order.id })).toHaveLength(1)

      const push = () =>
        api.post(`/admin/bnpl/orders/${order.id}/events/push`, {}, { ...admin(), validateStatus: () => true })
      const answers = await Promise.all([push(), push(), push()])
      // One handles it; the others were refused: tried moments ago (429), or already handled (409).
      const [handled, ...refused] = [...answers].sort((a, b) => a.status - b.status)
      expect(handled.status).toBe(200)
      for (const r of refused) expect([409, 429]).toContain(r.status)
      expect(handled.data.attempted).toBe(1)
      expect(handled.data.bnpl_order.events).toEqual([])
      for (const r of refused.filter((a) => a.status === 429)) expect(r.headers["retry-after"]).toMatch(/^\d+$/)
      const [reference] = await settled(order.id, 1, "order")
      expect(reference).toMatchObject({ kind: "order", trigger: "order_placed", status: "accepted" })
      expect(references()).toBe(referencesBefore + 1)

      // Nothing waits any more: said, not a second reference.
      const again = await push()
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(/No event of order .* waits/)
      expect(await messagesOf(order.id, "order")).toHaveLength(1)
      expect(await bnpl().listBnplOrderEvents({ id: "bnplevt_other_order" })).toEqual([
        expect.objectContaining({ status: "failed", attempts: 12 }),
      ])
    })

    it("a shipment whose order was unreadable (its event names only the fulfillment) is on the order's page, and handled from there", async () => {
      const { order } = await paidOrder(sandbox(), 129.9)
      await settled(order.id, 1)
      const fulfillmentId = await ship(order.id, "TRK-UNREAD-1")
      await settled(order.id, 3)
      // As an order unreadable at the shipment leaves it: no tracking recorded, the event without its order.
      await knex()("bnpl_service_message").where({ order_id: order.id, kind: "tracking" }).delete()
      const stale = new Date(Date.now() - 60_000)
      await knex()("bnpl_order_event").insert({
        id: "bnplevt_fulfillment_only",
        event: "shipment_created",
        order_id: null,
        fulfillment_id: fulfillmentId,
        status: "failed",
        attempts: 12,
        last_error: "order unreadable",
        created_at: stale,
        updated_at: stale,
      })
      const { data } = await api.get(`/admin/bnpl/orders/${order.id}`, admin())
      expect(data.bnpl_order.events).toEqual([
        expect.objectContaining({ id: "bnplevt_fulfillment_only", status: "failed", fulfillment_id: fulfillmentId }),
      ])

      const handled = await api.post(`/admin/bnpl/orders/${order.id}/events/push`, {}, admin())
      expect(handled.data).toMatchObject({ attempted: 1, bnpl_order: { events: [] } })
      const [tracking] = await settled(order.id, 1, "tracking")
      expect(tracking).toMatchObject({ kind: "tracking", fulfillment_id: fulfillmentId })
    })

    it("a second shipment sends only its new parcels; shipped again is not sent twice", async () => {
      const { order, pid } = await paidOrder(sandbox(), 30, 2)
      await settled(order.id, 1)
      for (const [i, numbers] of [["P1"], ["P1", "P2"]].entries()) {
        await ship(order.id, numbers, await fulfill(order.id, { quantity: 1 }))
        await settled(order.id, i === 0 ? 3 : 5)
      }
      const serviceOrderId = sandbox().payments.get(pid).orders[0].id
      expect(accepted(`/v2/orders/${serviceOrderId}/shipment`).map((r: any) => r.body.tracking_number)).toEqual([
        "P1",
        "P2",
      ])
      expect(accepted(`/v1/payments/${pid}/orders/${order.display_id}/status`)).toHaveLength(1)
      const statuses = await messagesOf(order.id, "status")
      expect(statuses.map((r: any) => r.status)).toEqual(["accepted", "unchanged"])
    })

    it("delivery created: status delivered", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await settled(order.id, 1)
      const fulfillmentId = await ship(order.id, [{ tracking_number: "D1" }])
      await settled(order.id, 3)
      const response = await api.post(
        `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`,
        {},
        admin()
      )
      expect(response.status).toBe(200)
      await settled(order.id, 4)
      expect(accepted(`/v1/payments/${pid}/orders/${order.display_id}/status`).map((r: any) => r.body)).toEqual([
        { status: "shipped", is_shipped: true },
        { status: "delivered", is_shipped: true },
      ])
      const [, , , delivered] = await messagesOf(order.id)
      expect(delivered).toMatchObject({ kind: "status", trigger: "delivery_created", status: "accepted" })
    })

    it("order canceled: status canceled, beside the payment's release", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await settled(order.id, 1)
      const response = await api.post(`/admin/orders/${order.id}/cancel`, {}, admin())
      expect(response.status).toBe(200)
      const rows = await settled(order.id, 2)
      expect(rows[1]).toMatchObject({ kind: "status", trigger: "order_canceled", status: "accepted" })
      expect(accepted(`/v1/payments/${pid}/orders/${order.display_id}/status`).map((r: any) => r.body)).toEqual([
        { status: "canceled", is_shipped: false },
      ])
      // What the plugin already did on cancellation still happens (the accepted payment refunded).
      await eventually(async () => accepted(`/v1/payments/${pid}/refund`).length === 1)
    })

    it("each message is retried after 503s by the job, and accepted once", async () => {
      // Placement: the attachment fails (the call and its two retries).
      sandbox().setFault({ match: { method: "POST", path: "/v1/payments/payment_" }, status: 503, count: 3 })
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const [reference] = await settled(order.id, 1)
      expect(reference).toMatchObject({ status: "pending", attempts: 1 })
      expect(reference.last_error).toMatch(/unavailable|503/)

      // Shipment while the reference is still pending: tracking and status wait for it.
      const fulfillmentId = await ship(order.id, [{ tracking_number: "R1" }])
      const waiting = await settled(order.id, 3)
      expect(sorted(waiting.slice(1).map((r: any) => [r.kind, r.status]))).toEqual(
        sorted([
          ["tracking", "pending"],
          ["status", "pending"],
        ])
      )
      expect(calls("/v2/orders/")).toHaveLength(0)

      // The job (one attempt per message and run, stopping at the first outage): the reference is
      // attached; tracking and status then fail once more each (a 503), and go on later runs.
      sandbox().setFault({ match: { path: "/v2/orders/" }, status: 503, count: 1 })
      sandbox().setFault({ match: { path: `/v1/payments/${pid}/orders/${order.display_id}/status` }, status: 503, count: 1 })
      await runRetryJob(order.id)
      expect((await messagesOf(order.id, "order"))[0]).toMatchObject({ status: "accepted", attempts: 2 })
      for (let run = 0; run < 3; run++) await runRetryJob(order.id)
      const rows = await messagesOf(order.id)
      expect(sorted(rows.map((r: any) => [r.kind, r.status]))).toEqual(
        sorted([
          ["order", "accepted"],
          ["tracking", "accepted"],
          ["status", "accepted"],
        ])
      )
      // Accepted once each, whatever the failures before.
      expect(accepted(`/v1/payments/${pid}/orders`).filter((r: any) => !r.path.includes("/status"))).toHaveLength(1)
      expect(accepted("/v2/orders/")).toHaveLength(1)
      expect(accepted(`/v1/payments/${pid}/orders/${order.display_id}/status`)).toHaveLength(1)
      expect(calls("/v2/orders/").filter((r: any) => r.fault)).toHaveLength(1)
      expect(calls(`/v1/payments/${pid}/orders/${order.display_id}/status`).filter((r: any) => r.fault)).toHaveLength(1)

      // Delivery and cancellation statuses: the same path (one 503 burst each, then the job).
      sandbox().setFault({ match: { path: `/v1/payments/${pid}/orders/${order.display_id}/status` }, status: 503, count: 3 })
      await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}, admin())
      const [delivered] = (await settled(order.id, 4)).slice(3)
      expect(delivered).toMatchObject({ status: "pending", trigger: "delivery_created" })
      await runRetryJob(order.id)
      expect((await messagesOf(order.id)).at(-1)).toMatchObject({ status: "accepted", attempts: 2 })
      expect(accepted(`/v1/payments/${pid}/orders/${order.display_id}/status`).map((r: any) => r.body.status)).toEqual([
        "shipped",
        "delivered",
      ])
      // Nothing left for the job: running it again sends nothing.
      const before = sandbox().requests.length
      await runRetryJob(order.id)
      expect(sandbox().requests.length).toBe(before)
    })

    it("an account without the after-order endpoints: recorded unavailable, not retried; shipping_info still goes", async () => {
      sandbox().setMerchant(ports.env.BNPL_API_KEY, { after_order: false })
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const [reference] = await settled(order.id, 1)
      expect(reference).toMatchObject({ status: "unavailable", next_attempt_at: null })
      expect(reference.last_error).toMatch(/not available/)
      await ship(order.id, [{ tracking_number: "U1" }])
      const rows = await settled(order.id, 3)
      expect(rows.map((r: any) => r.status)).toEqual(["unavailable", "unavailable", "unavailable"])
      // Only the reference tried its endpoint (and looked at the payment once); nothing else was sent.
      expect(calls("/v2/orders/")).toHaveLength(0)
      expect(calls(`/v1/payments/${pid}/orders/`)).toHaveLength(0)
      await runRetryJob(order.id)
      expect(calls(`/v1/payments/${pid}/orders`)).toHaveLength(1)
      const [sync] = await eventually(async () => {
        const syncs = await bnpl().listBnplServiceMessages({ order_id: order.id, kind: "shipping_info" })
        return syncs.length && syncs[0].status !== "pending" && syncs
      })
      expect(sync.status).toBe("accepted")
    })
  }
)
