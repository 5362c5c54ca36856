import { paymentsWithoutOrder } from "../../modules/bnpl/ledger"
import { driftsOf } from "../../lib/reconciliation/consistency"
import type { Harness } from "./harness"
import { MedusaStandIn, type MOrder } from "./medusa"

/**
 * What must hold once a sequence is over (after `settleDown`: the service healthy, the jobs run
 * past their backoffs). Each returns the violations it found, in words naming the payment.
 */
export const INVARIANTS = [
  "charged → held by an order, given back, or listed to the merchant",
  "goods handed over → pay-at-shipment payment started (or listed)",
  "refunds Medusa recorded = refunds the service made",
  "nothing started, captured or triggered for a cancelled order",
  "the service's order status = the shop's last event",
  "no call with another account's key",
  "no service call for a forged notification",
  "no programming error reaching Medusa",
  "what the service took is captured in Medusa (autoCapture)",
  "no refund at the service beyond Medusa's for a payment Medusa holds on a live order",
  "a stored deadline is the account's",
  "a passed deadline of a payment not started is warned, once",
  "a service payment is recorded once in Medusa",
  "an ended payment link leaves no payment open at the service but the order's",
] as const

const ACCEPTED = ["in_progress", "paid"]
const refunded = (p: any) => (p.refunds ?? []).reduce((s: number, r: any) => s + r.amount, 0)
const triggered = (p: any) => !!p.deferred_trigger_applied
/** The customer was charged (an accepted payment, a pay-at-shipment one once started). */
const charged = (p: any) => ACCEPTED.includes(p.state) && (!p.deferred_trigger || triggered(p))
/** The customer's commitment still stands: it may be, or is being, charged. */
const standing = (p: any, nowSeconds: number) =>
  ACCEPTED.includes(p.state)
    ? p.expired_at == null && refunded(p) < p.purchase_amount
    : ["not_started", "scored_maybe", "scored_yes"].includes(p.state) &&
      p.expired_at == null &&
      // The sandbox marks an expired page when it is read: one nobody read since is expired too.
      !(p.expires_after != null && nowSeconds >= p.created + p.expires_after * 60)

async function ownerKey(h: Harness, pid: string): Promise<string | undefined> {
  const res = await fetch(`${h.sandbox.url}/_sandbox/payments/${pid}`)
  return res.ok ? ((await res.json()) as any).merchant : undefined
}

/** The service payments an order holds or held: its Medusa payments', and its cart's in the ledger. */
function pidsOfOrder(h: Harness, order: MOrder): string[] {
  const fromMedusa = order.collection.payments.map((p) => p.data?.bnpl_payment_id).filter(Boolean)
  const fromLedger = h.db.tables.bnpl_payment.filter((r) => r.cart_id === order.cart_id).map((r) => r.bnpl_payment_id)
  return [...new Set([...fromMedusa, ...fromLedger])]
}

/** The order's live Medusa payment: its latest not cancelled (the one the order was placed with). */
const livePayment = (order: MOrder) => order.collection.payments.filter((p) => !p.canceled_at).at(-1)

/** The service payment an open order holds: its live Medusa payment's. */
function heldPid(order: MOrder): string | undefined {
  return livePayment(order)?.data?.bnpl_payment_id
}

