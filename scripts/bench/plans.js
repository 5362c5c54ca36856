'use strict'

/**
 * The account's plans rows of scripts/bench.js (issue 20), on a running boot: the plans set to
 * two deferral groups (3x, 4x and pay in 30 days) in the admin settings, then
 *   - the cart sequence (bench/store.js) twice: service requests per operation, every endpoint
 *     counted (eligibility v1 or v2, the account's plans), so a boot with `eligibilityApi` v1
 *     (one request per deferral group) and one with v2 (one per amount) compare;
 *   - a product grid of cheap items (every price below the smallest plan minimum of the sandbox
 *     account, 50.00) in one `?amounts=` request: answered from the account's own bounds.
 * Counts of requests the sandbox received, never timings. The plans saved before are put back.
 * Also BENCH_ONLY=plans: these rows alone, on a configured boot with v1, then one with v2.
 */

const { ADMIN } = require('../lib/medusa')
const { storeApi, adminApi, cartSequence } = require('./store')
const { markdownTable } = require('./report')
const { say } = require('./config')
const { withBoot, endPart } = require('./setup')

const TWO_DEFERRAL_GROUPS = [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 1, deferred_days: 30 }]
/** 24 product cards, 12 prices from 3.90 to 49.90: all below every plan's minimum (the account's 50.00). */
const CHEAP_PRICES = ['3.90', '4.90', '9.90', '12.90', '14.50', '19.90', '24.90', '29', '34.90', '39.90', '44', '49.90']
const CHEAP_GRID = [...CHEAP_PRICES, ...CHEAP_PRICES]

const countBy = (values) => values.reduce((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {})
const endpointsOf = (requests) => countBy(requests.map((r) => `${r.method} ${r.path}`))
const planName = (p) => `${p.installments_count}x${p.deferred_days ? `+${p.deferred_days}d` : ''}${p.deferred_months ? `+${p.deferred_months}m` : ''}`

/** @param {{url: string}} server @param {any} seed @param {{sandbox: any, admin: {email: string, password: string}}} deps */
async function plansBenchmark(server, seed, { sandbox, admin }) {
  const merchant = await adminApi(server.url, admin)
  const { data: before } = await merchant.admin('GET', '/admin/bnpl/settings')
  const saved = await merchant.admin('POST', '/admin/bnpl/settings', { plans: TWO_DEFERRAL_GROUPS })
  if (saved.status !== 200) throw new Error(`the plans of two deferral groups could not be saved: HTTP ${saved.status} ${JSON.stringify(saved.data)}`)
  const api = storeApi(server.url, seed)
  const countCalls = () => sandbox.requests.length
  try {
    let from = countCalls()
    const sequence = await cartSequence(api, { withEligibility: true, countCalls })
    const sequenceEndpoints = endpointsOf(sandbox.requests.slice(from))
    // What the storefront was answered (kept with the cart: no request).
    const answer = (await api.cartEligibility(sequence[0].cartId)).data.eligibility
    const plans = answer.plans.map((p) => `${planName(p)} ${p.eligible ? 'eligible' : 'not eligible'}`)

    from = countCalls()
    const response = await api.client.store('GET', `/store/bnpl/eligibility?amounts=${CHEAP_GRID.join(',')}&currency_code=eur`)
    const eligibilities = response.data.eligibilities
    const answered = eligibilities.flatMap((e) => e.plans)
    const grid = {
      cards: CHEAP_GRID.length,
      prices: CHEAP_PRICES.length,
      calls: countCalls() - from,
      endpoints: endpointsOf(sandbox.requests.slice(from)),
      answers: eligibilities.length,
      eligible: answered.filter((p) => p.eligible).length,
      withMinimum: answered.filter((p) => p.constraints?.purchase_amount?.minimum !== undefined).length,
      plans: answered.length,
    }
    return { sequence, sequenceEndpoints, plans, grid }
  } finally {
    await merchant.admin('POST', '/admin/bnpl/settings', { plans: before.settings.source?.plans === 'settings' ? before.settings.plans : null })
  }
}

/**
 * The summary rows of one or more runs (`runs`: `{api: "v1" | "v2", result}`): calls per cart
 * sequence per eligibility interface, then the cheap grid of the first run.
 */
function plansRows(runs) {
  const endpoints = (e) => Object.entries(e).map(([endpoint, count]) => `${endpoint} ×${count}`).join(', ') || 'none'
  const rows = runs.map(({ api, result }) => {
    const [cold, warm] = result.sequence
    return [
      `Service calls per cart sequence, plans of two deferral groups (3x, 4x, pay in 30 days), eligibilityApi ${api}`,
      `${cold.total} (second cart, same amounts: ${warm.total})`,
      `${cold.operations.map((o) => o.calls).join('/')} per operation (create, add item, quantity, email, shipping, GET ×3); by endpoint, both carts: ${endpoints(result.sequenceEndpoints)}; the storefront got: ${result.plans.join(', ')}`,
    ]
  })
  const { grid } = runs[0].result
  rows.push([
    `Product grid of ${grid.cards} cheap cards (${grid.prices} prices, 3.90 to 49.90: below every plan's minimum), one GET ?amounts=`,
    `${grid.calls} service calls`,
    `${grid.answers} answers (one per distinct price), ${grid.eligible} of ${grid.plans} plans eligible, ${grid.withMinimum} with the minimum as constraints (the account's own bounds, kept an hour); requests: ${endpoints(grid.endpoints)}`,
  ])
  return rows
}

/** The account's plans benchmark on a running boot, announced. @param {import('./setup').Bench} bench */
function plansOn(bench, server) {
  say(`${server.name}: the account's plans: cart sequence ×2 with plans of two deferral groups, a grid of cheap items`)
  return plansBenchmark(server, bench.seed, { sandbox: bench.sandbox, admin: ADMIN })
}

/** The account's plans benchmark on a boot of its own (`env`: v1 or v2). @param {import('./setup').Bench} bench */
const plansOnBoot = (bench, name, env) => withBoot(bench, name, { env }, (server) => plansOn(bench, server))

/** BENCH_ONLY=plans: the account's plans rows only (a configured boot with v1, then one with v2). @param {import('./setup').Bench} bench */
async function plansOnly(bench) {
  const runs = [
    { api: 'v1', result: await plansOnBoot(bench, 'configured', bench.configuredEnv) },
    { api: 'v2', result: await plansOnBoot(bench, 'configured-v2', bench.v2Env) },
  ]
  await endPart(bench, "the account's plans only", [markdownTable(plansRows(runs))])
}

module.exports = { plansBenchmark, plansRows, plansOn, plansOnBoot, plansOnly, TWO_DEFERRAL_GROUPS }
