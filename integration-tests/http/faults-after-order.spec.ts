import { eventually, storefront, testPorts } from "../helpers/checkout"
import { canonical, CLIENT_TIMEOUT_MS, ITERATIONS, ok, placedOrder, pool, short, type Row } from "../helpers/faults"
import { faultSuite } from "../helpers/faults-suite"
import retryBnplMessages from "../../src/jobs/retry-messages"

/**
 * The fault suite (integration-tests/helpers/faults.ts says what it counts), after the order
 * (issue 19): the order's reference, tracking, status and the pay-at-shipment trigger under
 * 503s, drops and lost answers, and pay-at-shipment orders picked up without a shipment.
 */

const ports = testPorts(12)

/** After the order (issue 19): 503s, drops, lost answers; picked up without a shipment. */
const SCENARIOS = 4

faultSuite({ ports, scenarios: SCENARIOS }, (suite) => {
  const { admin, api, bnpl, complete, getContainer, op, sandbox, scenario, store } = suite

  // ------------------------------------------------------------------ after the order

  /**
   * Issue 19: the messages after the order (the shop's order attached at placement, each parcel's
   * tracking and the status `shipped` at the shipment, the pay-at-shipment trigger, the status
   * `delivered`) while every after-order call of the order may fail one way: a 503, a dropped
   * connection, or a lost answer (`wrongShape`: the service processed it, the answer is
   * unreadable). The job runs twice while the faults last, then the service recovers and the
   * job runs until nothing is pending. Counted per kind: lost (a content the service never
   * took, or a record left pending/failed) and duplicates (a content the service processed
   * again after its acceptance had reached the plugin; a re-send after a lost answer is counted
   * apart). A fulfillment, shipment or delivery the merchant could not make is a failure seen.
   */
  const AFTER_ORDER_KINDS = ["order", "tracking", "status", "trigger"] as const
  type AfterOrderKind = (typeof AFTER_ORDER_KINDS)[number]
  const AFTER_ORDER_FAULTS: { name: string; fault: Record<string, unknown> }[] = [
    { name: "after the order: 503s", fault: { status: 503, ratio: 0.5, seed: 21 } },
    { name: "after the order: connection drops", fault: { drop: true, ratio: 0.5, seed: 22 } },
    { name: "after the order: lost answers (processed, answer unreadable)", fault: { wrongShape: true, ratio: 0.5, seed: 23 } },
  ]
  const PAY_AT_SHIPMENT = { installments_count: 3, pay_at_shipment: true }
  const checkout = storefront(api, store)
  /** `pickedUp`: marked delivered (picked up) without a shipment; no parcels. */
  type Shipped = { orderId: string; displayId: number; pid: string; parcels: string[]; pickedUp?: boolean }

  const afterOrderRows = (orderId: string) =>
    bnpl().listBnplServiceMessages({ order_id: orderId, kind: [...AFTER_ORDER_KINDS] }) as Promise<any[]>
  /**
   * `count` messages recorded for the order and the event's own push over (subscribers run after
   * the answer): nothing changed for half a second. A push stops at the first outage, leaving
   * the rest for the job, so "each attempted" is not the sign.
   */
  const afterOrderAttempted = (orderId: string, count: number) => {
    let last = ""
    let since = Date.now()
    return eventually(async () => {
      const rows = await afterOrderRows(orderId)
      const now = JSON.stringify(rows.map((r) => [r.id, r.status, r.attempts]).sort())
      if (now !== last) [last, since] = [now, Date.now()]
      return rows.length >= count && Date.now() - since >= 500
    }, 3 * CLIENT_TIMEOUT_MS)
  }

  /**
   * The customer places the order (its attachment's first attempt awaited), then the merchant
   * fulfils all its items; undefined when either step failed (noted in the row).
   */
  async function placeAndFulfil(row: Row, cartId: string) {
    const placed = await op(row, "customer", "return and place the order", complete(cartId), placedOrder)
    if (!placedOrder(placed)) return undefined
    const order = placed.data.order
    await afterOrderAttempted(order.id, 1).catch(() => row.notes.push(`order ${order.id}: the attachment made no attempt in time`))

    const { data } = await api.get(`/admin/orders/${order.id}?fields=*items`, admin())
    const items = data.order.items.map((item: any) => ({ id: item.id, quantity: item.quantity }))
    const fulfilled = await op(row, "merchant", "create fulfillment", () =>
      api.post(`/admin/orders/${order.id}/fulfillments?fields=*fulfillments`, { items, location_id: store().stockLocationId }, admin())
    )
    if (!ok(fulfilled)) return undefined
    const fulfillmentId = fulfilled.data.order.fulfillments.at(-1).id
    return { order, items, fulfillmentId }
  }

  /** One pay-at-shipment order placed, fulfilled, shipped with two parcels and delivered, its calls faulted. */
  async function afterOrderJourney(row: Row, fault: Record<string, unknown>, i: number): Promise<Shipped | undefined> {
    const cart = await checkout.cartWith(129.9, 1 + i)
    const { session } = await checkout.startBnplSession(cart.id, PAY_AT_SHIPMENT)
    const pid: string = session.data.bnpl_payment_id
    sandbox().accept(pid, { notify: false })
    // The first call of each kind fails (the status's prefix before the attachment's, which it
    // extends), then about half of every after-order call of this payment; tracking: see the caller.
    for (const path of [`/v1/payments/${pid}/orders/`, `/v1/payments/${pid}/orders`, `/v1/payments/${pid}/trigger`]) {
      sandbox().setFault({ ...fault, ratio: undefined, count: 1, match: { method: "POST", path } })
    }
    sandbox().setFault({ ...fault, seed: Number(fault.seed) + i, match: { method: "POST", path: `/v1/payments/${pid}/` } })
    const placed = await placeAndFulfil(row, cart.id)
    if (!placed) return undefined
    const { order, items, fulfillmentId } = placed
    const parcels = [`AO${suite.sequence}-${i}-A`, `AO${suite.sequence}-${i}-B`]
    const shipped = await op(row, "merchant", "create shipment", () =>
      api.post(
        `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`,
        { items, labels: parcels.map((n) => ({ tracking_number: n, tracking_url: "", label_url: "https://labels.test/1.pdf" })) },
        admin()
      )
    )
    if (!ok(shipped)) return undefined
    // Reference, two parcels, shipped, trigger.
    await afterOrderAttempted(order.id, 5).catch(() => row.notes.push(`order ${order.id}: the shipment's messages made no attempt in time`))
    const delivered = await op(row, "merchant", "mark as delivered", () =>
      api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}, admin())
    )
    if (ok(delivered)) {
      await afterOrderAttempted(order.id, 6).catch(() => row.notes.push(`order ${order.id}: the delivery's status made no attempt in time`))
    }
    return { orderId: order.id, displayId: order.display_id, pid, parcels }
  }

  /**
   * One pay-at-shipment order to collect in the shop (Click and collect): placed, fulfilled, and
   * marked delivered without a shipment (the admin's "Mark as picked up"), while its trigger
   * and status calls fail: the trigger's first answer lost (it started the payment), the
   * attachment's and the status's first call a 503, then about half of every after-order call
   * of this payment, a 503 or a lost answer.
   */
  async function pickupJourney(row: Row, i: number): Promise<Shipped | undefined> {
    const cart = await checkout.cartWith(129.9, 1 + i, "Click and collect")
    const { session } = await checkout.startBnplSession(cart.id, PAY_AT_SHIPMENT)
    const pid: string = session.data.bnpl_payment_id
    sandbox().accept(pid, { notify: false })
    sandbox().setFault({ wrongShape: true, count: 1, match: { method: "POST", path: `/v1/payments/${pid}/trigger` } })
    sandbox().setFault({ status: 503, count: 1, match: { method: "POST", path: `/v1/payments/${pid}/orders/` } })
    sandbox().setFault({ status: 503, count: 1, match: { method: "POST", path: `/v1/payments/${pid}/orders` } })
    // 1/4 a 503, else 1/3 of the rest a lost answer: half in all.
    sandbox().setFault({ status: 503, ratio: 0.25, seed: 31 + i, match: { method: "POST", path: `/v1/payments/${pid}/` } })
    sandbox().setFault({ wrongShape: true, ratio: 1 / 3, seed: 41 + i, match: { method: "POST", path: `/v1/payments/${pid}/` } })
    const placed = await placeAndFulfil(row, cart.id)
    if (!placed) return undefined
    const { order, fulfillmentId } = placed
    const pickedUp = await op(row, "merchant", "mark as picked up (delivered, no shipment)", () =>
      api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}, admin())
    )
    if (!ok(pickedUp)) return undefined
    // Reference, trigger, delivered.
    await afterOrderAttempted(order.id, 3).catch(() => row.notes.push(`order ${order.id}: the pickup's messages made no attempt in time`))
    return { orderId: order.id, displayId: order.display_id, pid, parcels: [], pickedUp: true }
  }

  /** The retry job as the scheduler runs it, each pending message made due (its backoff elapsed). */
  async function retryRound() {
    const pending = await bnpl().listBnplServiceMessages({ status: "pending" })
    if (!pending.length) return false
    await bnpl().updateBnplServiceMessages(pending.map((s: any) => ({ id: s.id, next_attempt_at: new Date(Date.now() - 1000) })))
    await retryBnplMessages(getContainer())
    return true
  }

  /** Lost and duplicate messages of each kind for the orders shipped, over the sandbox's requests and state. */
  async function measureAfterOrder(row: Row, orders: Shipped[]) {
    let trackingOfPickups = 0
    await eventually(async () => sandbox().requests.every((r: any) => r.status !== null || r.fault === "drop"), 3_000).catch(() => undefined)
    const perKind = Object.fromEntries(
      AFTER_ORDER_KINDS.map((k) => [k, { contents: 0, requests: 0, faulted: 0, lost: 0, duplicates: 0, resent: 0 }])
    ) as Record<AfterOrderKind, { contents: number; requests: number; faulted: number; lost: number; duplicates: number; resent: number }>
    const lost = (kind: AfterOrderKind, what: string) => {
      perKind[kind].lost++
      row.syncs_lost++
      row.notes.push(`MESSAGE LOST: ${kind} ${what}`)
    }
    for (const order of orders) {
      const reference = String(order.displayId)
      const payment = sandbox().payments.get(order.pid)
      const serviceOrder = payment?.orders?.find((o: any) => o.merchant_reference === reference)
      const records = await afterOrderRows(order.orderId)
      for (const record of records) {
        const closed = ["accepted", "unchanged"].includes(record.status) || (record.kind === "status" && record.status === "skipped")
        if (!closed) lost(record.kind, `record of order ${order.orderId} ${record.status} after ${record.attempts} attempt(s): ${short(record.last_error)}`)
      }
      // What the service holds once everything ran: the order attached, both parcels, the last status, the trigger.
      perKind.order.contents++
      if (!serviceOrder) lost("order", `order ${reference} not attached to ${order.pid}`)
      for (const parcel of order.parcels) {
        perKind.tracking.contents++
        if (!serviceOrder?.shipments?.some((s: any) => s.tracking_number === parcel)) lost("tracking", `parcel ${parcel} unknown to the service`)
      }
      // Shipped, then delivered; picked up: delivered only, and no parcel.
      perKind.status.contents += order.pickedUp ? 1 : 2
      if (serviceOrder?.status !== "delivered" || serviceOrder?.is_shipped !== true) {
        lost("status", `order ${reference} is "${serviceOrder?.status ?? "-"}" at the service, not delivered`)
      }
      if (order.pickedUp) {
        const tracking = records.filter((r: any) => r.kind === "tracking").length + (serviceOrder?.shipments?.length ?? 0)
        if (tracking) {
          trackingOfPickups += tracking
          row.notes.push(`order ${order.orderId} picked up without a shipment has ${tracking} tracking record(s)/parcel(s)`)
        }
      }
      perKind.trigger.contents++
      if (!payment?.deferred_trigger_applied) {
        if (order.pickedUp) {
          perKind.trigger.lost++
          row.syncs_lost++
          row.notes.push(`HANDED OVER UNPAID: order ${order.orderId} picked up, payment ${order.pid} never started`)
        } else lost("trigger", `payment ${order.pid} never triggered`)
      }

      // Each request of the kind, in the order the service received them.
      const paths: Record<AfterOrderKind, string | undefined> = {
        order: `/v1/payments/${order.pid}/orders`,
        status: `/v1/payments/${order.pid}/orders/${reference}/status`,
        tracking: serviceOrder ? `/v2/orders/${serviceOrder.id}/shipment` : undefined,
        trigger: `/v1/payments/${order.pid}/trigger`,
      }
      for (const kind of AFTER_ORDER_KINDS) {
        const requests = sandbox().requests.filter((r: any) => r.method === "POST" && r.path === paths[kind])
        perKind[kind].requests += requests.length
        perKind[kind].faulted += requests.filter((r: any) => r.fault).length
        // Tracking and status answers are not read: a wrong-shaped one still tells the plugin it was taken.
        const answerRead = kind === "order" || kind === "trigger"
        const processed = (r: any) => r.status >= 200 && r.status < 300 && (!r.fault || r.fault === "wrongShape")
        const acknowledged = (r: any) => processed(r) && (!r.fault || !answerRead)
        const acknowledgedBodies = new Set<string>()
        const seen = new Set<string>()
        for (const request of requests.filter(processed)) {
          const body = canonical(request.body)
          if (acknowledgedBodies.has(body)) {
            perKind[kind].duplicates++
            row.duplicates++
            row.notes.push(`DUPLICATE: ${kind} ${short(body)} processed again after it was acknowledged (payment ${order.pid})`)
          } else if (seen.has(body)) {
            perKind[kind].resent++
            row.resent_after_lost_answer++
          }
          seen.add(body)
          if (acknowledged(request)) acknowledgedBodies.add(body)
        }
      }
    }
    for (const kind of AFTER_ORDER_KINDS) {
      const k = perKind[kind]
      row.notes.push(
        `${kind}: ${k.contents} content(s), ${k.requests} request(s) of which ${k.faulted} faulted, lost ${k.lost}, duplicates ${k.duplicates}, re-sent after a lost answer ${k.resent}`
      )
    }
    return { trackingOfPickups }
  }

  for (const { name, fault } of AFTER_ORDER_FAULTS) {
    it(`${name}: reference, tracking, status and trigger each taken once`, () =>
      scenario(name, async (row) => {
        // Pay at shipment offered beside the plain plans (this file's scenarios alone see it).
        await op(row, "merchant", "offer pay at shipment", () =>
          api.post("/admin/bnpl/settings", { plans: [{ installments_count: 3 }, PAY_AT_SHIPMENT, { installments_count: 4 }] }, admin())
        )
        suite.sequence++
        // Each order's first parcel fails, then about half of them.
        sandbox().setFault({ ...fault, ratio: undefined, count: ITERATIONS, match: { method: "POST", path: "/v2/orders/" } })
        sandbox().setFault({ ...fault, match: { method: "POST", path: "/v2/orders/" } })
        // Placed one at a time (one guest e-mail), shipped and delivered as they come.
        const orders = (await pool(ITERATIONS, 1, (i) => afterOrderJourney(row, fault, i))).filter(Boolean) as Shipped[]
        // The job while the service still fails, then after it recovers.
        for (let round = 0; round < 2; round++) await retryRound()
        sandbox().clearFaults()
        for (let round = 0; round < 8 && (await retryRound()); round++);
        await measureAfterOrder(row, orders)
        if (orders.length < ITERATIONS) row.notes.push(`only ${orders.length} of ${ITERATIONS} orders shipped`)
        expect(orders).toHaveLength(ITERATIONS)
      }))
  }

  it("picked up without a shipment, under 503s and lost answers: each payment started once, status delivered, no tracking", () =>
    scenario("after the order: picked up without a shipment (503s, lost answers)", async (row) => {
      await op(row, "merchant", "offer pay at shipment", () =>
        api.post("/admin/bnpl/settings", { plans: [{ installments_count: 3 }, PAY_AT_SHIPMENT, { installments_count: 4 }] }, admin())
      )
      suite.sequence++
      const orders = (await pool(ITERATIONS, 1, (i) => pickupJourney(row, i))).filter(Boolean) as Shipped[]
      // The job while the service still fails, then after it recovers.
      for (let round = 0; round < 2; round++) await retryRound()
      sandbox().clearFaults()
      for (let round = 0; round < 8 && (await retryRound()); round++);
      const { trackingOfPickups } = await measureAfterOrder(row, orders)
      if (orders.length < ITERATIONS) row.notes.push(`only ${orders.length} of ${ITERATIONS} orders picked up`)
      expect(orders).toHaveLength(ITERATIONS)
      expect(trackingOfPickups).toBe(0)
    }))
})
