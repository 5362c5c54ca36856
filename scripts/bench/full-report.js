'use strict'

/**
 * The whole bench's report (scripts/bench.js without BENCH_ONLY): the service calls per cart
 * operation, the summary table (every figure of every part, in the order the parts ran), the
 * line-item update's statements and the pay-at-shipment order's requests.
 */

const { percentile, machine: describeMachine } = require('./lib')
const { ms, perSecond, ratio, mib, markdownTable } = require('./report')
const { plansRows } = require('./plans')
const { statementReport } = require('./hot-path')
const { hungRows } = require('./hung')
const { afterOrderRows, afterOrderLifecycle, ONE_PROCESS, SERVER_AND_WORKER } = require('./after-order')
const { SYNC_DELAY_MS, config } = require('./config')

/** The cart sequence's calls per operation, configured (first and second cart), with each operation's latency. */
function operationsTable(conf, bare) {
  const [cold, warm] = conf.sequence
  const bareOps = new Map(bare.sequence[0].operations.map((o) => [o.name, o]))
  return [
    '| operation | eligibility calls, first cart | same amounts, second cart (warm cache) | latency first cart, configured | without plugin |',
    '|---|---|---|---|---|',
    ...cold.operations.map((o, i) => `| ${o.name} | ${o.calls} | ${warm.operations[i].calls} | ${ms(o.ms)} | ${bareOps.has(o.name) ? ms(bareOps.get(o.name).ms) : '—'} |`),
    `| **total** | **${cold.total}** | **${warm.total}** | | |`,
  ].join('\n')
}

/** Service calls: the cart sequence, the product grid, the account's plans, choosing a plan, the unconfigured store. */
function serviceCallRows(results) {
  const [cold, warm] = results.configured.sequence
  const grid = results.grid
  return [
    ['Eligibility calls, cart sequence, first cart', `${cold.total}`, `${cold.operations.map((o) => o.calls).join('/')} per operation (table above)`],
    ['Eligibility calls, second cart, same amounts (warm cache)', `${warm.total}`, `${warm.operations.map((o) => o.calls).join('/')} per operation`],
    [
      `Product grid of ${grid.cards} cards (${grid.distinct} distinct prices), one GET /store/bnpl/eligibility?amounts=`,
      `${grid.cold.requests} request, ${grid.cold.calls} service calls; warm: ${grid.warm.calls}`,
      `${grid.cold.answers} answers; ${ms(grid.cold.ms)} cold, ${ms(grid.warm.ms)} warm (the next visitor, shared cache)`,
    ],
    ...plansRows([{ api: 'v1', result: results.plans }, { api: 'v2', result: results.plansV2 }]),
    ['Eligibility calls, choosing a plan (payment session) on a cart with fresh plans', `${grid.choose.calls}`, `session created in ${ms(grid.choose.ms)}`],
    ['Eligibility calls, unconfigured store', `${results.unconfigured.serviceCalls}`, 'the whole workload: without a key the plugin asks the service nothing'],
  ]
}

/** Line-item update latency per boot, then with the service hanging. */
function latencyRows(results) {
  const { configured: conf, unconfigured: unconf, 'without-plugin': bare } = results
  const line = (label, l, baseline, note) => [label, `p50 ${ms(l.p50)}, p95 ${ms(l.p95)}`, `${note}${baseline ? `; p50 ${ratio(l.p50, baseline.p50)}, p95 ${ratio(l.p95, baseline.p95)} vs without plugin` : ''}`]
  return [
    line('Line-item update, without plugin (cart A)', bare.latency.A, null, `N=${config.latencyN}, bare store (no bnpl module/provider/hooks)`),
    line('Line-item update, without plugin (cart B)', bare.latency.B, null, `N=${config.latencyN}, same totals as cart A, interleaved`),
    line('Line-item update, plugin unconfigured', unconf.latency.A, bare.latency.A, `N=${config.latencyN}, cart A, ${unconf.latency.A.calls} service calls`),
    line('Line-item update, plugin configured, cache miss', conf.latency.A, bare.latency.A, `N=${config.latencyN}, cart A: each total new, ${conf.latency.A.calls} service calls`),
    line('Line-item update, plugin configured, cache hit', conf.latency.B, bare.latency.B, `N=${config.latencyN}, cart B: the total cart A just had, ${conf.latency.B.calls} service calls`),
    ...hungRows(results.hung),
  ]
}

