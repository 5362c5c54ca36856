'use strict'

/**
 * 5. A hung service (scripts/bench.js, on the configured boot, or alone with BENCH_ONLY=hung):
 * line-item updates of a cart (89.00 item, each update a total never seen, so each asks the
 * service unless something stops it) while the service is healthy, then while every eligibility
 * request is answered after 6 s (the sandbox's delay fault; a cart waits 1.5 s). The circuit
 * breaker opens after three timeouts; the figure is the p50 of the updates after the first three
 * mutations of the hung cart (its creation and two updates) over the healthy p50. Then the
 * service recovers: the hung cart's updates (a new total each, one every 500 ms) go on until one
 * gets plans again; the figure is the time from the recovery to that update (the open breaker's
 * background probe ends its 30 s cool-down once the service answers it).
 */

const { sleep } = require('../lib/processes')
const { percentile } = require('./lib')
const { storeApi } = require('./store')
const { ms, ratio, markdownTable } = require('./report')
const { ELIGIBILITY_PATH, HUNG_DELAY_MS, config, say, eligibilityCalls } = require('./config')
const { withBoot, endPart } = require('./setup')

/** The updates each side of the "service hangs" figure: a third of BENCH_LATENCY_N, at least 10. */
const hungUpdates = () => Math.max(10, Math.round(config.latencyN / 3))

/** A cart's line-item updates, each a new total: timings, eligibility calls, where it ended. */
async function updateRun(sandbox, api, n, others) {
  const before = eligibilityCalls(sandbox)
  const cart = (await api.createCart({ items: [{ price: 89, quantity: 1 }, ...others] })).data.cart
  const line = cart.items.find((i) => Number(i.unit_price) === 89)
  const timings = []
  let thirdMutationEnded = 0 // when the service hangs, the breaker opens then
  let q = 2
  for (; q <= n + 3; q++) {
    timings.push((await api.setQuantity(cart.id, line.id, q)).ms)
    if (timings.length === 2) thirdMutationEnded = Date.now()
  }
  return { timings, calls: eligibilityCalls(sandbox) - before, cart, line, nextQuantity: q, thirdMutationEnded }
}

/** After the recovery: the hung cart's updates, one every 500 ms, until its plans are back. */
async function recovery(sandbox, api, hung) {
  const recovered = Date.now()
  const beforeRecovery = eligibilityCalls(sandbox)
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
  return {
    ms: plansBack,
    // How long the breaker had been open when the service recovered (from the third mutation's end).
    openMs: recovered - hung.thirdMutationEnded,
    updates,
    calls: eligibilityCalls(sandbox) - beforeRecovery,
  }
}

async function hungService(sandbox, api, wanted) {
  // Every total within the account's bounds (the sandbox's 50-5,000 EUR): an amount outside them
  // asks the service nothing. Hence at most 40 updates of the 89.00 line. The hung cart has a
  // 30.00 item too, and during the recovery two of them (the 89.00 line going down again): each
  // total is one no cart had (30 and 60 are no multiples of 89). Not the gift card: excluded.
  const n = Math.min(wanted, 40)
  const healthy = await updateRun(sandbox, api, n, [])
  sandbox.setFault({ match: { path: ELIGIBILITY_PATH }, delayMs: HUNG_DELAY_MS })
  let hung
  try {
    hung = await updateRun(sandbox, api, n, [{ price: 30, quantity: 1 }])
  } finally {
    sandbox.clearFaults()
  }
  const back = await recovery(sandbox, api, hung)
  // The creation and the first two updates are the first three mutations.
  const after = hung.timings.slice(2)
  return {
    n: after.length,
    healthy: { p50: percentile(healthy.timings.slice(2), 50), p95: percentile(healthy.timings.slice(2), 95), calls: healthy.calls },
    hung: { p50: percentile(after, 50), p95: percentile(after, 95), calls: hung.calls, first: hung.timings.slice(0, 2) },
    recovery: back,
  }
}

/** The "service hangs" figure on a running configured boot, as the full run says it. @param {import('./setup').Bench} bench */
async function hungOnBoot(bench, server) {
  const hungN = hungUpdates()
  say(`${server.name}: service hangs: ${hungN} line-item updates healthy, then with eligibility answered after ${HUNG_DELAY_MS / 1000} s`)
  const hung = await hungService(bench.sandbox, storeApi(server.url, bench.seed), hungN)
  say(`${server.name}: line-item update p50 healthy ${ms(hung.healthy.p50)}, service hanging ${ms(hung.hung.p50)} (${ratio(hung.hung.p50, hung.healthy.p50)}); plans back ${ms(hung.recovery.ms)} after the recovery`)
  return hung
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

/** BENCH_ONLY=hung: a configured boot, the "service hangs" rows only. @param {import('./setup').Bench} bench */
async function hungOnly(bench) {
  const hung = await withBoot(bench, 'configured', { env: bench.configuredEnv }, (server) => {
    const hungN = hungUpdates()
    say(`configured: service hangs: ${hungN} line-item updates healthy, then with eligibility answered after ${HUNG_DELAY_MS / 1000} s, then recovered`)
    return hungService(bench.sandbox, storeApi(server.url, bench.seed), hungN)
  })
  await endPart(bench, 'the hung service only', [markdownTable(hungRows(hung))])
}

module.exports = { hungOnBoot, hungRows, hungOnly }
