'use strict'

/**
 * The whole bench (scripts/bench.js without BENCH_ONLY): the three boots one at a time on the
 * same database, each with the same workload; the configured one then runs the product grid, the
 * shipping sync, the after-order, the account's plans and the "service hangs" benchmarks; a
 * fourth boot (configured-v2) runs the account's plans alone; the after-order benchmark again in
 * the production topology (Redis, one server, one worker); then the report.
 */

const { threeBoots, withBoot, publish } = require('./setup')
const { workload, productGrid } = require('./workload')
const { shippingSync } = require('./shipping-sync')
const { afterOrder, afterOrderOnWorker } = require('./after-order')
const { plansOn, plansOnBoot } = require('./plans')
const { hungOnBoot } = require('./hung')
const { fullReport } = require('./full-report')

/** What only the configured boot measures, after its workload, in this order. @param {import('./setup').Bench} bench */
async function configuredParts(bench, server, results) {
  results.grid = await productGrid(bench.sandbox, server, bench.seed)
  results.sync = await shippingSync(bench, server)
  results.afterOrder = await afterOrder(bench, server)
  results.plans = await plansOn(bench, server)
  results.hung = await hungOnBoot(bench, server)
}

/** @param {import('./setup').Bench} bench */
async function fullRun(bench) {
  const results = {}
  for (const [name, cwd, env, hasPlugin] of threeBoots(bench)) {
    await withBoot(bench, name, { cwd, env }, async (server) => {
      results[name] = await workload(bench, server, hasPlugin)
      if (name === 'configured') await configuredParts(bench, server, results)
    })
  }
  results.plansV2 = await plansOnBoot(bench, 'configured-v2', bench.v2Env)
  results.afterOrderWorker = await afterOrderOnWorker(bench)
  const runtime = (Date.now() - bench.started) / 1000
  await bench.running.stopAll()
  publish(fullReport(bench, results, runtime), runtime / 60)
}

module.exports = { fullRun }
