#!/usr/bin/env node
'use strict'

/**
 * `npm run bench`: what the plugin costs a store, measured on a store this script sets up
 * itself. It prints figures and never asserts timings (the duplicate count is a fact, not a
 * timing: it must be 0).
 *
 *   - an embedded PostgreSQL (new cluster in .tmp, deleted at the end), the sandbox
 *     (in-process, on a free port), `medusa db:migrate`, `medusa exec ./scripts/seed-demo.ts`;
 *   - three boots of `medusa start` (NODE_ENV=production, admin disabled, one process with the
 *     in-memory event bus, cache and locking; REDIS_URL is cleared) on the same database, one
 *     after the other:
 *       without-plugin  Medusa's starter store (integration-tests/install/store, written to
 *                       .tmp without the plugin): the same Medusa and store, no bnpl module,
 *                       provider, routes, subscribers, jobs or cart hooks;
 *       unconfigured    this repository, no BNPL_API_URL / BNPL_API_KEY: the cart hook runs but
 *                       asks the service nothing (the route answers `not_configured`);
 *       configured      this repository against the sandbox;
 *     each gets the same workload (cart sequence, line-item updates: RSS read; the profile of a
 *     line-item update: its SQL statements by table, logged by PostgreSQL, and its CPU self time
 *     by package, sampled by V8; autocannon on the routes: RSS read); the configured boot then runs the shipping sync benchmark, then
 *     the after-order benchmark (issue 19: pay-at-shipment orders fulfilled and shipped, every
 *     message of a fulfillment accepted; one order's service requests from placement to
 *     delivery), then the account's plans benchmark (issue 20, bench/plans.js: plans of two
 *     deferral groups, 3x, 4x and pay in 30 days; service requests per cart sequence, every
 *     endpoint counted; a product grid of 24 cheap cards, every price below every plan's minimum:
 *     0 service calls), then the "service hangs" figure (line-item updates while eligibility
 *     answers after 6 s, over the same updates with a healthy service, in that one boot);
 *   - a fourth boot, configured-v2 (`BNPL_ELIGIBILITY_API=v2`, the newer eligibility interface:
 *     one request per amount where v1 makes one per deferral group), runs the account's plans
 *     benchmark alone, so its calls per cart sequence stand beside v1's;
 *   - prints a markdown table (also written to .tmp/bench-latest.md) and stops everything.
 *
 * Environment: BENCH_LATENCY_N (100 line-item updates per run; the "service hangs" figure uses
 * a third of it, at least 10, per side), BENCH_DURATION_S (10 s per
 * autocannon run), BENCH_CONNECTIONS (10), BENCH_FULFILLMENTS (orders fulfilled in the
 * shipping sync benchmark, default 200: see DEFAULT_FULFILLMENTS), BENCH_CHECKOUT_CONCURRENCY
 * (4), BENCH_FULFILLMENT_CONCURRENCY (10), BENCH_AFTER_ORDER_N (pay-at-shipment orders fulfilled
 * and shipped in the after-order benchmark, 50), BENCH_ONLY=after-order (only the configured boot
 * and that benchmark), BENCH_ONLY=hot-path (the three stores up at once, only the line-item updates, interleaved: latency and
 * profile; about 5 minutes), BENCH_ONLY=plans (only the account's plans rows: a configured boot with v1, then
 * one with v2; counts, valid on a loaded machine), BENCH_ONLY=hung (only the "service hangs" rows,
 * with the time from a recovery to a cart's plans: a configured boot). Logs of every medusa command: .tmp/bench-logs/.
 */

const fs = require('node:fs')
const path = require('node:path')
const autocannon = require('autocannon')
const { startPostgres, findFreePort } = require('./lib/postgres')
const { ROOT, sleep, settle, startedHere, onStopSignals, waitForHealth } = require('./lib/processes')
const { ADMIN, SANDBOX_KEY, spawnMedusa, runMedusa, seedDemoStore } = require('./lib/medusa')
const { paidOrder } = require('./lib/store-api')
const { percentile, mapLimit, treeRss, heapAfterGc, nodeProcesses, machine: describeMachine } = require('./bench/lib')
const { storeApi, adminApi, cartSequence } = require('./bench/store')
const { plansBenchmark, plansRows } = require('./bench/plans')
const { writeStarterStore } = require('./lib/starter-store')
const { ms, perSecond, ratio, mib, markdownTable } = require('./bench/report')
const { statementsDuring, profileDifference } = require('./bench/statements')
const { selfTimeByPlace, placeDifference } = require('./bench/cpu-profile')

const TMP = path.join(ROOT, '.tmp')
const RUN_DIR = path.join(TMP, `bench-run-${process.pid}`)
const LOG_DIR = path.join(TMP, 'bench-logs')
const HEAP_DIR = path.join(RUN_DIR, 'heap')
const OUTPUT = path.join(TMP, 'bench-latest.md')
const BARE_STORE = path.join(RUN_DIR, 'bare-store')
const DB_NAME = 'medusa_bnpl_bench'
const ELIGIBILITY_PATH = '/v1/payments/eligibility'
const SHIPPING_PATH = '/v1/payment/'
const SYNC_DELAY_MS = 20
/** "Service hangs": eligibility answered this late (a cart waits 1.5 s for plans). */
const HUNG_DELAY_MS = 6_000
const BOOT_TIMEOUT_MS = 240_000
/**
 * Every fulfilled order is first a whole BNPL checkout over HTTP (5 store requests + the
 * sandbox accepting): on this 2-core machine 200 take ~110 s when it is quiet and 3–5 min
 * when other work runs, so 1,000 would make a run ~15 min (quiet) to over 30 min. The default
 * 200 keeps a run at ~5–10 min; BENCH_FULFILLMENTS=1000 for the full figure.
 */
const DEFAULT_FULFILLMENTS = 200

const intFromEnv = (name, fallback) => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (got "${raw}")`)
  return value
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(fs.readFileSync(__filename, 'utf8').split('*/')[0].replace(/^[\s\S]*?\/\*\*/, '').replace(/^ \* ?/gm, ''))
  process.exit(0)
}

const config = {
  latencyN: intFromEnv('BENCH_LATENCY_N', 100),
  durationS: intFromEnv('BENCH_DURATION_S', 10),
  connections: intFromEnv('BENCH_CONNECTIONS', 10),
  fulfillments: intFromEnv('BENCH_FULFILLMENTS', DEFAULT_FULFILLMENTS),
  checkoutConcurrency: intFromEnv('BENCH_CHECKOUT_CONCURRENCY', 4),
  fulfillmentConcurrency: intFromEnv('BENCH_FULFILLMENT_CONCURRENCY', 10),
  afterOrderN: intFromEnv('BENCH_AFTER_ORDER_N', 50),
  /**
   * BENCH_ONLY=after-order: the configured boot and the after-order benchmark only (a few minutes);
   * BENCH_ONLY=hot-path: the three stores at once, line-item updates only, interleaved (latency, SQL statements, CPU profile);
   * BENCH_ONLY=plans: the account's plans rows only (a configured boot with v1, one with v2);
   * BENCH_ONLY=hung: the "service hangs" rows only (a configured boot).
   */
  only: process.env.BENCH_ONLY || null,
}
const ONLY_MODES = ['after-order', 'hot-path', 'plans', 'hung']
if (config.only && !ONLY_MODES.includes(config.only)) throw new Error(`BENCH_ONLY must be one of ${ONLY_MODES.join(', ')} (got "${config.only}")`)

const say = (line = '') => console.log(line ? `[bench] ${line}` : '')

/** Everything started here (PostgreSQL, the sandbox, medusa), stopped in reverse order. */
const running = startedHere()
/** The sandbox (in this process) once started. @type {any} */
let sandbox = null
/** The embedded PostgreSQL once started (scripts/lib/postgres.js). @type {any} */
let database = null

onStopSignals((signal) => {
  say(`${signal}: stopping everything`)
  running.stopAll().finally(() => process.exit(130))
})

// ---------------------------------------------------------------------------------------------
// Medusa boots

/** `medusa start` in `cwd` with `env`, on a free port; resolves once /health answers. */
async function boot(name, { cwd, env }) {
  const port = await findFreePort(0)
  const url = `http://localhost:${port}`
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const started = Date.now()
  fs.mkdirSync(HEAP_DIR, { recursive: true })
  const child = spawnMedusa(['start'], {
    cwd,
    env: {
      ...env,
      PORT: String(port),
      MEDUSA_BACKEND_URL: url,
      // The heap probe (bench/heap-probe.js): heap in use after a full GC, on request.
      NODE_OPTIONS: [env.NODE_OPTIONS, '--expose-gc', `--require ${path.join(__dirname, 'bench', 'heap-probe.js')}`].filter(Boolean).join(' '),
      BENCH_HEAP_DIR: HEAP_DIR,
    },
    logFile,
  })
  const { stop } = running.child(child)
  await waitForHealth(`${url}/health`, { timeoutMs: BOOT_TIMEOUT_MS, child, name: 'medusa', logFile })
  say(`${name}: medusa start ready on ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s (log .tmp/bench-logs/${name}.log)`)
  return { name, url, child, stop }
}