export async function violations(h: Harness): Promise<string[]> {
  const out: string[] = []
  const say = (invariant: (typeof INVARIANTS)[number], text: string) => out.push(`[${invariant}] ${text}`)
  const service: Map<string, any> = h.sandbox.payments
  const listed = new Map((await paymentsWithoutOrder(h.db.knex, 1000)).map((r: any) => [r.bnpl_payment_id, r]))
  /** Listed to the merchant as still to be dealt with (not as ended: that would have to be true). */
  const listedOpen = (pid: string) => ["to_settle", "failed"].includes((listed.get(pid) as any)?.status)
  const openOrders = h.medusa.orders.filter((o) => o.status !== "canceled")
  const canceledOrders = h.medusa.orders.filter((o) => o.status === "canceled")
  const heldByOpenOrder = new Set([
    ...openOrders.map(heldPid).filter(Boolean),
    // What an order owes on a collection of its own, paid: Medusa's payment there is the order's.
    ...openOrders.flatMap((o) =>
      (o.ownCollections ?? []).flatMap((c) =>
        c.payments.filter((p) => !p.canceled_at).map((p) => p.data?.bnpl_payment_id)
      )
    ),
  ])
  const ledger = (pid: string) => h.db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)

  // 1. Every payment the service charged is held by an order, given back, or listed.
  for (const [pid, p] of service) {
    if (charged(p) && refunded(p) < p.purchase_amount && !heldByOpenOrder.has(pid) && !listedOpen(pid)) {
      say(
        INVARIANTS[0],
        `${pid}: charged (${p.state}, ${refunded(p)}/${p.purchase_amount} cents refunded), no open order holds it, ledger ${ledger(pid)?.status ?? "none"}, not listed as to deal with`
      )
    }
  }

  // 2. No goods handed over with a pay-at-shipment payment not started, unless listed.
  for (const order of openOrders) {
    const handedOver = order.fulfillments.some((f) => !f.canceled_at && (f.shipped_at || f.delivered_at))
    if (!handedOver) continue
    // The order's payment: its live Medusa payment's, else (placed while the service reviewed it) its cart's latest.
    const pid =
      heldPid(order) ?? h.db.tables.bnpl_payment.filter((r) => r.cart_id === order.cart_id).at(-1)?.bnpl_payment_id
    const p = pid && service.get(pid)
    if (!p || !p.deferred_trigger || triggered(p)) continue
    const failedTrigger = h.module.rows.some(
      (r) => r.order_id === order.id && r.kind === "trigger" && r.status === "failed"
    )
    if (!failedTrigger && !listed.has(pid)) {
      say(
        INVARIANTS[1],
        `${order.id}: goods handed over (${order.events.join(" → ")}), pay-at-shipment payment ${pid} never started (${p.state}${p.expired_at != null ? ", cancelled/expired" : ""}), ledger ${ledger(pid)?.status ?? "none"}, nothing listed`
      )
    }
  }

  // 3. Per payment, the refunds Medusa recorded equal the refunds the service made: every
  // collection, the carts' and the orders' own.
  const orderOfCollection = (collectionId: string) =>
    h.medusa.orders.find((o) => h.medusa.collectionsOf(o).some((c) => c.id === collectionId))
  for (const collection of h.medusa.collections()) {
    for (const payment of collection.payments) {
      const pid = payment.data?.bnpl_payment_id
      const p = pid && service.get(pid)
      if (!p) continue
      const medusa = MedusaStandIn.refundedCents(payment)
      const order = orderOfCollection(collection.id)
      const heldOpen = !!order && order.status !== "canceled" && !payment.canceled_at
      if (medusa > refunded(p) || (heldOpen && medusa !== refunded(p))) {
        say(
          INVARIANTS[2],
          `${payment.id} (${pid}${heldOpen ? ", held by open order" : ""}): Medusa recorded ${medusa} cents of refunds (${payment.refunds.length} refunds), the service made ${refunded(p)} (${p.refunds.length})`
        )
      }
    }
  }

  // 9. A store that captures accepted payments records what the service took: an open order's
  // payment the service charged (a pay-at-shipment one once started) is captured in Medusa.
  if (h.config.autoCapture) {
    for (const order of openOrders) {
      const payment = livePayment(order)
      const p = payment?.data?.bnpl_payment_id && service.get(payment.data.bnpl_payment_id)
      if (p && charged(p) && refunded(p) === 0 && !payment!.captures.length) {
        say(
          INVARIANTS[8],
          `${payment!.id} (${payment!.data.bnpl_payment_id}): charged at the service (${p.state}), not captured in Medusa`
        )
      }
    }
  }

  // 4. Nothing started, captured or triggered at the service for a cancelled order.
  for (const order of canceledOrders) {
    for (const pid of pidsOfOrder(h, order)) {
      const p = service.get(pid)
      if (!p) continue
      if (standing(p, Math.floor(h.now / 1000))) {
        say(
          INVARIANTS[3],
          `${order.id}: payment ${pid} still stands at the service after the cancel (${p.state}, ${refunded(p)}/${p.purchase_amount} cents refunded, expired ${p.expired_at != null})`
        )
      }
      const later = h.sandbox.requests
        .slice(order.canceled_at_request ?? 0)
        .filter((r: any) => r.method === "POST" && r.path === `/v1/payments/${pid}/trigger`)
      if (later.length)
        say(INVARIANTS[3], `${order.id}: payment ${pid} triggered ${later.length}x after the order was cancelled`)
    }
    for (const payment of order.collection.payments) {
      if (
        payment.captures.length &&
        payment.canceled_at &&
        payment.captured_at &&
        payment.captured_at > payment.canceled_at
      ) {
        say(INVARIANTS[3], `${order.id}: Medusa payment ${payment.id} captured after it was cancelled`)
      }
    }
  }

  // 5. The service's order status equals the shop's last event; with several parcels, the
  // furthest (a status never goes back: README "After the order", a second parcel shipped
  // after the first was delivered leaves the order delivered).
  const RANK: Record<string, number> = { shipped: 1, delivered: 2, canceled: 3 }
  for (const order of h.medusa.orders.filter((o) => o.heldPayment)) {
    const last = order.events.reduce<string | null>(
      (best, e) => ((RANK[e] ?? 0) > (RANK[best ?? ""] ?? 0) ? e : best),
      null
    )
    // An open order whose every instalment payment Medusa cancelled (an order edit on an
    // authorized, uncaptured payment: createOrUpdateOrderPaymentCollectionWorkflow) has none to
    // tell until it pays again (a link); then that payment is told.
    const livePids = h.medusa
      .collectionsOf(order)
      .flatMap((c) => c.payments.filter((p) => !p.canceled_at).map((p) => p.data?.bnpl_payment_id))
      .filter((x): x is string => !!x)
    if (order.status !== "canceled" && !livePids.length && order.collection.payments.some((p) => p.canceled_at))
      continue
    const candidates = order.status !== "canceled" && livePids.length ? livePids : pidsOfOrder(h, order)
    const pid = candidates.find((x) => service.get(x)?.orders?.length) ?? heldPid(order) ?? candidates[0]
    const serviceOrder = pid ? service.get(pid)?.orders?.[0] : undefined
    const status = serviceOrder?.status ?? null
    if (!serviceOrder && last === null) continue
    if (!serviceOrder) {
      say(INVARIANTS[4], `${order.id}: the shop's last event is ${last}, the service has no order for payment ${pid}`)
    } else if (status !== last) {
      say(
        INVARIANTS[4],
        `${order.id}: the shop's last event is ${last} (${order.events.join(" → ")}), the service says ${status}`
      )
    }
  }

  // 6. No call with another account's key.
  const owners = new Map<string, string | undefined>()
  const orderOwners = new Map<string, string>()
  for (const [pid, p] of service) {
    owners.set(pid, await ownerKey(h, pid))
    for (const o of p.orders ?? []) orderOwners.set(o.id, pid)
  }
  for (const r of h.sandbox.requests) {
    const key = /^Service-Auth (\S+)$/.exec(r.headers?.authorization ?? "")?.[1]
    // Every call about a payment or about one of its orders (`/v2/orders/:order_id/...`, whatever the endpoint).
    const m = /^\/v1\/payments?\/(payment_[^/]+)/.exec(r.path) ?? /^\/v2\/orders\/([^/?]+)/.exec(r.path)
    if (!m) continue
    const pid = m[1].startsWith("payment_") ? m[1] : orderOwners.get(m[1])
    const owner = pid ? owners.get(pid) : undefined
    if (owner && key !== owner) {
      say(
        INVARIANTS[5],
        `${r.method} ${r.path} with the key of another account (${key?.slice(0, 8)}…, payment of ${owner.slice(0, 8)}…)`
      )
    }
  }

  // 7. A forged notification costs no service call.
  for (const pid of h.forgedPids) {
    const calls = h.sandbox.requests.filter((r: any) => r.path.includes(pid)).length
    if (calls) say(INVARIANTS[6], `forged ${pid}: ${calls} service call(s)`)
  }

  // 8. The plugin never hands Medusa a programming error.
  for (const e of h.programmingErrors) say(INVARIANTS[7], e)
  // 10. No refund at the service for a payment Medusa holds (authorized or captured) on a live
  // order beyond the refunds Medusa recorded: the reconciliation's own definition (consistency.ts).
  for (const order of openOrders) {
    for (const collection of h.medusa.collectionsOf(order)) {
      for (const payment of collection.payments.filter((x) => !x.canceled_at)) {
        const pid = payment.data?.bnpl_payment_id
        const p = pid && service.get(pid)
        if (!p) continue
        const drift = driftsOf(
          {
            state: p.state,
            purchase_cents: p.purchase_amount,
            refunded_cents: refunded(p),
            deferred_trigger: !!p.deferred_trigger,
            trigger_applied: triggered(p),
          },
          {
            held_by_live_order: true,
            order_id: order.id,
            captured_cents: Math.round(payment.captures.reduce((sum, c) => sum + c.amount, 0) * 100),
            refunded_cents: MedusaStandIn.refundedCents(payment),
            shipped: false,
            listed: false,
            auto_capture: false,
          }
        ).find((d) => d.kind === "refunded_beyond_medusa")
        if (drift) say(INVARIANTS[9], `${payment.id} (${pid}) on ${order.id} (${collection.id}): ${drift.reason}`)
      }
    }
  }

  // 13. Medusa records each service payment once: two live payments of one service payment (a
  // notification and a link's return authorizing the same session at once) would each be
  // refunded or captured in Medusa for money taken once.
  const recorded = new Map<string, string[]>()
  for (const collection of h.medusa.collections()) {
    for (const payment of collection.payments.filter((x) => !x.canceled_at)) {
      const pid = payment.data?.bnpl_payment_id
      if (pid) recorded.set(pid, [...(recorded.get(pid) ?? []), payment.id])
    }
  }
  for (const [pid, ids] of recorded) {
    if (ids.length > 1)
      say(INVARIANTS[12], `${pid} is recorded by ${ids.length} live Medusa payments (${ids.join(", ")})`)
  }

  // 14. A cancelled or expired link, once the close job ran on a healthy service, is closed, and
  // every service payment started on its collection is the order's (a live Medusa payment) or
  // no longer standing (cancelled, refused, expired): none the customer could still complete.
  const nowSeconds = Math.floor(h.now / 1000)
  for (const link of await h.module.listBnplPaymentLinks({})) {
    const ended = link.cancelled_at || new Date(link.expires_at).getTime() <= h.now
    if (!ended) continue
    if (!link.closed_at) say(INVARIANTS[13], `link of ${link.payment_collection_id}: ended, never closed`)
    const collection = h.medusa.collections().find((c) => c.id === link.payment_collection_id)
    const held = new Set(collection?.payments.filter((x) => !x.canceled_at).map((x) => x.data?.bnpl_payment_id))
    for (const session of collection?.sessions ?? []) {
      const pid = session.data?.bnpl_payment_id
      const p = pid && service.get(pid)
      if (p && !held.has(pid) && standing(p, nowSeconds)) {
        say(
          INVARIANTS[13],
          `${pid}: on ended link ${link.payment_collection_id}, still ${p.state} at the service, not the order's`
        )
      }
    }
  }

  // 11. A pay-at-shipment deadline is the account's (the service payment's own limit), counted
  // from between the payment's creation and its order's placing: never a default guessed.
  const DAY = 86_400_000
  for (const row of h.db.tables.bnpl_payment.filter((r) => r.trigger_deadline)) {
    const p = service.get(row.bnpl_payment_id)
    const order = h.medusa.orders.find((o) => o.id === row.order_id)
    if (!p?.deferred_trigger_limit_days || !order) continue
    const deadline = new Date(row.trigger_deadline).getTime()
    const earliest = new Date(row.created_at).getTime() + p.deferred_trigger_limit_days * DAY
    const latest = order.placed_at.getTime() + p.deferred_trigger_limit_days * DAY
    if (deadline < earliest - 1000 || deadline > latest + 1000) {
      say(
        INVARIANTS[10],
        `${row.bnpl_payment_id} of ${order.id}: deadline ${new Date(deadline).toISOString()}, the account gives ${p.deferred_trigger_limit_days} days (between ${new Date(earliest).toISOString()} and ${new Date(latest).toISOString()})`
      )
    }
  }

  // 12. Every open order whose pay-at-shipment payment did not start by its deadline is warned
  // once that deadline passed (whatever its trigger did), and never twice: as the sequence ends,
  // and as each run of the deadline job left it (a payment started later was still not started then).
  for (const row of h.db.tables.bnpl_payment.filter((r) => r.pay_at_shipment && r.status === "ordered")) {
    const count = passedErrors(h, row.bnpl_payment_id)
    if (count > 1) say(INVARIANTS[11], `${row.bnpl_payment_id}: the deadline-passed error logged ${count} times`)
  }
  for (const { row, order, count } of passedNotStarted(h)) {
    if (count !== 1) {
      say(
        INVARIANTS[11],
        `${row.bnpl_payment_id} of ${order.id}: deadline ${new Date(row.trigger_deadline).toISOString()} passed, not started (${order.events.join(" → ")}), error logged ${count} times`
      )
    }
  }
  for (const miss of new Set(h.unwarned)) say(INVARIANTS[11], miss)

  return out
}

