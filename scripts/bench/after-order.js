'use strict'

/**
 * 6. After the order (issue 19, section 6; scripts/bench.js, on the configured boot, or alone
 * with BENCH_ONLY=after-order): N pay-at-shipment orders, then, 10 at a time, the merchant fulfils
 * each and marks it shipped with one parcel, every after-order call answered by the sandbox after
 * 20 ms. Per fulfillment: fulfillment answered → every message of it accepted (shipping_info,
 * tracking, status shipped, trigger: the shipment is made by the same worker right after the
 * fulfillment answers, its request time included); service requests per fulfillment by endpoint;
 * duplicates. First, one order alone from placement to delivery: its service requests.
 */

const { sleep } = require('../lib/processes')
const { ADMIN } = require('../lib/medusa')
const { paidOrder } = require('../lib/store-api')
const { percentile, mapLimit } = require('./lib')
const { storeApi, adminApi } = require('./store')
const { ms, markdownTable } = require('./report')
const { ROOT, SHIPPING_PATH, SYNC_DELAY_MS, config, say } = require('./config')
const { countBy, warehouseOf, wholeOrder, fulfilOrder, withDatabase, pollUntil, duplicatesOf } = require('./orders')
const { boot, withBoot, endPart } = require('./setup')
const { ensureRedisServer, startRedis } = require('../lib/redis')

/** The after-order calls (issue 19): attachment, status, trigger, tracking; and the shipping_info edit. */
const AFTER_ORDER_PATHS = [SHIPPING_PATH, '/v1/payments/', '/v2/orders/']
const PAY_AT_SHIPMENT_PLANS = [{ installments_count: 3 }, { installments_count: 3, pay_at_shipment: true }, { installments_count: 4 }]
/** A service request named by its endpoint (ids replaced), e.g. `POST /v1/payments/{id}/trigger`. */
const endpointOf = (r) =>
  `${r.method} ${r.path.replace(/\/v1\/payments\/(?!eligibility)[^/]+/, '/v1/payments/{id}').replace(/\/v1\/payment\/[^/]+/, '/v1/payment/{id}').replace(/\/v2\/orders\/[^/]+/, '/v2/orders/{order_id}').replace(/\/orders\/[^/]+\/status$/, '/orders/{reference}/status')}`

/** The order's messages to the service (bnpl_service_message rows), every kind. */
async function messagesOf(db, orderIds) {
  const { rows } = await db.query(
    `SELECT order_id, kind, status, attempts, accepted_at, created_at, bnpl_payment_id, service_order_id FROM bnpl_service_message WHERE order_id = ANY($1) AND deleted_at IS NULL`,
    [orderIds]
  )
  return rows
}

/** Waits until each order has `count` messages and none is pending; resolves the rows. */
function messagesSettled(db, orderIds, count, timeoutMs) {
  const settled = (rows) => {
    const perOrder = countBy(rows.map((r) => r.order_id))
    return orderIds.every((id) => perOrder[id] >= count) && rows.every((r) => r.status !== 'pending')
  }
  return pollUntil(() => messagesOf(db, orderIds), settled, timeoutMs, 100)
}