/**
 * The statement counts of a line-item update per boot, and the statements the plugin adds
 * (configured and unconfigured against without-plugin), by table.
 * @param {Record<string, {newTotal: any, sameTotal: any}>} byBoot
 */
function statementReport(byBoot) {
  const bare = byBoot['without-plugin']
  const lines = [
    '| SQL statements per line-item update | without plugin | unconfigured | configured |',
    '|---|---|---|---|',
    ...['newTotal', 'sameTotal'].map(
      (key) => `| ${key === 'newTotal' ? 'new total' : 'same total (quantity set again)'} | ${['without-plugin', 'unconfigured', 'configured'].map((name) => byBoot[name][key].total).join(' | ')} |`
    ),
    '',
  ]
  for (const name of ['unconfigured', 'configured']) {
    for (const key of ['newTotal', 'sameTotal']) {
      const difference = Object.entries(profileDifference(bare[key], byBoot[name][key]))
      lines.push(
        `Statements ${name} runs that without-plugin does not (${key === 'newTotal' ? 'new total' : 'same total'}; without → ${name}): ` +
          (difference.length ? difference.map(([kind, [a, b]]) => `${kind} ${a}→${b}`).join(', ') : 'none')
      )
    }
  }
  const bareCpu = bare.cpu
  if (bareCpu) {
    const n = bareCpu.updates
    lines.push('', `CPU self time per line-item update (ms; ${n} updates to new totals, V8 sampling profiler), where it differs most from without-plugin:`, '')
    lines.push('| where the code lives | without plugin | unconfigured | configured | configured − without |', '|---|---|---|---|---|')
    const configured = byBoot.configured.cpu
    for (const row of placeDifference(bareCpu, configured, n)) {
      const unconf = (byBoot.unconfigured.cpu.byPlace[row.place] ?? 0) / n
      lines.push(`| ${row.place} | ${row.base.toFixed(2)} | ${unconf.toFixed(2)} | ${row.other.toFixed(2)} | ${row.difference >= 0 ? '+' : ''}${row.difference.toFixed(2)} |`)
    }
    const busy = (cpu) => Object.entries(cpu.byPlace).filter(([place]) => place !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0) / n
    lines.push(`| **all but idle** | **${busy(bareCpu).toFixed(1)}** | **${busy(byBoot.unconfigured.cpu).toFixed(1)}** | **${busy(configured).toFixed(1)}** | **${(busy(configured) - busy(bareCpu)) >= 0 ? '+' : ''}${(busy(configured) - busy(bareCpu)).toFixed(1)}** |`)
  }
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------
// Measurements

const eligibilityCalls = () => sandbox.requests.filter((r) => r.path === ELIGIBILITY_PATH).length

// 1. The cart sequence: cartSequence in bench/store.js.

/**
 * 2. Line-item update latency: two carts with one 30.00 item each; for q = 2..N+1, cart A's
 * quantity is set to q, then cart B's (interleaved, so both runs see the same machine load).
 * Every total is new when A reaches it and was just seen when B does: configured, A is all
 * cache misses and B all hits. A short warm-up on other amounts first. (The one-store case of
 * interleavedLatency below.)
 */
async function lineItemLatency(api, n) {
  return (await interleavedLatency({ store: api }, n)).store
}

/**
 * 2'. The same line-item updates on several stores running at once (BENCH_ONLY=hot-path): for
 * each quantity, every store's cart A then cart B, the stores' order rotating, so each store sees
 * the same machine, heap age and database at the same moment; the ratios do not depend on which
 * boot was luckier. `apis`: store name → storeApi.
 */
async function interleavedLatency(apis, n) {
  const names = Object.keys(apis)
  const runs = {}
  for (const name of names) {
    const api = apis[name]
    const warm = (await api.createCart({ items: [{ price: 89 }] })).data.cart
    for (let q = 2; q <= 21; q++) await api.setQuantity(warm.id, warm.items[0].id, q)
    const carts = { A: (await api.createCart({ items: [{ price: 30 }] })).data.cart, B: (await api.createCart({ items: [{ price: 30 }] })).data.cart }
    runs[name] = Object.fromEntries(Object.entries(carts).map(([run, cart]) => [run, { cart, cartId: cart.id, timings: [], calls: 0 }]))
  }
  for (let q = 2; q <= n + 1; q++) {
    const order = names.map((_, i) => names[(i + q) % names.length])
    for (const name of order) {
      for (const run of ['A', 'B']) {
        const { cart } = runs[name][run]
        const before = eligibilityCalls()
        runs[name][run].timings.push((await apis[name].setQuantity(cart.id, cart.items[0].id, q)).ms)
        runs[name][run].calls += eligibilityCalls() - before
      }
    }
  }
  for (const byRun of Object.values(runs)) {
    for (const run of Object.values(byRun)) {
      run.p50 = percentile(run.timings, 50)
      run.p95 = percentile(run.timings, 95)
    }
  }
  return runs
}

/**
 * 2b. The SQL profile of a line-item update (scripts/bench/statements.js): every statement
 * PostgreSQL ran for it, by table, when the total is new and when it is unchanged (the same
 * quantity set again). Counts: valid on a loaded machine too.
 */
async function lineItemStatements(api) {
  const cart = (await api.createCart({ items: [{ price: 30 }] })).data.cart
  const line = cart.items[0].id
  await api.setQuantity(cart.id, line, 2) // not the first mutation of the cart
  const newTotal = await statementsDuring(database, () => api.setQuantity(cart.id, line, 3))
  const sameTotal = await statementsDuring(database, () => api.setQuantity(cart.id, line, 3))
  return { newTotal, sameTotal }
}

/**
 * 2c. The CPU profile of `n` line-item updates, each to a new total (bench/heap-probe.js
 * samples every 250 µs): self time by where the code lives (bench/cpu-profile.js).
 */
async function lineItemCpuProfile(server, api, n = 40) {
  const cart = (await api.createCart({ items: [{ price: 30 }] })).data.cart
  const line = cart.items[0].id
  for (let q = 2; q <= 6; q++) await api.setQuantity(cart.id, line, q) // warm
  // Every node process of the tree is profiled (`medusa start` may run the server in a child);
  // the one that served the requests is the busiest.
  const pids = nodeProcesses(server.child.pid)
  const files = pids.map((pid) => path.join(HEAP_DIR, `${pid}.cpuprofile`))
  for (const file of files) fs.rmSync(file, { force: true })
  for (const pid of pids) process.kill(pid, 'SIGTTIN')
  await sleep(300)
  for (let q = 7; q < 7 + n; q++) await api.setQuantity(cart.id, line, q)
  for (const pid of pids) process.kill(pid, 'SIGTTOU')
  for (let i = 0; i < 100 && !files.every((file) => fs.existsSync(file)); i++) await sleep(100)
  await sleep(500) // each is written in one call, but let it finish
  const busy = (summary) => Object.entries(summary.byPlace).reduce((sum, [place, ms]) => sum + (place === '(idle)' ? 0 : ms), 0)
  const summaries = files.filter((file) => fs.existsSync(file)).map((file) => selfTimeByPlace(JSON.parse(fs.readFileSync(file, 'utf8')), ROOT))
  if (!summaries.length) throw new Error('No CPU profile was written (bench/heap-probe.js preloaded?)')
  return { updates: n, ...summaries.sort((a, b) => busy(b) - busy(a))[0] }
}

async function cannon(title, url, headers) {
  const options = { url, headers, connections: config.connections }
  await autocannon({ ...options, duration: 2 }) // warm-up, not reported
  const result = await autocannon({ ...options, duration: config.durationS })
  return {
    title,
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** 3. Throughput of Medusa's GET /store/carts/:id and (with the plugin) the eligibility route. */
async function throughput(server, seed, cartId, hasPlugin) {
  const headers = { 'x-publishable-api-key': seed.publishable_key }
  const results = { cart: await cannon('GET /store/carts/:id', `${server.url}/store/carts/${cartId}`, headers) }
  if (hasPlugin) {
    const url = `${server.url}/store/bnpl/eligibility?amount=129.90&currency_code=eur`
    const warm = await fetch(url, { headers }).then((r) => r.json())
    results.eligibility = await cannon('GET /store/bnpl/eligibility?amount=129.90', url, headers)
    results.eligibility.serviceAvailable = warm?.eligibility?.service_available
  }
  return results
}

/** The workload every boot gets (same requests, same order); RSS read at the end. */
async function workload(server, seed, hasPlugin) {
  const api = storeApi(server.url, seed)
  const callsBefore = sandbox ? eligibilityCalls() : 0
  await sleep(2000)
  // Before any request: what loading the plugin costs, apart from what the workload allocates.
  const rssBoot = treeRss(server.child.pid)
  const heapBoot = await heapAfterGc(server.child.pid, HEAP_DIR)
  say(`${server.name}: cart sequence ×2`)
  const sequence = await cartSequence(api, { withEligibility: hasPlugin, countCalls: eligibilityCalls })
  say(`${server.name}: ${config.latencyN} line-item updates ×2 carts, interleaved`)
  const latency = await lineItemLatency(api, config.latencyN)
  await sleep(2000) // let the event loop and GC settle before reading RSS
  const rssWorkload = treeRss(server.child.pid)
  const heapWorkload = await heapAfterGc(server.child.pid, HEAP_DIR)
  const statements = await lineItemStatements(api)
  statements.cpu = await lineItemCpuProfile(server, api)
  say(`${server.name}: SQL statements per line-item update: ${statements.newTotal.total} (new total), ${statements.sameTotal.total} (same total)`)
  say(`${server.name}: autocannon ${config.durationS} s × ${hasPlugin ? 2 : 1} (${config.connections} connections)`)
  const load = await throughput(server, seed, latency.B.cartId, hasPlugin)
  await sleep(2000) // let the event loop and GC settle before reading RSS
  const rss = treeRss(server.child.pid)
  say(`${server.name}: line-item update p50 A ${ms(latency.A.p50)}, B ${ms(latency.B.p50)}; carts ${perSecond(load.cart.rps)}${load.eligibility ? `, eligibility ${perSecond(load.eligibility.rps)}` : ''}; RSS ${mib(rssWorkload.bytes)}, after autocannon ${mib(rss.bytes)}`)
  return { sequence, latency, statements, load, rssBoot, heapBoot, rssWorkload, heapWorkload, rss, serviceCalls: eligibilityCalls() - callsBefore }
}

/**
 * 3b. A storefront's product grid: 24 cards (10 distinct prices, some written differently,
 * as a storefront gets them) in one `?amounts=` request. Cold: one service call per distinct
 * price; warm (the next visitor): none. Then choosing a plan for a cart whose kept plans are
 * fresh: the payment session costs no eligibility call.
 */
async function productGrid(server, seed) {
  const prices = ['19.90', '24.50', '39', '59.90', '79.00', '99.90', '149', '249.90', '499', '1299']
  const grid = Array.from({ length: 24 }, (_, i) => (i % 3 === 2 ? String(Number(prices[i % prices.length])) : prices[i % prices.length]))
  const distinct = new Set(grid.map((p) => Math.round(Number(p) * 100))).size
  const api = storeApi(server.url, seed)
  const url = `/store/bnpl/eligibility?amounts=${grid.join(',')}&currency_code=eur`
  const visit = async () => {
    const before = eligibilityCalls()
    const response = await api.client.store('GET', url)
    return { requests: 1, calls: eligibilityCalls() - before, ms: response.ms, answers: response.data.eligibilities.length }
  }
  const cold = await visit()
  const warm = await visit()

  // Choosing a plan: the cart's plans were just read (fresh), the session asks nothing more.
  const { data } = await api.createCart({ items: [{ price: 129.9 }] })
  await api.addShipping(data.cart.id, 'Colissimo Home')
  await api.cartEligibility(data.cart.id)
  const before = eligibilityCalls()
  const { data: collection } = await api.client.store('POST', '/store/payment-collections', { cart_id: data.cart.id })
  const session = await api.client.store('POST', `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`, {
    provider_id: 'pp_bnpl_bnpl',
    data: { installments_count: 3, return_url: 'http://localhost:8000/checkout/bnpl-return' },
  })
  const choose = { calls: eligibilityCalls() - before, ms: session.ms }
  say(`${server.name}: product grid of ${grid.length} cards (${distinct} prices): ${cold.calls} service calls cold, ${warm.calls} warm; choosing a plan: ${choose.calls}`)
  return { cards: grid.length, distinct, cold, warm, choose }
}

/**
 * 4. Shipping sync: N orders through the BNPL checkout, then one admin fulfillment each
 * (BENCH_FULFILLMENT_CONCURRENCY at a time), every push answered by the sandbox after 20 ms.
 * Latency: from the fulfillment request's response to the sync's synced_at; throughput: syncs
 * accepted per second from the first fulfillment request to the last synced_at.
 */
async function shippingSync(server, seed, databaseUrl) {
  const n = config.fulfillments
  const api = storeApi(server.url, seed)
  const merchant = await adminApi(server.url, ADMIN)
  const { data: locations } = await merchant.admin('GET', '/admin/stock-locations?fields=id,name')
  const location = locations.stock_locations.find((l) => l.name === 'Paris Warehouse') ?? locations.stock_locations[0]
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
  const checkoutSeconds = (Date.now() - checkoutStarted) / 1000
  say(`${server.name}: ${n} orders in ${checkoutSeconds.toFixed(0)} s; fulfilling (${config.fulfillmentConcurrency} at a time, pushes delayed ${SYNC_DELAY_MS} ms) ...`)

  // Every push answered after 20 ms (processed normally, then delayed): no count = every call.
  sandbox.setFault({ delayMs: SYNC_DELAY_MS, match: { path: SHIPPING_PATH } })
  const firstRequest = sandbox.requests.length
  const fulfillStarted = Date.now()
  const fulfilled = await mapLimit(orders, config.fulfillmentConcurrency, async ({ order, pid }) => {
    const sentAt = Date.now()
    const response = await merchant.admin('POST', `/admin/orders/${order.id}/fulfillments`, {
      items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })),
      location_id: location.id,
    })
    return { orderId: order.id, pid, sentAt, answeredAt: Date.now(), requestMs: response.ms }
  })
  const fulfillEnded = Date.now()

  const { Client } = require('pg')
  const db = new Client({ connectionString: databaseUrl })
  await db.connect()
  const orderIds = fulfilled.map((f) => f.orderId)
  let rows = []
  try {
    const deadline = Date.now() + 120_000 + n * 200
    for (;;) {
      ;({ rows } = await db.query(
        `SELECT s.order_id, s.status, s.attempts, s.synced_at, f.created_at AS fulfillment_created_at
           FROM bnpl_shipping_sync s LEFT JOIN fulfillment f ON f.id = s.fulfillment_id
          WHERE s.order_id = ANY($1) AND s.trigger = 'fulfillment_created' AND s.deleted_at IS NULL`,
        [orderIds]
      ))
      const settled = rows.filter((r) => r.status !== 'pending')
      if (settled.length >= n || Date.now() > deadline) break
      await sleep(250)
    }
  } finally {
    await db.end()
  }
  sandbox.clearFaults()

  const byOrder = new Map(rows.map((r) => [r.order_id, r]))
  const latencies = []
  const fromRequest = []
  const fromCreated = []
  for (const f of fulfilled) {
    const row = byOrder.get(f.orderId)
    if (row?.status === 'synced' && row.synced_at) {
      latencies.push(row.synced_at.getTime() - f.answeredAt)
      fromRequest.push(row.synced_at.getTime() - f.sentAt)
      if (row.fulfillment_created_at) fromCreated.push(row.synced_at.getTime() - row.fulfillment_created_at.getTime())
    }
  }
  const synced = rows.filter((r) => r.status === 'synced')
  const lastSynced = synced.length ? Math.max(...synced.map((r) => r.synced_at.getTime())) : NaN
  const statuses = rows.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {})

  // Duplicates: pushes of the same payload for the same payment the service accepted beyond the first.
  const pushes = sandbox.requests.slice(firstRequest).filter((r) => r.method === 'POST' && r.path.startsWith(SHIPPING_PATH))
  const accepted = pushes.filter((r) => r.status >= 200 && r.status < 300)
  const seen = new Map()
  for (const r of accepted) {
    const key = `${r.path} ${JSON.stringify(r.body)}`
    seen.set(key, (seen.get(key) ?? 0) + 1)
  }
  const duplicates = [...seen.values()].reduce((s, count) => s + count - 1, 0)
  const paymentsPushed = new Set(accepted.map((r) => r.path)).size

  return {
    n,
    checkoutSeconds,
    checkoutTimings,
    fulfillSeconds: (fulfillEnded - fulfillStarted) / 1000,
    requestTimings: fulfilled.map((f) => f.requestMs),
    latencies,
    fromRequest,
    fromCreated,
    syncedCount: synced.length,
    statuses,
    throughput: synced.length / ((lastSynced - fulfillStarted) / 1000),
    drainSeconds: (lastSynced - fulfillStarted) / 1000,
    pushes: pushes.length,
    acceptedPushes: accepted.length,
    paymentsPushed,
    duplicates,
    rssAfter: treeRss(server.child.pid),
  }
}

