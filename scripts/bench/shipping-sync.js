'use strict'

/**
 * 4. Shipping sync (scripts/bench.js, on the configured boot): N orders through the BNPL
 * checkout, then one admin fulfillment each (BENCH_FULFILLMENT_CONCURRENCY at a time), every push
 * answered by the sandbox after 20 ms. Latency: from the fulfillment request's response to the
 * sync's accepted_at; throughput: syncs accepted per second from the first fulfillment request to
 * the last accepted_at; duplicates: the same payload for the same payment accepted beyond the first.
 */

const { ADMIN } = require('../lib/medusa')
const { paidOrder } = require('../lib/store-api')
const { mapLimit, treeRss } = require('./lib')
const { storeApi, adminApi } = require('./store')
const { SHIPPING_PATH, SYNC_DELAY_MS, config, say } = require('./config')
const { warehouseOf, fulfilOrder, withDatabase, pollUntil, duplicatesOf } = require('./orders')

/** N whole BNPL checkouts over HTTP (BENCH_CHECKOUT_CONCURRENCY at a time), each step timed. */
async function bnplCheckouts(sandbox, server, seed, n) {
  const api = storeApi(server.url, seed)
  const optionNames = seed.shipping_options.map((o) => o.name)
  say(`${server.name}: ${n} BNPL checkouts (${config.checkoutConcurrency} at a time) ...`)
  const checkoutTimings = {}
  const checkoutStarted = Date.now()
  let done = 0
  const orders = await mapLimit(Array.from({ length: n }, (_, i) => i), config.checkoutConcurrency, async (i) => {
    const order = await paidOrder(api.client, seed, {
      sandbox,
      price: 129.9,
      shippingOption: optionNames[i % optionNames.length],
      email: `bench-${i}@example.com`,
      timings: checkoutTimings,
    })
    if (++done % 50 === 0) say(`  ${done}/${n} orders`)
    return order
  })
  return { orders, checkoutTimings, checkoutSeconds: (Date.now() - checkoutStarted) / 1000 }
}

/** Each order's sync row of its fulfillment once every one has settled (or the time is up). */
function syncRows(databaseUrl, orderIds, n) {
  const query = `SELECT s.order_id, s.status, s.attempts, s.accepted_at, f.created_at AS fulfillment_created_at
           FROM bnpl_service_message s LEFT JOIN fulfillment f ON f.id = s.fulfillment_id
          WHERE s.order_id = ANY($1) AND s.trigger = 'fulfillment_created' AND s.deleted_at IS NULL`
  const settled = (rows) => rows.filter((r) => r.status !== 'pending').length >= n
  return withDatabase(databaseUrl, (db) => pollUntil(async () => (await db.query(query, [orderIds])).rows, settled, 120_000 + n * 200, 250))
}

/** Per synced order: accepted_at from the fulfillment's answer, its request, its created_at. */
function syncTimes(fulfilled, rows) {
  const byOrder = new Map(rows.map((r) => [r.order_id, r]))
  const latencies = []
  const fromRequest = []
  const fromCreated = []
  for (const f of fulfilled) {
    const row = byOrder.get(f.orderId)
    if (row?.status === 'accepted' && row.accepted_at) {
      latencies.push(row.accepted_at.getTime() - f.answeredAt)
      fromRequest.push(row.accepted_at.getTime() - f.sentAt)
      if (row.fulfillment_created_at) fromCreated.push(row.accepted_at.getTime() - row.fulfillment_created_at.getTime())
    }
  }
  return { latencies, fromRequest, fromCreated }
}

/** @param {import('./setup').Bench} bench */
async function shippingSync(bench, server) {
  const { sandbox, seed } = bench
  const n = config.fulfillments
  const merchant = await adminApi(server.url, ADMIN)
  const location = await warehouseOf(merchant)
  const { orders, checkoutTimings, checkoutSeconds } = await bnplCheckouts(sandbox, server, seed, n)
  say(`${server.name}: ${n} orders in ${checkoutSeconds.toFixed(0)} s; fulfilling (${config.fulfillmentConcurrency} at a time, pushes delayed ${SYNC_DELAY_MS} ms) ...`)

  // Every push answered after 20 ms (processed normally, then delayed): no count = every call.
  sandbox.setFault({ delayMs: SYNC_DELAY_MS, match: { path: SHIPPING_PATH } })
  const firstRequest = sandbox.requests.length
  const fulfillStarted = Date.now()
  const fulfilled = await mapLimit(orders, config.fulfillmentConcurrency, async ({ order, pid }) => {
    const sentAt = Date.now()
    const response = await fulfilOrder(merchant, order, location)
    return { orderId: order.id, pid, sentAt, answeredAt: Date.now(), requestMs: response.ms }
  })
  const fulfillEnded = Date.now()
  const rows = await syncRows(bench.databaseUrl, fulfilled.map((f) => f.orderId), n)
  sandbox.clearFaults()

  const synced = rows.filter((r) => r.status === 'accepted')
  const lastSynced = synced.length ? Math.max(...synced.map((r) => r.accepted_at.getTime())) : NaN
  const statuses = rows.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {})
  // Duplicates: pushes of the same payload for the same payment the service accepted beyond the first.
  const pushes = sandbox.requests.slice(firstRequest).filter((r) => r.method === 'POST' && r.path.startsWith(SHIPPING_PATH))
  const accepted = pushes.filter((r) => r.status >= 200 && r.status < 300)
  return {
    n,
    checkoutSeconds,
    checkoutTimings,
    fulfillSeconds: (fulfillEnded - fulfillStarted) / 1000,
    requestTimings: fulfilled.map((f) => f.requestMs),
    ...syncTimes(fulfilled, rows),
    syncedCount: synced.length,
    statuses,
    throughput: synced.length / ((lastSynced - fulfillStarted) / 1000),
    drainSeconds: (lastSynced - fulfillStarted) / 1000,
    pushes: pushes.length,
    acceptedPushes: accepted.length,
    paymentsPushed: new Set(accepted.map((r) => r.path)).size,
    duplicates: duplicatesOf(accepted),
    rssAfter: treeRss(server.child.pid),
  }
}

module.exports = { shippingSync }