const passedErrors = (h: Harness, pid: string) =>
  h.errors.filter((e) => e.includes(pid) && /deadline .* passed/.test(e)).length

/** Invariant 12's payments now: of open orders, pay at shipment, deadline passed, not started; and how often warned. */
function passedNotStarted(h: Harness) {
  const out: { row: any; order: MOrder; count: number }[] = []
  for (const row of h.db.tables.bnpl_payment.filter((r) => r.pay_at_shipment && r.status === "ordered")) {
    const order = h.medusa.orders.find((o) => o.id === row.order_id && o.status !== "canceled")
    const p = h.sandbox.payments.get(row.bnpl_payment_id)
    const started = !!row.triggered_at || (p && triggered(p))
    const passed = row.trigger_deadline && new Date(row.trigger_deadline).getTime() < h.now
    if (order && passed && !started) out.push({ row, order, count: passedErrors(h, row.bnpl_payment_id) })
  }
  return out
}

/** After a run of the deadline job (harness `runWarnJob`): the passed deadlines it left unwarned (invariant 12). */
export function unwarnedByTheJob(h: Harness): string[] {
  return passedNotStarted(h)
    .filter(({ count }) => count === 0)
    .map(
      ({ row, order }) =>
        `${row.bnpl_payment_id} of ${order.id}: deadline ${new Date(row.trigger_deadline).toISOString()} passed, not started (${order.events.join(" → ")}), the deadline job of ${new Date(h.now).toISOString()} warned nothing`
    )
}