/** The after-order calls (issue 19): attachment, status, trigger, tracking; and the shipping_info edit. */
const AFTER_ORDER_PATHS = [SHIPPING_PATH, '/v1/payments/', '/v2/orders/']
const PAY_AT_SHIPMENT_PLANS = [{ installments_count: 3 }, { installments_count: 3, pay_at_shipment: true }, { installments_count: 4 }]
/** A service request named by its endpoint (ids replaced), e.g. `POST /v1/payments/{id}/trigger`. */
const endpointOf = (r) =>
  `${r.method} ${r.path.replace(/\/v1\/payments\/(?!eligibility)[^/]+/, '/v1/payments/{id}').replace(/\/v1\/payment\/[^/]+/, '/v1/payment/{id}').replace(/\/v2\/orders\/[^/]+/, '/v2/orders/{order_id}').replace(/\/orders\/[^/]+\/status$/, '/orders/{reference}/status')}`
const countBy = (values) => values.reduce((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {})

/** The order's messages to the service (bnpl_shipping_sync rows), every kind. */
async function messagesOf(db, orderIds) {
  const { rows } = await db.query(
    `SELECT order_id, kind, status, attempts, synced_at FROM bnpl_shipping_sync WHERE order_id = ANY($1) AND deleted_at IS NULL`,
    [orderIds]
  )
  return rows
}

/** Waits until each order has `count` messages and none is pending; resolves the rows. */
async function messagesSettled(db, orderIds, count, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await messagesOf(db, orderIds)
    const perOrder = countBy(rows.map((r) => r.order_id))
    if ((orderIds.every((id) => perOrder[id] >= count) && rows.every((r) => r.status !== 'pending')) || Date.now() > deadline) return rows
    await sleep(100)
  }
}