/** Autocannon on the routes; the shipping sync's latency, throughput and duplicates. */
function loadRows(results) {
  const { configured: conf, 'without-plugin': bare, sync } = results
  const rps = (r) => `${perSecond(r.rps)} (p50 ${ms(r.p50)}, p99 ${ms(r.p99)})`
  const failures = (r) => (r.non2xx || r.errors ? `; ${r.non2xx} non-2xx, ${r.errors} errors` : '')
  const p = (values) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`
  return [
    [`GET /store/bnpl/eligibility?amount=129.90 (cache warm)`, rps(conf.load.eligibility), `autocannon ${config.durationS} s, ${config.connections} connections, ${conf.load.eligibility.total} requests${failures(conf.load.eligibility)}`],
    [`GET /store/carts/:id, same store`, rps(conf.load.cart), `${conf.load.cart.total} requests${failures(conf.load.cart)}`],
    ['Eligibility route / cart route throughput', ratio(conf.load.eligibility.rps, conf.load.cart.rps), 'same boot (plugin configured)'],
    [`GET /store/carts/:id without plugin`, rps(bare.load.cart), `ratio configured/without ${ratio(conf.load.cart.rps, bare.load.cart.rps)}${failures(bare.load.cart)}`],
    [
      `Shipping sync latency (fulfillment answered → accepted_at)`,
      p(sync.latencies),
      `${sync.latencies.length} syncs, service answers after ${SYNC_DELAY_MS} ms; from the fulfillment's created_at: ${p(sync.fromCreated)}; from the request sent: ${p(sync.fromRequest)}`,
    ],
    [
      `Shipping sync throughput`,
      perSecond(sync.throughput),
      `${sync.syncedCount}/${sync.n} synced ${sync.drainSeconds.toFixed(1)} s after the first of ${sync.n} fulfillments (${config.fulfillmentConcurrency} at a time; admin request p50 ${ms(percentile(sync.requestTimings, 50))}); statuses ${JSON.stringify(sync.statuses)}`,
    ],
    ['Shipping sync duplicates', `${sync.duplicates}`, `same payload, same payment, accepted beyond the first; ${sync.acceptedPushes} accepted pushes for ${sync.paymentsPushed} payments, ${sync.pushes} push requests`],
  ]
}

