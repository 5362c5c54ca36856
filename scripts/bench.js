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
 * and that benchmark), BENCH_ONLY=after-order-worker (the same on Redis, one server and one worker:
 * Medusa's production topology), BENCH_ONLY=hot-path (the three stores up at once, only the line-item updates, interleaved: latency and
 * profile; about 5 minutes), BENCH_ONLY=plans (only the account's plans rows: a configured boot with v1, then
 * one with v2; counts, valid on a loaded machine), BENCH_ONLY=hung (only the "service hangs" rows,
 * with the time from a recovery to a cart's plans: a configured boot). Logs of every medusa command: .tmp/bench-logs/.
 *
 * This file runs the parts; each lives in scripts/bench/: setup.js (the store, the boots, the
 * report written), workload.js, hot-path.js, shipping-sync.js, after-order.js, plans.js, hung.js,
 * and full.js with full-report.js (the whole run and its report).
 */

const fs = require('node:fs')

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(fs.readFileSync(__filename, 'utf8').split('*/')[0].replace(/^[\s\S]*?\/\*\*/, '').replace(/^ \* ?/gm, ''))
  process.exit(0)
}

const { startedHere, onStopSignals } = require('./lib/processes')
const { config, say } = require('./bench/config')
const { prepareStore } = require('./bench/setup')
const { fullRun } = require('./bench/full')
const { plansOnly } = require('./bench/plans')
const { hungOnly } = require('./bench/hung')
const { afterOrderOnly, afterOrderWorkerOnly } = require('./bench/after-order')
const { hotPathOnly } = require('./bench/hot-path')

/** Each BENCH_ONLY part, run alone on the store instead of the whole bench. */
const PARTS = { plans: plansOnly, hung: hungOnly, 'after-order': afterOrderOnly, 'after-order-worker': afterOrderWorkerOnly, 'hot-path': hotPathOnly }

/** Everything started here (PostgreSQL, the sandbox, medusa), stopped in reverse order. */
const running = startedHere()

onStopSignals((signal) => {
  say(`${signal}: stopping everything`)
  running.stopAll().finally(() => process.exit(130))
})

async function main() {
  const bench = await prepareStore(running)
  await (config.only ? PARTS[config.only] : fullRun)(bench)
}

main()
  .then(() => process.exit(0))
  .catch(async (error) => {
    if (running.stopping) return // interrupted: the signal handler stops everything and exits
    console.error(`[bench] ${error && error.stack ? error.stack : error}`)
    await running.stopAll()
    process.exit(1)
  })