/**
 * 6. After the order (issue 19, section 6): N pay-at-shipment orders, then, 10 at a time, the
 * merchant fulfils each and marks it shipped with one parcel, every after-order call answered by
 * the sandbox after 20 ms. Per fulfillment: fulfillment answered → every message of it accepted
 * (shipping_info, tracking, status shipped, trigger: the shipment is made by the same worker right
 * after the fulfillment answers, its request time included); service requests per fulfillment by
 * endpoint; duplicates. First, one order alone from placement to delivery: its service requests.
 */
async function afterOrder(server, seed, databaseUrl) {
  const n = config.afterOrderN
  const api = storeApi(server.url, seed)
  const merchant = await adminApi(server.url, ADMIN)
  const saved = await merchant.admin('POST', '/admin/bnpl/settings', { plans: PAY_AT_SHIPMENT_PLANS })
  if (saved.status !== 200) throw new Error(`pay at shipment could not be offered: HTTP ${saved.status} ${JSON.stringify(saved.data)}`)
  const { data: locations } = await merchant.admin('GET', '/admin/stock-locations?fields=id,name')
  const location = locations.stock_locations.find((l) => l.name === 'Paris Warehouse') ?? locations.stock_locations[0]
  const { Client } = require('pg')
  const db = new Client({ connectionString: databaseUrl })
  await db.connect()
  const fulfil = async (order) => {
    const response = await merchant.admin('POST', `/admin/orders/${order.id}/fulfillments?fields=*fulfillments`, {
      items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })),
      location_id: location.id,
    })
    return response.data.order.fulfillments.at(-1).id
  }
  const ship = (order, fulfillmentId, trackingNumber) =>
    merchant.admin('POST', `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`, {
      items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })),
      labels: [{ tracking_number: trackingNumber, tracking_url: '', label_url: 'https://labels.test/1.pdf' }],
    })
  try {
    // One order alone, placement to delivery: what it costs the service.
    const first = sandbox.requests.length
    const one = await paidOrder(api.client, seed, { sandbox, price: 129.9, email: 'bench-lifecycle@example.com', payAtShipment: true })
    await messagesSettled(db, [one.order.id], 1, 30_000)
    const oneFulfillment = await fulfil(one.order)
    await ship(one.order, oneFulfillment, 'LIFE-1')
    await messagesSettled(db, [one.order.id], 5, 30_000)
    await merchant.admin('POST', `/admin/orders/${one.order.id}/fulfillments/${oneFulfillment}/mark-as-delivered`, {})
    await messagesSettled(db, [one.order.id], 6, 30_000)
    await sleep(500) // a capture or another subscriber's last call
    const lifecycle = sandbox.requests.slice(first).map((r) => `${endpointOf(r)} → ${r.status}`)

    say(`${server.name}: after the order: ${n} pay-at-shipment checkouts (${config.checkoutConcurrency} at a time) ...`)
    const orders = await mapLimit(Array.from({ length: n }, (_, i) => i), config.checkoutConcurrency, (i) =>
      paidOrder(api.client, seed, { sandbox, price: 129.9, email: `bench-ao-${i}@example.com`, payAtShipment: true })
    )
    const orderIds = orders.map((o) => o.order.id)
    await messagesSettled(db, orderIds, 1, 60_000 + n * 200) // the attachments, made at placement
    say(`${server.name}: fulfilling and shipping ${n} orders (${config.fulfillmentConcurrency} at a time, after-order calls answered after ${SYNC_DELAY_MS} ms) ...`)
    for (const prefix of AFTER_ORDER_PATHS) sandbox.setFault({ delayMs: SYNC_DELAY_MS, match: { path: prefix } })
    const firstRequest = sandbox.requests.length
    const started = Date.now()
    const shipped = await mapLimit(orders, config.fulfillmentConcurrency, async ({ order }, i) => {
      const sentAt = Date.now()
      const fulfillmentId = await fulfil(order)
      const fulfilledAt = Date.now()
      const shipment = await ship(order, fulfillmentId, `BENCH-${i}`)
      return { orderId: order.id, sentAt, fulfilledAt, shippedAt: Date.now(), shipmentOk: shipment.status === 200 }
    })
    const rows = await messagesSettled(db, orderIds, 5, 120_000 + n * 200)
    sandbox.clearFaults()
    const requests = sandbox.requests.slice(firstRequest)

    const byOrder = new Map()
    for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r])
    const all = []
    const shipmentOnly = []
    const fulfillmentOnly = []
    for (const s of shipped) {
      const messages = (byOrder.get(s.orderId) ?? []).filter((r) => r.kind !== 'order_reference')
      if (messages.length < 4 || messages.some((r) => r.status !== 'synced' || !r.synced_at)) continue
      const last = Math.max(...messages.map((r) => r.synced_at.getTime()))
      all.push(last - s.fulfilledAt)
      const afterShipment = messages.filter((r) => r.kind !== 'shipping_info').map((r) => r.synced_at.getTime())
      shipmentOnly.push(Math.max(...afterShipment) - s.shippedAt)
      fulfillmentOnly.push(messages.find((r) => r.kind === 'shipping_info').synced_at.getTime() - s.fulfilledAt)
    }
    // Duplicates: the same content for the same path processed again (every path here is one payment's or order's).
    const processed = requests.filter((r) => r.method !== 'GET' && r.status >= 200 && r.status < 300)
    const seen = countBy(processed.map((r) => `${r.path} ${JSON.stringify(r.body)}`))
    const duplicates = Object.values(seen).reduce((sum, count) => sum + count - 1, 0)
    return {
      n,
      lifecycle,
      all,
      shipmentOnly,
      fulfillmentOnly,
      complete: all.length,
      seconds: (Date.now() - started) / 1000,
      statuses: countBy(rows.filter((r) => r.kind !== 'order_reference').map((r) => `${r.kind}:${r.status}`)),
      perFulfillment: requests.length / n,
      byEndpoint: Object.fromEntries(Object.entries(countBy(requests.map(endpointOf))).map(([k, v]) => [k, Math.round((v / n) * 100) / 100])),
      duplicates,
      shipmentFailures: shipped.filter((s) => !s.shipmentOk).length,
    }
  } finally {
    await db.end()
  }
}

