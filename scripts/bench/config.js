'use strict'

/**
 * What every part of scripts/bench.js reads: its folders, the sandbox's paths and delays, and the
 * settings from the environment (scripts/bench.js's doc comment lists them). Read once, when
 * required: a wrong value stops the bench before it starts anything.
 */

const path = require('node:path')
const { ROOT } = require('../lib/processes')

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

const config = {
  latencyN: intFromEnv('BENCH_LATENCY_N', 100),
  durationS: intFromEnv('BENCH_DURATION_S', 10),
  connections: intFromEnv('BENCH_CONNECTIONS', 10),
  fulfillments: intFromEnv('BENCH_FULFILLMENTS', DEFAULT_FULFILLMENTS),
  checkoutConcurrency: intFromEnv('BENCH_CHECKOUT_CONCURRENCY', 4),
  fulfillmentConcurrency: intFromEnv('BENCH_FULFILLMENT_CONCURRENCY', 10),
  afterOrderN: intFromEnv('BENCH_AFTER_ORDER_N', 50),
  /** Orders fulfilled and shipped first, not measured: the processes' pools and code paths warm, as a live store's are. */
  afterOrderWarmup: intFromEnv('BENCH_AFTER_ORDER_WARMUP', 10),
  /**
   * BENCH_ONLY=after-order: the configured boot and the after-order benchmark only (a few minutes);
   * BENCH_ONLY=after-order-worker: the same with Redis, one HTTP server and one worker;
   * BENCH_ONLY=hot-path: the three stores at once, line-item updates only, interleaved (latency, SQL statements, CPU profile);
   * BENCH_ONLY=plans: the account's plans rows only (a configured boot with v1, one with v2);
   * BENCH_ONLY=hung: the "service hangs" rows only (a configured boot).
   */
  only: process.env.BENCH_ONLY || null,
}
const ONLY_MODES = ['after-order', 'after-order-worker', 'hot-path', 'plans', 'hung']
if (config.only && !ONLY_MODES.includes(config.only)) throw new Error(`BENCH_ONLY must be one of ${ONLY_MODES.join(', ')} (got "${config.only}")`)

const say = (line = '') => console.log(line ? `[bench] ${line}` : '')

/** The eligibility requests the sandbox has received so far. */
const eligibilityCalls = (sandbox) => sandbox.requests.filter((r) => r.path === ELIGIBILITY_PATH).length

module.exports = {
  ROOT,
  RUN_DIR,
  LOG_DIR,
  HEAP_DIR,
  OUTPUT,
  BARE_STORE,
  DB_NAME,
  ELIGIBILITY_PATH,
  SHIPPING_PATH,
  SYNC_DELAY_MS,
  HUNG_DELAY_MS,
  BOOT_TIMEOUT_MS,
  config,
  say,
  eligibilityCalls,
}