/** RSS and heap per boot, after boot and after the workload; the shipping sync's set-up. */
function memoryRows(results) {
  const { configured: conf, unconfigured: unconf, 'without-plugin': bare, sync } = results
  const memory = (r) => `${mib(r.bytes)} (peak ${mib(r.peakBytes)})`
  const updates = 2 * config.latencyN + 20
  const heap = (h) => `${mib(h.heapUsed)} heap + ${mib(h.external)} external`
  const steps = Object.entries(sync.checkoutTimings).map(([step, values]) => `${step} ${ms(percentile(values, 50))}`).join(', ')
  return [
    ['RSS after boot, before any request: configured / unconfigured / without plugin', `${mib(conf.rssBoot.bytes)} / ${mib(unconf.rssBoot.bytes)} / ${mib(bare.rssBoot.bytes)}`, `configured/without ${ratio(conf.rssBoot.bytes, bare.rssBoot.bytes)}, unconfigured/without ${ratio(unconf.rssBoot.bytes, bare.rssBoot.bytes)}: loading the plugin, before the workload allocates`],
    ['Heap in use after a full GC, after boot: configured / unconfigured / without plugin', `${mib(conf.heapBoot.heapUsed)} / ${mib(unconf.heapBoot.heapUsed)} / ${mib(bare.heapBoot.heapUsed)}`, `configured/without ${ratio(conf.heapBoot.heapUsed, bare.heapBoot.heapUsed)}; external ${mib(conf.heapBoot.external)} / ${mib(unconf.heapBoot.external)} / ${mib(bare.heapBoot.external)}: what the processes retain (RSS also holds what V8 took and has not returned)`],
    ['Heap in use after a full GC, after the workload: configured / unconfigured / without plugin', `${mib(conf.heapWorkload.heapUsed)} / ${mib(unconf.heapWorkload.heapUsed)} / ${mib(bare.heapWorkload.heapUsed)}`, `configured/without ${ratio(conf.heapWorkload.heapUsed, bare.heapWorkload.heapUsed)}, configured/unconfigured ${ratio(conf.heapWorkload.heapUsed, unconf.heapWorkload.heapUsed)}; configured ${heap(conf.heapWorkload)}`],
    ['RSS, plugin configured', mib(conf.rssWorkload.bytes), `after 2 cart sequences + ${updates} line-item updates; then after the autocannon runs ${memory(conf.rss)}, after the shipping sync benchmark ${memory(sync.rssAfter)}`],
    ['RSS, plugin unconfigured', mib(unconf.rssWorkload.bytes), `same requests; configured/unconfigured ${ratio(conf.rssWorkload.bytes, unconf.rssWorkload.bytes)}; after the autocannon runs ${memory(unconf.rss)}`],
    ['RSS, without plugin', mib(bare.rssWorkload.bytes), `same requests minus the 6 eligibility GETs; configured/without ${ratio(conf.rssWorkload.bytes, bare.rssWorkload.bytes)}; after autocannon (cart route only) ${memory(bare.rss)}`],
    [`Set-up: ${sync.n} BNPL checkouts over HTTP`, `${sync.checkoutSeconds.toFixed(0)} s`, `${config.checkoutConcurrency} at a time; p50 per request: ${steps}${sync.n < 1000 ? `; BENCH_FULFILLMENTS=1000 for 1,000 (set-up ≈ ${((sync.checkoutSeconds * 1000) / sync.n / 60).toFixed(0)} min)` : ''}`],
  ]
}

/** The whole report; `runtime` in seconds. @param {import('./setup').Bench} bench */
function fullReport(bench, results, runtime) {
  const { machine, started } = bench
  const machineAfter = describeMachine()
  const { configured: conf, unconfigured: unconf, 'without-plugin': bare } = results
  const rows = [...serviceCallRows(results), ...latencyRows(results), ...loadRows(results), ...afterOrderRows(results.afterOrderWorker, SERVER_AND_WORKER), ...afterOrderRows(results.afterOrder, ONE_PROCESS), ...memoryRows(results)]
  return [
    `# medusa-plugin-bnpl bench`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.os}; load average ${machine.loadavg} at start, ${machineAfter.loadavg} at the end.`,
    `Run: ${new Date(started).toISOString()}, ${(runtime / 60).toFixed(1)} min. Medusa 2.21.2 \`medusa start\` (NODE_ENV=production, one process with the in-memory event bus, cache and locking, admin disabled, sources loaded through ts-node/swc; \`medusa build\` is not used because it would overwrite the plugin build in .medusa/server), embedded PostgreSQL, the sandbox in the bench process. The after-order part runs twice: in that one process, and in Medusa's production topology (Redis event bus and locking, one \`MEDUSA_WORKER_MODE=server\` process taking the requests, one \`worker\` running the subscribers).`,
    `Baselines: "without plugin" = the same store and database booted as Medusa's starter store, without the plugin (integration-tests/install/store: no bnpl module, provider, routes, subscribers, jobs or hooks); "unconfigured" = this repository without BNPL_API_URL/BNPL_API_KEY (the plugin loads and its cart hooks run, but without a key they ask the service nothing; the eligibility route answers not_configured).`,
    'Figures only: timings are not asserted. On a shared 2-core machine they move with the load average above. RSS follows V8\'s garbage collector: under sustained load it swings by a few hundred MiB (autocannon runs serve more requests on a faster route, so their peaks are not the same workload).',
    '',
    '## Service calls per cart operation (plugin configured)',
    '',
    'Cart sequence: create cart (empty, with addresses) → add item 129.90 → quantity 2 → update email → add shipping method (4.90) → GET /store/bnpl/eligibility?cart_id ×3; then the same on a second cart. Calls = POST /v1/payments/eligibility received by the sandbox during each request; latency = one request, single sample.',
    '',
    operationsTable(conf, bare),
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
}

module.exports = { fullReport }