/**
 * 5. A hung service: line-item updates of a cart (89.00 item, each update a total never seen,
 * so each asks the service unless something stops it) while the service is healthy, then while
 * every eligibility request is answered after 6 s (the sandbox's delay fault; a cart waits 1.5 s).
 * The circuit breaker opens after three timeouts; the figure is the p50 of the updates after the
 * first three mutations of the hung cart (its creation and two updates) over the healthy p50.
 * Then the service recovers: the hung cart's updates (a new total each, one every 500 ms) go on
 * until one gets plans again; the figure is the time from the recovery to that update (the open
 * breaker's background probe ends its 30 s cool-down once the service answers it).
 */
async function hungService(api, wanted) {
  // Every total within the account's bounds (the sandbox's 50-5,000 EUR): an amount outside them
  // asks the service nothing. Hence at most 40 updates of the 89.00 line. The hung cart has a
  // 30.00 item too, and during the recovery two of them (the 89.00 line going down again): each
  // total is one no cart had (30 and 60 are no multiples of 89). Not the gift card: excluded.
  const n = Math.min(wanted, 40)
  const run = async (others) => {
    const before = eligibilityCalls()
    const cart = (await api.createCart({ items: [{ price: 89, quantity: 1 }, ...others] })).data.cart
    const line = cart.items.find((i) => Number(i.unit_price) === 89)
    const timings = []
    let thirdMutationEnded = 0 // when the service hangs, the breaker opens then
    let q = 2
    for (; q <= n + 3; q++) {
      timings.push((await api.setQuantity(cart.id, line.id, q)).ms)
      if (timings.length === 2) thirdMutationEnded = Date.now()
    }
    return { timings, calls: eligibilityCalls() - before, cart, line, nextQuantity: q, thirdMutationEnded }
  }
  const healthy = await run([])
  sandbox.setFault({ match: { path: ELIGIBILITY_PATH }, delayMs: HUNG_DELAY_MS })
  let hung
  try {
    hung = await run([{ price: 30, quantity: 1 }])
  } finally {
    sandbox.clearFaults()
  }
  const recovered = Date.now()
  const beforeRecovery = eligibilityCalls()
  const otherLine = hung.cart.items.find((i) => Number(i.unit_price) === 30)
  const recoveryUpdates = [
    () => api.setQuantity(hung.cart.id, otherLine.id, 2),
    ...Array.from({ length: hung.nextQuantity - 2 }, (_, i) => () => api.setQuantity(hung.cart.id, hung.line.id, hung.nextQuantity - 2 - i)),
  ]
  let updates = 0
  let plansBack = null
  for (const update of recoveryUpdates) {
    updates++
    await update()
    const { data } = await api.cartEligibility(hung.cart.id)
    if (data?.eligibility?.service_available) {
      plansBack = Date.now() - recovered
      break
    }
    await sleep(500)
  }
  // The creation and the first two updates are the first three mutations.
  const after = hung.timings.slice(2)
  return {
    n: after.length,
    healthy: { p50: percentile(healthy.timings.slice(2), 50), p95: percentile(healthy.timings.slice(2), 95), calls: healthy.calls },
    hung: { p50: percentile(after, 50), p95: percentile(after, 95), calls: hung.calls, first: hung.timings.slice(0, 2) },
    recovery: {
      ms: plansBack,
      // How long the breaker had been open when the service recovered (from the third mutation's end).
      openMs: recovered - hung.thirdMutationEnded,
      updates,
      calls: eligibilityCalls() - beforeRecovery,
    },
  }
}

/** The "service hangs" rows: the hung updates over healthy ones, and the recovery. */
function hungRows(hung) {
  const back = hung.recovery
  return [
    [
      'Line-item update, service hangs (eligibility answered after 6 s) / healthy',
      `p50 ${ratio(hung.hung.p50, hung.healthy.p50)} (${ms(hung.hung.p50)} / ${ms(hung.healthy.p50)})`,
      `same boot, N=${hung.n} each, each total new; hung: after the first three mutations (those took ${hung.hung.first.map(ms).join(', ')} for the two updates), p95 ${ms(hung.hung.p95)}, ${hung.hung.calls} eligibility requests reached the hung service (circuit breaker open after 3 timeouts, 30 s cool-down, its background probe every 5 s); healthy: p95 ${ms(hung.healthy.p95)}, ${hung.healthy.calls} requests`,
    ],
    [
      'Service recovered → first cart update with plans again',
      back.ms === null ? `not within ${back.updates} updates` : ms(back.ms),
      `the breaker had been open about ${ms(back.openMs)} of its 30 s cool-down; ${back.updates} updates (one every 500 ms, each a new total), ${back.calls} eligibility requests meanwhile (background probes and the update asked)`,
    ],
  ]
}