/** The merchant's hands on an order: fulfil it whole (resolves the fulfillment's id), ship it with one parcel, mark it delivered. */
function merchantActions(merchant, location) {
  return {
    fulfil: async (order) => (await fulfilOrder(merchant, order, location, '?fields=*fulfillments')).data.order.fulfillments.at(-1).id,
    ship: (order, fulfillmentId, trackingNumber) =>
      merchant.admin('POST', `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`, {
        items: wholeOrder(order),
        labels: [{ tracking_number: trackingNumber, tracking_url: '', label_url: 'https://labels.test/1.pdf' }],
      }),
    deliver: (order, fulfillmentId) => merchant.admin('POST', `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {}),
  }
}

/** One order alone, placement to delivery: what it costs the service (its requests, in order). */
async function oneOrderLifecycle({ sandbox, seed, api, db, hands }) {
  const first = sandbox.requests.length
  const one = await paidOrder(api.client, seed, { sandbox, price: 129.9, email: 'bench-lifecycle@example.com', payAtShipment: true })
  await messagesSettled(db, [one.order.id], 1, 30_000)
  const oneFulfillment = await hands.fulfil(one.order)
  await hands.ship(one.order, oneFulfillment, 'LIFE-1')
  await messagesSettled(db, [one.order.id], 5, 30_000)
  await hands.deliver(one.order, oneFulfillment)
  await messagesSettled(db, [one.order.id], 6, 30_000)
  await sleep(500) // a capture or another subscriber's last call
  return sandbox.requests.slice(first).map((r) => `${endpointOf(r)} → ${r.status}`)
}

/** Per order whose four messages were all accepted: the time to the last, from the fulfillment, and each half. */
function messageTimes(shipped, rows, requests = []) {
  const byOrder = new Map()
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r])
  const all = []
  const shipmentOnly = []
  const fulfillmentOnly = []
  const shipmentRecorded = []
  const fulfillmentRecorded = []
  const shipmentService = []
  const fulfillmentService = []
  for (const s of shipped) {
    const messages = (byOrder.get(s.orderId) ?? []).filter((r) => r.kind !== 'order')
    if (messages.length < 4 || messages.some((r) => r.status !== 'accepted' || !r.accepted_at)) continue
    const last = Math.max(...messages.map((r) => r.accepted_at.getTime()))
    all.push(last - s.fulfilledAt)
    const afterShipment = messages.filter((r) => r.kind !== 'shipping_info').map((r) => r.accepted_at.getTime())
    shipmentOnly.push(Math.max(...afterShipment) - s.shippedAt)
    const info = messages.find((r) => r.kind === 'shipping_info')
    fulfillmentOnly.push(info.accepted_at.getTime() - s.fulfilledAt)
    fulfillmentRecorded.push(info.created_at.getTime() - s.fulfilledAt)
    shipmentRecorded.push(Math.min(...messages.filter((r) => r.kind !== 'shipping_info').map((r) => r.created_at.getTime())) - s.shippedAt)
    // The service's own answers (the sandbox's clock): when it accepted each message.
    const names = new Set(messages.flatMap((r) => [r.bnpl_payment_id, r.service_order_id]).filter(Boolean))
    const accepted = requests.filter((q) => q.answered_at && q.status < 300 && [...names].some((n) => q.path.includes(n)))
    const lastAnswer = (list) => Math.max(...list.map((q) => new Date(q.answered_at).getTime()))
    // The shipping information is an edit of the payment (`/v1/payment/`); the shipment's are its trigger, status and parcel.
    const edits = accepted.filter((q) => q.path.startsWith('/v1/payment/'))
    const shipments = accepted.filter((q) => !q.path.startsWith('/v1/payment/') && !q.path.endsWith('/orders'))
    if (edits.length) fulfillmentService.push(lastAnswer(edits) - s.fulfilledAt)
    if (shipments.length) shipmentService.push(lastAnswer(shipments) - s.shippedAt)
  }
  return { all, shipmentOnly, fulfillmentOnly, shipmentRecorded, fulfillmentRecorded, shipmentService, fulfillmentService }
}

/** Each order fulfilled then shipped (one parcel), `fulfillmentConcurrency` at a time: when each was answered. */
function fulfilAndShip(hands, orders, label) {
  return mapLimit(orders, config.fulfillmentConcurrency, async ({ order }, i) => {
    const sentAt = Date.now()
    const fulfillmentId = await hands.fulfil(order)
    const fulfilledAt = Date.now()
    const shipment = await hands.ship(order, fulfillmentId, `${label}-${i}`)
    return { orderId: order.id, sentAt, fulfilledAt, shippedAt: Date.now(), shipmentOk: shipment.status === 200 }
  })
}

/**
 * N pay-at-shipment orders fulfilled and shipped, the after-order calls delayed: every message
 * and request. A warm-up round of orders goes first, the same way, and is not measured.
 */
async function fulfilAndShipMany({ sandbox, seed, api, db, hands, server }, n) {
  const warmup = config.afterOrderWarmup
  say(`${server.name}: after the order: ${n + warmup} pay-at-shipment checkouts (${config.checkoutConcurrency} at a time) ...`)
  const all = await mapLimit(Array.from({ length: n + warmup }, (_, i) => i), config.checkoutConcurrency, (i) =>
    paidOrder(api.client, seed, { sandbox, price: 129.9, email: `bench-ao-${i}@example.com`, payAtShipment: true })
  )
  await messagesSettled(db, all.map((o) => o.order.id), 1, 60_000 + (n + warmup) * 200) // the attachments, made at placement
  for (const prefix of AFTER_ORDER_PATHS) sandbox.setFault({ delayMs: SYNC_DELAY_MS, match: { path: prefix } })
  const warm = all.slice(0, warmup)
  if (warm.length) {
    say(`${server.name}: warm-up: ${warm.length} orders fulfilled and shipped, not measured ...`)
    await fulfilAndShip(hands, warm, 'WARM')
    await messagesSettled(db, warm.map((o) => o.order.id), 5, 120_000)
  }
  const orders = all.slice(warmup)
  const orderIds = orders.map((o) => o.order.id)
  say(`${server.name}: fulfilling and shipping ${n} orders (${config.fulfillmentConcurrency} at a time, after-order calls answered after ${SYNC_DELAY_MS} ms) ...`)
  const firstRequest = sandbox.requests.length
  const started = Date.now()
  const shipped = await fulfilAndShip(hands, orders, 'BENCH')
  const rows = await messagesSettled(db, orderIds, 5, 120_000 + n * 200)
  sandbox.clearFaults()
  return { shipped, rows, requests: sandbox.requests.slice(firstRequest), started }
}

/** @param {import('./setup').Bench} bench */
async function afterOrder(bench, server) {
  const n = config.afterOrderN
  const api = storeApi(server.url, bench.seed)
  const merchant = await adminApi(server.url, ADMIN)
  const saved = await merchant.admin('POST', '/admin/bnpl/settings', { plans: PAY_AT_SHIPMENT_PLANS })
  if (saved.status !== 200) throw new Error(`pay at shipment could not be offered: HTTP ${saved.status} ${JSON.stringify(saved.data)}`)
  const hands = merchantActions(merchant, await warehouseOf(merchant))
  return withDatabase(bench.databaseUrl, async (db) => {
    const on = { sandbox: bench.sandbox, seed: bench.seed, api, db, hands, server }
    const lifecycle = await oneOrderLifecycle(on)
    const { shipped, rows, requests, started } = await fulfilAndShipMany(on, n)
    const times = messageTimes(shipped, rows, requests)
    say(`fulfillment answered → shipping_info accepted, per order in the order they were fulfilled (ms): ${times.fulfillmentOnly.join(' ')}`)
    say(`shipment answered → its messages accepted, per order (ms): ${times.shipmentOnly.join(' ')}`)
    // Duplicates: the same content for the same path processed again (every path here is one payment's or order's).
    const processed = requests.filter((r) => r.method !== 'GET' && r.status >= 200 && r.status < 300)
    return {
      n,
      lifecycle,
      ...times,
      complete: times.all.length,
      seconds: (Date.now() - started) / 1000,
      statuses: countBy(rows.filter((r) => r.kind !== 'order').map((r) => `${r.kind}:${r.status}`)),
      perFulfillment: requests.length / n,
      byEndpoint: Object.fromEntries(Object.entries(countBy(requests.map(endpointOf))).map(([k, v]) => [k, Math.round((v / n) * 100) / 100])),
      duplicates: duplicatesOf(processed),
      shipmentFailures: shipped.filter((s) => !s.shipmentOk).length,
    }
  })
}

/** The after-order benchmark's rows for the summary table; `where`: the topology it ran on. */
function afterOrderRows(a, where) {
  const p = (values) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`
  const title = (text) => `After the order (${where}): ${text}`
  if (a.skipped) return [[title('not measured'), '-', a.skipped]]
  return [
    [
      title('fulfillment answered → every message of it accepted'),
      p(a.all),
      `${a.complete}/${a.n} pay-at-shipment orders fulfilled then shipped (one parcel), ${config.fulfillmentConcurrency} at a time (after ${config.afterOrderWarmup} not measured), after-order calls answered after ${SYNC_DELAY_MS} ms; messages: shipping_info, tracking, status shipped, trigger; includes the shipment request. Fulfillment answered → shipping_info accepted ${p(a.fulfillmentOnly)}; shipment answered → tracking, status, trigger accepted ${p(a.shipmentOnly)}; answered → its messages recorded (the event delivered, the order read): fulfillment ${p(a.fulfillmentRecorded)}, shipment ${p(a.shipmentRecorded)}; answered → the service answered its last message: fulfillment ${p(a.fulfillmentService)}, shipment ${p(a.shipmentService)}; ${a.shipmentFailures} shipment requests failed; statuses ${JSON.stringify(a.statuses)}`,
    ],
    [
      title('service requests per fulfillment (and its shipment)'),
      `${a.perFulfillment.toFixed(2)}`,
      Object.entries(a.byEndpoint).map(([endpoint, count]) => `${endpoint} ×${count}`).join('; '),
    ],
    [title('duplicates'), `${a.duplicates}`, 'the same content on the same path processed again by the service'],
  ]
}

/** One order's service requests, placement to delivery. */
function afterOrderLifecycle(a) {
  return ['## One pay-at-shipment order, placement to delivery: its service requests', '', ...a.lifecycle.map((line, i) => `${i + 1}. ${line}`)].join('\n')
}

/** The topologies' names in the report. */
const ONE_PROCESS = 'one process'
const SERVER_AND_WORKER = 'one server + one worker'

/** BENCH_ONLY=after-order: the configured boot and this benchmark only. @param {import('./setup').Bench} bench */
async function afterOrderOnly(bench) {
  const result = await withBoot(bench, 'configured', { env: bench.configuredEnv }, (server) => afterOrder(bench, server))
  await endPart(bench, 'after the order only', [markdownTable(afterOrderRows(result, ONE_PROCESS)), '', afterOrderLifecycle(result)])
}

/**
 * The after-order benchmark in Medusa's production topology (docs/production.md): Redis, one
 * HTTP server (`MEDUSA_WORKER_MODE=server`) taking the merchant's requests and one worker
 * (`worker`) running the subscribers, so the messages do not wait behind the requests. Part of
 * the whole bench, or alone (BENCH_ONLY=after-order-worker). Without redis-server (and no way to
 * install it) resolves `{skipped: why}`. @param {import('./setup').Bench} bench
 */
async function afterOrderOnWorker(bench) {
  const redisServer = ensureRedisServer({ log: say })
  if (!redisServer.path) return { skipped: redisServer.reason }
  const redis = await startRedis({ binary: redisServer.path })
  const running = { stop: () => redis.stop(), kill: () => redis.killNow() }
  bench.running.add(running)
  const env = { ...bench.configuredEnv, REDIS_URL: redis.url }
  try {
    const worker = await boot(bench, 'configured-worker', { cwd: ROOT, env: { ...env, MEDUSA_WORKER_MODE: 'worker' } })
    try {
      return await withBoot(bench, 'configured-server', { env: { ...env, MEDUSA_WORKER_MODE: 'server' } }, (server) => afterOrder(bench, server))
    } finally {
      await worker.stop()
    }
  } finally {
    await redis.stop()
  }
}

/** BENCH_ONLY=after-order-worker. @param {import('./setup').Bench} bench */
async function afterOrderWorkerOnly(bench) {
  const result = await afterOrderOnWorker(bench)
  if (result.skipped) throw new Error(result.skipped)
  await endPart(bench, 'after the order, one server and one worker over Redis', [markdownTable(afterOrderRows(result, SERVER_AND_WORKER)), '', afterOrderLifecycle(result)])
}

module.exports = { afterOrder, afterOrderOnWorker, afterOrderRows, afterOrderLifecycle, afterOrderOnly, afterOrderWorkerOnly, ONE_PROCESS, SERVER_AND_WORKER }
