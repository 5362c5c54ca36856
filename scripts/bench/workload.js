'use strict'

/**
 * The workload every boot of scripts/bench.js gets (same requests, same order): the cart
 * sequence, the line-item updates and their profile, autocannon on the routes, RSS and heap read
 * after boot and after the workload; and the configured boot's product grid.
 */

const autocannon = require('autocannon')
const { sleep } = require('../lib/processes')
const { treeRss, heapAfterGc } = require('./lib')
const { storeApi, cartSequence } = require('./store')
const { ms, perSecond, mib } = require('./report')
const { HEAP_DIR, config, say, eligibilityCalls } = require('./config')
const { lineItemLatency, lineItemProfile } = require('./hot-path')

// 1. The cart sequence: cartSequence in bench/store.js. 2. The line-item updates: bench/hot-path.js.

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

/** The workload every boot gets (same requests, same order); RSS read at the end. @param {import('./setup').Bench} bench */
async function workload(bench, server, hasPlugin) {
  const { sandbox, database, seed } = bench
  const calls = () => eligibilityCalls(sandbox)
  const api = storeApi(server.url, seed)
  const callsBefore = sandbox ? calls() : 0
  await sleep(2000)
  // Before any request: what loading the plugin costs, apart from what the workload allocates.
  const rssBoot = treeRss(server.child.pid)
  const heapBoot = await heapAfterGc(server.child.pid, HEAP_DIR)
  say(`${server.name}: cart sequence ×2`)
  const sequence = await cartSequence(api, { withEligibility: hasPlugin, countCalls: calls })
  say(`${server.name}: ${config.latencyN} line-item updates ×2 carts, interleaved`)
  const latency = await lineItemLatency(sandbox, api, config.latencyN)
  await sleep(2000) // let the event loop and GC settle before reading RSS
  const rssWorkload = treeRss(server.child.pid)
  const heapWorkload = await heapAfterGc(server.child.pid, HEAP_DIR)
  const statements = await lineItemProfile(database, server, api)
  say(`${server.name}: SQL statements per line-item update: ${statements.newTotal.total} (new total), ${statements.sameTotal.total} (same total)`)
  say(`${server.name}: autocannon ${config.durationS} s × ${hasPlugin ? 2 : 1} (${config.connections} connections)`)
  const load = await throughput(server, seed, latency.B.cartId, hasPlugin)
  await sleep(2000) // let the event loop and GC settle before reading RSS
  const rss = treeRss(server.child.pid)
  say(`${server.name}: line-item update p50 A ${ms(latency.A.p50)}, B ${ms(latency.B.p50)}; carts ${perSecond(load.cart.rps)}${load.eligibility ? `, eligibility ${perSecond(load.eligibility.rps)}` : ''}; RSS ${mib(rssWorkload.bytes)}, after autocannon ${mib(rss.bytes)}`)
  return { sequence, latency, statements, load, rssBoot, heapBoot, rssWorkload, heapWorkload, rss, serviceCalls: calls() - callsBefore }
}

/**
 * 3b. A storefront's product grid: 24 cards (10 distinct prices, some written differently,
 * as a storefront gets them) in one `?amounts=` request. Cold: one service call per distinct
 * price; warm (the next visitor): none. Then choosing a plan for a cart whose kept plans are
 * fresh: the payment session costs no eligibility call.
 */
async function productGrid(sandbox, server, seed) {
  const calls = () => eligibilityCalls(sandbox)
  const prices = ['19.90', '24.50', '39', '59.90', '79.00', '99.90', '149', '249.90', '499', '1299']
  const grid = Array.from({ length: 24 }, (_, i) => (i % 3 === 2 ? String(Number(prices[i % prices.length])) : prices[i % prices.length]))
  const distinct = new Set(grid.map((p) => Math.round(Number(p) * 100))).size
  const api = storeApi(server.url, seed)
  const url = `/store/bnpl/eligibility?amounts=${grid.join(',')}&currency_code=eur`
  const visit = async () => {
    const before = calls()
    const response = await api.client.store('GET', url)
    return { requests: 1, calls: calls() - before, ms: response.ms, answers: response.data.eligibilities.length }
  }
  const cold = await visit()
  const warm = await visit()

  // Choosing a plan: the cart's plans were just read (fresh), the session asks nothing more.
  const { data } = await api.createCart({ items: [{ price: 129.9 }] })
  await api.addShipping(data.cart.id, 'Colissimo Home')
  await api.cartEligibility(data.cart.id)
  const before = calls()
  const { data: collection } = await api.client.store('POST', '/store/payment-collections', { cart_id: data.cart.id })
  const session = await api.client.store('POST', `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`, {
    provider_id: 'pp_bnpl_bnpl',
    data: { installments_count: 3, return_url: 'http://localhost:8000/checkout/bnpl-return' },
  })
  const choose = { calls: calls() - before, ms: session.ms }
  say(`${server.name}: product grid of ${grid.length} cards (${distinct} prices): ${cold.calls} service calls cold, ${warm.calls} warm; choosing a plan: ${choose.calls}`)
  return { cards: grid.length, distinct, cold, warm, choose }
}

module.exports = { workload, productGrid }