// ---------------------------------------------------------------------------------------------

/** The after-order benchmark's rows for the summary table. */
function afterOrderRows(a) {
  const p = (values) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`
  return [
    [
      'After the order: fulfillment answered → every message of it accepted',
      p(a.all),
      `${a.complete}/${a.n} pay-at-shipment orders fulfilled then shipped (one parcel), ${config.fulfillmentConcurrency} at a time, after-order calls answered after ${SYNC_DELAY_MS} ms; messages: shipping_info, tracking, status shipped, trigger; includes the shipment request. Fulfillment answered → shipping_info accepted ${p(a.fulfillmentOnly)}; shipment answered → tracking, status, trigger accepted ${p(a.shipmentOnly)}; ${a.shipmentFailures} shipment requests failed; statuses ${JSON.stringify(a.statuses)}`,
    ],
    [
      'After the order: service requests per fulfillment (and its shipment)',
      `${a.perFulfillment.toFixed(2)}`,
      Object.entries(a.byEndpoint).map(([endpoint, count]) => `${endpoint} ×${count}`).join('; '),
    ],
    ['After the order: duplicates', `${a.duplicates}`, 'the same content on the same path processed again by the service'],
  ]
}

/** One order's service requests, placement to delivery. */
function afterOrderLifecycle(a) {
  return ['## One pay-at-shipment order, placement to delivery: its service requests', '', ...a.lifecycle.map((line, i) => `${i + 1}. ${line}`)].join('\n')
}

async function main() {
  const started = Date.now()
  const machine = describeMachine()
  fs.mkdirSync(RUN_DIR, { recursive: true })
  running.add({ stop: () => fs.rmSync(RUN_DIR, { recursive: true, force: true }) })
  // The baseline: the starter store the install test installs the plugin in, without it.
  writeStarterStore(BARE_STORE, { config: 'module.exports = defineConfig({ ...starter, admin: { disable: true } })' })
  fs.mkdirSync(LOG_DIR, { recursive: true })
  say(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, load average ${machine.loadavg}`)
  say(`settings: BENCH_LATENCY_N=${config.latencyN} BENCH_DURATION_S=${config.durationS} BENCH_CONNECTIONS=${config.connections} BENCH_FULFILLMENTS=${config.fulfillments} BENCH_CHECKOUT_CONCURRENCY=${config.checkoutConcurrency} BENCH_FULFILLMENT_CONCURRENCY=${config.fulfillmentConcurrency}`)

  // PostgreSQL and the sandbox
  database = await startPostgres({ dataDir: path.join(RUN_DIR, 'pg'), persistent: false, port: 0 })
  running.add({ stop: () => settle(database.stop(), 15_000), kill: () => database.killNow() })
  await database.ensureDatabase(DB_NAME)
  const databaseUrl = database.url(DB_NAME)
  const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
  sandbox = await startSandbox({ port: 0, autoNotify: false })
  running.add({ stop: () => settle(sandbox.close()) })
  say(`PostgreSQL on localhost:${database.port} (embedded, new cluster), sandbox at ${sandbox.url}`)

  const baseEnv = { ...process.env }
  // One process, in-memory event bus, cache and locking (medusa-config.ts switches to Redis
  // with REDIS_URL): the same for the three boots.
  for (const key of ['BNPL_API_URL', 'BNPL_API_KEY', 'BNPL_ELIGIBILITY_API', 'MEDUSA_BACKEND_URL', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'MEDUSA_WORKER_MODE']) delete baseEnv[key]
  Object.assign(baseEnv, {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    MEDUSA_ADMIN_DISABLED: 'true',
    MEDUSA_DISABLE_TELEMETRY: 'true',
    // Empty, not absent: a .env file cannot fill them in (dotenv keeps what is set).
    BNPL_API_URL: '',
    BNPL_API_KEY: '',
    // Production refuses to start without a public backend URL (notifications); each boot sets
    // its own, migrations and the seed need one too.
    MEDUSA_BACKEND_URL: 'http://localhost:9000',
  })
  const configuredEnv = { ...baseEnv, BNPL_API_URL: sandbox.url, BNPL_API_KEY: SANDBOX_KEY }
  // The newer eligibility interface is an option read at start-up: a boot of its own.
  const v2Env = { ...configuredEnv, BNPL_ELIGIBILITY_API: 'v2' }

  // Migrations and the seeded store (the demo's seed)
  let t = Date.now()
  await runMedusa(['db:migrate'], { env: baseEnv, logFile: path.join(LOG_DIR, 'migrate.log'), running })
  say(`medusa db:migrate: ${((Date.now() - t) / 1000).toFixed(0)} s`)
  t = Date.now()
  const seedFile = path.join(RUN_DIR, 'seed.json')
  const { seed } = await seedDemoStore(seedFile, { env: baseEnv, logFile: path.join(LOG_DIR, 'seed.log'), running })
  say(`seeded store (scripts/seed-demo.ts): ${((Date.now() - t) / 1000).toFixed(0)} s`)

  const plansOnBoot = async (name, env) => {
    const server = await boot(name, { cwd: ROOT, env })
    try {
      say(`${name}: the account's plans: cart sequence ×2 with plans of two deferral groups, a grid of cheap items`)
      return await plansBenchmark(server, seed, { sandbox, admin: ADMIN })
    } finally {
      await server.stop()
    }
  }

  // The three boots, one at a time, same database
  const results = {}
  if (config.only === 'plans') {
    const runs = [
      { api: 'v1', result: await plansOnBoot('configured', configuredEnv) },
      { api: 'v2', result: await plansOnBoot('configured-v2', v2Env) },
    ]
    await running.stopAll()
    const report = ["# medusa-plugin-bnpl bench (the account's plans only)", '', `Machine: ${machine.cpu}, ${machine.cores} cores, load average ${machine.loadavg} at start, ${describeMachine().loadavg} at the end.`, '', markdownTable(plansRows(runs)), ''].join('\n')
    fs.writeFileSync(OUTPUT, report)
    console.log('')
    console.log(report)
    say(`written to ${path.relative(ROOT, OUTPUT)}; total ${((Date.now() - started) / 60000).toFixed(1)} min`)
    return
  }
  if (config.only === 'hung') {
    const server = await boot('configured', { cwd: ROOT, env: configuredEnv })
    try {
      const hungN = Math.max(10, Math.round(config.latencyN / 3))
      say(`configured: service hangs: ${hungN} line-item updates healthy, then with eligibility answered after ${HUNG_DELAY_MS / 1000} s, then recovered`)
      results.hung = await hungService(storeApi(server.url, seed), hungN)
    } finally {
      await server.stop()
    }
    await running.stopAll()
    const report = ['# medusa-plugin-bnpl bench (the hung service only)', '', `Machine: ${machine.cpu}, ${machine.cores} cores, load average ${machine.loadavg} at start, ${describeMachine().loadavg} at the end.`, '', markdownTable(hungRows(results.hung)), ''].join('\n')
    fs.writeFileSync(OUTPUT, report)
    console.log('')
    console.log(report)
    say(`written to ${path.relative(ROOT, OUTPUT)}; total ${((Date.now() - started) / 60000).toFixed(1)} min`)
    return
  }
  if (config.only === 'after-order') {
    const server = await boot('configured', { cwd: ROOT, env: configuredEnv })
    try {
      results.afterOrder = await afterOrder(server, seed, databaseUrl)
    } finally {
      await server.stop()
    }
    await running.stopAll()
    const report = ['# medusa-plugin-bnpl bench (after the order only)', '', `Machine: ${machine.cpu}, ${machine.cores} cores, load average ${machine.loadavg} at start, ${describeMachine().loadavg} at the end.`, '', markdownTable(afterOrderRows(results.afterOrder)), '', afterOrderLifecycle(results.afterOrder), ''].join('\n')
    fs.writeFileSync(OUTPUT, report)
    console.log('')
    console.log(report)
    say(`written to ${path.relative(ROOT, OUTPUT)}; total ${((Date.now() - started) / 60000).toFixed(1)} min`)
    return
  }
  const boots = [
    ['without-plugin', BARE_STORE, baseEnv, false],
    ['unconfigured', ROOT, baseEnv, true],
    ['configured', ROOT, configuredEnv, true],
  ]
  if (config.only === 'hot-path') {
    // The three stores up at once (same database): their updates interleaved, then each one's profile.
    const servers = {}
    for (const [name, cwd, env] of boots) servers[name] = await boot(name, { cwd, env })
    const apis = Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, storeApi(server.url, seed)]))
    say(`${config.latencyN} line-item updates ×2 carts on each of the three stores, interleaved; then each one's profile`)
    const latency = await interleavedLatency(apis, config.latencyN)
    for (const [name] of boots) {
      results[name] = await lineItemStatements(apis[name])
      results[name].cpu = await lineItemCpuProfile(servers[name], apis[name])
    }
    for (const server of Object.values(servers)) await server.stop()
    await running.stopAll()
    const bare = latency['without-plugin']
    const latencyRows = boots.flatMap(([name]) =>
      ['A', 'B'].map((run) => [
        `Line-item update, ${name}, ${run === 'A' ? 'new total (cache miss)' : 'same total as A just had (cache hit)'}`,
        `p50 ${ms(latency[name][run].p50)}, p95 ${ms(latency[name][run].p95)}`,
        name === 'without-plugin' ? `N=${config.latencyN}` : `p50 ${ratio(latency[name][run].p50, bare[run].p50)} vs without plugin; ${latency[name][run].calls} service calls`,
      ])
    )
    const report = [
      '# medusa-plugin-bnpl bench (the cart\'s hot path only)',
      '',
      'The three stores ran at once; their line-item updates interleaved (each quantity: every store in turn, the order rotating).',
      '',
      `Machine: ${machine.cpu}, ${machine.cores} cores, load average ${machine.loadavg} at start, ${describeMachine().loadavg} at the end.`,
      '',
      markdownTable(latencyRows),
      '',
      statementReport(Object.fromEntries(boots.map(([name]) => [name, results[name]]))),
      '',
    ].join('\n')
    fs.writeFileSync(OUTPUT, report)
    console.log('')
    console.log(report)
    say(`written to ${path.relative(ROOT, OUTPUT)}; total ${((Date.now() - started) / 60000).toFixed(1)} min`)
    return
  }
  for (const [name, cwd, env, hasPlugin] of boots) {
    const server = await boot(name, { cwd, env })
    try {
      results[name] = await workload(server, seed, hasPlugin)
      if (name === 'configured') {
        results.grid = await productGrid(server, seed)
        results.sync = await shippingSync(server, seed, databaseUrl)
        results.afterOrder = await afterOrder(server, seed, databaseUrl)
        say(`${name}: the account's plans: cart sequence ×2 with plans of two deferral groups, a grid of cheap items`)
        results.plans = await plansBenchmark(server, seed, { sandbox, admin: ADMIN })
        const hungN = Math.max(10, Math.round(config.latencyN / 3))
        say(`${name}: service hangs: ${hungN} line-item updates healthy, then with eligibility answered after ${HUNG_DELAY_MS / 1000} s`)
        results.hung = await hungService(storeApi(server.url, seed), hungN)
        say(`${name}: line-item update p50 healthy ${ms(results.hung.healthy.p50)}, service hanging ${ms(results.hung.hung.p50)} (${ratio(results.hung.hung.p50, results.hung.healthy.p50)}); plans back ${ms(results.hung.recovery.ms)} after the recovery`)
      }
    } finally {
      await server.stop()
    }
  }
  results.plansV2 = await plansOnBoot('configured-v2', v2Env)
  const runtime = (Date.now() - started) / 1000
  await running.stopAll()

  // Report
  const machineAfter = describeMachine()
  const conf = results.configured
  const unconf = results.unconfigured
  const bare = results['without-plugin']
  const sync = results.sync
  const rows = []
  const [cold, warm] = conf.sequence
  const bareOps = new Map(bare.sequence[0].operations.map((o) => [o.name, o]))
  const operationsTable = [
    '| operation | eligibility calls, first cart | same amounts, second cart (warm cache) | latency first cart, configured | without plugin |',
    '|---|---|---|---|---|',
    ...cold.operations.map((o, i) => `| ${o.name} | ${o.calls} | ${warm.operations[i].calls} | ${ms(o.ms)} | ${bareOps.has(o.name) ? ms(bareOps.get(o.name).ms) : '—'} |`),
    `| **total** | **${cold.total}** | **${warm.total}** | | |`,
  ].join('\n')
  rows.push(['Eligibility calls, cart sequence, first cart', `${cold.total}`, `${cold.operations.map((o) => o.calls).join('/')} per operation (table above)`])
  rows.push(['Eligibility calls, second cart, same amounts (warm cache)', `${warm.total}`, `${warm.operations.map((o) => o.calls).join('/')} per operation`])
  const grid = results.grid
  rows.push([
    `Product grid of ${grid.cards} cards (${grid.distinct} distinct prices), one GET /store/bnpl/eligibility?amounts=`,
    `${grid.cold.requests} request, ${grid.cold.calls} service calls; warm: ${grid.warm.calls}`,
    `${grid.cold.answers} answers; ${ms(grid.cold.ms)} cold, ${ms(grid.warm.ms)} warm (the next visitor, shared cache)`,
  ])
  rows.push(...plansRows([{ api: 'v1', result: results.plans }, { api: 'v2', result: results.plansV2 }]))
  rows.push(['Eligibility calls, choosing a plan (payment session) on a cart with fresh plans', `${grid.choose.calls}`, `session created in ${ms(grid.choose.ms)}`])
  rows.push([
    'Eligibility calls, unconfigured store',
    `${unconf.serviceCalls}`,
    'the whole workload: without a key the plugin asks the service nothing',
  ])
  const line = (label, l, baseline, note) => [label, `p50 ${ms(l.p50)}, p95 ${ms(l.p95)}`, `${note}${baseline ? `; p50 ${ratio(l.p50, baseline.p50)}, p95 ${ratio(l.p95, baseline.p95)} vs without plugin` : ''}`]
  rows.push(line('Line-item update, without plugin (cart A)', bare.latency.A, null, `N=${config.latencyN}, bare store (no bnpl module/provider/hooks)`))
  rows.push(line('Line-item update, without plugin (cart B)', bare.latency.B, null, `N=${config.latencyN}, same totals as cart A, interleaved`))
  rows.push(line('Line-item update, plugin unconfigured', unconf.latency.A, bare.latency.A, `N=${config.latencyN}, cart A, ${unconf.latency.A.calls} service calls`))
  rows.push(line('Line-item update, plugin configured, cache miss', conf.latency.A, bare.latency.A, `N=${config.latencyN}, cart A: each total new, ${conf.latency.A.calls} service calls`))
  rows.push(line('Line-item update, plugin configured, cache hit', conf.latency.B, bare.latency.B, `N=${config.latencyN}, cart B: the total cart A just had, ${conf.latency.B.calls} service calls`))
  rows.push(...hungRows(results.hung))
  const rps = (r) => `${perSecond(r.rps)} (p50 ${ms(r.p50)}, p99 ${ms(r.p99)})`
  const failures = (r) => (r.non2xx || r.errors ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : '')
  rows.push([`GET /store/bnpl/eligibility?amount=129.90 (cache warm)`, rps(conf.load.eligibility), `autocannon ${config.durationS} s, ${config.connections} connections, ${conf.load.eligibility.total} requests${failures(conf.load.eligibility)}`])
  rows.push([`GET /store/carts/:id, same store`, rps(conf.load.cart), `${conf.load.cart.total} requests${failures(conf.load.cart)}`])
  rows.push(['Eligibility route / cart route throughput', ratio(conf.load.eligibility.rps, conf.load.cart.rps), 'same boot (plugin configured)'])
  rows.push([`GET /store/carts/:id without plugin`, rps(bare.load.cart), `ratio configured/without ${ratio(conf.load.cart.rps, bare.load.cart.rps)}${failures(bare.load.cart)}`])
  rows.push([
    `Shipping sync latency (fulfillment answered → synced_at)`,
    `p50 ${ms(percentile(sync.latencies, 50))}, p95 ${ms(percentile(sync.latencies, 95))}`,
    `${sync.latencies.length} syncs, service answers after ${SYNC_DELAY_MS} ms; from the fulfillment's created_at: p50 ${ms(percentile(sync.fromCreated, 50))}, p95 ${ms(percentile(sync.fromCreated, 95))}; from the request sent: p50 ${ms(percentile(sync.fromRequest, 50))}, p95 ${ms(percentile(sync.fromRequest, 95))}`,
  ])
  rows.push([
    `Shipping sync throughput`,
    perSecond(sync.throughput),
    `${sync.syncedCount}/${sync.n} synced ${sync.drainSeconds.toFixed(1)} s after the first of ${sync.n} fulfillments (${config.fulfillmentConcurrency} at a time; admin request p50 ${ms(percentile(sync.requestTimings, 50))}); statuses ${JSON.stringify(sync.statuses)}`,
  ])
  rows.push([
    'Shipping sync duplicates',
    `${sync.duplicates}`,
    `same payload, same payment, accepted beyond the first; ${sync.acceptedPushes} accepted pushes for ${sync.paymentsPushed} payments, ${sync.pushes} push requests`,
  ])
  rows.push(...afterOrderRows(results.afterOrder))
  const memory = (r) => `${mib(r.bytes)} (peak ${mib(r.peakBytes)})`
  const updates = 2 * config.latencyN + 20
  rows.push(['RSS after boot, before any request: configured / unconfigured / without plugin', `${mib(conf.rssBoot.bytes)} / ${mib(unconf.rssBoot.bytes)} / ${mib(bare.rssBoot.bytes)}`, `configured/without ${ratio(conf.rssBoot.bytes, bare.rssBoot.bytes)}, unconfigured/without ${ratio(unconf.rssBoot.bytes, bare.rssBoot.bytes)}: loading the plugin, before the workload allocates`])
  const heap = (h) => `${mib(h.heapUsed)} heap + ${mib(h.external)} external`
  rows.push(['Heap in use after a full GC, after boot: configured / unconfigured / without plugin', `${mib(conf.heapBoot.heapUsed)} / ${mib(unconf.heapBoot.heapUsed)} / ${mib(bare.heapBoot.heapUsed)}`, `configured/without ${ratio(conf.heapBoot.heapUsed, bare.heapBoot.heapUsed)}; external ${mib(conf.heapBoot.external)} / ${mib(unconf.heapBoot.external)} / ${mib(bare.heapBoot.external)}: what the processes retain (RSS also holds what V8 took and has not returned)`])
  rows.push(['Heap in use after a full GC, after the workload: configured / unconfigured / without plugin', `${mib(conf.heapWorkload.heapUsed)} / ${mib(unconf.heapWorkload.heapUsed)} / ${mib(bare.heapWorkload.heapUsed)}`, `configured/without ${ratio(conf.heapWorkload.heapUsed, bare.heapWorkload.heapUsed)}, configured/unconfigured ${ratio(conf.heapWorkload.heapUsed, unconf.heapWorkload.heapUsed)}; configured ${heap(conf.heapWorkload)}`])
  rows.push(['RSS, plugin configured', mib(conf.rssWorkload.bytes), `after 2 cart sequences + ${updates} line-item updates; then after the autocannon runs ${memory(conf.rss)}, after the shipping sync benchmark ${memory(sync.rssAfter)}`])
  rows.push(['RSS, plugin unconfigured', mib(unconf.rssWorkload.bytes), `same requests; configured/unconfigured ${ratio(conf.rssWorkload.bytes, unconf.rssWorkload.bytes)}; after the autocannon runs ${memory(unconf.rss)}`])
  rows.push(['RSS, without plugin', mib(bare.rssWorkload.bytes), `same requests minus the 6 eligibility GETs; configured/without ${ratio(conf.rssWorkload.bytes, bare.rssWorkload.bytes)}; after autocannon (cart route only) ${memory(bare.rss)}`])
  const steps = Object.entries(sync.checkoutTimings).map(([step, values]) => `${step} ${ms(percentile(values, 50))}`).join(', ')
  rows.push([`Set-up: ${sync.n} BNPL checkouts over HTTP`, `${sync.checkoutSeconds.toFixed(0)} s`, `${config.checkoutConcurrency} at a time; p50 per request: ${steps}${sync.n < 1000 ? `; BENCH_FULFILLMENTS=1000 for 1,000 (set-up ≈ ${((sync.checkoutSeconds * 1000) / sync.n / 60).toFixed(0)} min)` : ''}`])

  const report = [
    `# medusa-plugin-bnpl bench`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.os}; load average ${machine.loadavg} at start, ${machineAfter.loadavg} at the end.`,
    `Run: ${new Date(started).toISOString()}, ${(runtime / 60).toFixed(1)} min. Medusa 2.21.2 \`medusa start\` (NODE_ENV=production, one process with the in-memory event bus, cache and locking, admin disabled, sources loaded through ts-node/swc; \`medusa build\` is not used because it would overwrite the plugin build in .medusa/server), embedded PostgreSQL, the sandbox in the bench process.`,
    `Baselines: "without plugin" = the same store and database booted as Medusa's starter store, without the plugin (integration-tests/install/store: no bnpl module, provider, routes, subscribers, jobs or hooks); "unconfigured" = this repository without BNPL_API_URL/BNPL_API_KEY (the plugin loads and its cart hooks run, but without a key they ask the service nothing; the eligibility route answers not_configured).`,
    'Figures only: timings are not asserted. On a shared 2-core machine they move with the load average above. RSS follows V8\'s garbage collector: under sustained load it swings by a few hundred MiB (autocannon runs serve more requests on a faster route, so their peaks are not the same workload).',
    '',
    '## Service calls per cart operation (plugin configured)',
    '',
    'Cart sequence: create cart (empty, with addresses) → add item 129.90 → quantity 2 → update email → add shipping method (4.90) → GET /store/bnpl/eligibility?cart_id ×3; then the same on a second cart. Calls = POST /v1/payments/eligibility received by the sandbox during each request; latency = one request, single sample.',
    '',
    operationsTable,
    '',
    '## Summary',
    '',
    markdownTable(rows),
    '',
    '## Where a line-item update\'s time goes: its SQL statements',
    '',
    statementReport({ 'without-plugin': bare.statements, unconfigured: unconf.statements, configured: conf.statements }),
    '',
    afterOrderLifecycle(results.afterOrder),
    '',
  ].join('\n')
  fs.writeFileSync(OUTPUT, report)
  console.log('')
  console.log(report)
  say(`written to ${path.relative(ROOT, OUTPUT)}; total ${(runtime / 60).toFixed(1)} min`)
}

main()
  .then(() => process.exit(0))
  .catch(async (error) => {
    if (running.stopping) return // interrupted: the signal handler stops everything and exits
    console.error(`[bench] ${error && error.stack ? error.stack : error}`)
    await running.stopAll()
    process.exit(1)
  })
