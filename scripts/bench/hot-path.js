'use strict'

/**
 * The cart's hot path in scripts/bench.js: line-item updates, timed (two carts interleaved, on
 * one store or several at once), their SQL statements by table and their CPU self time by
 * package; the report's statements section; and BENCH_ONLY=hot-path, the three stores up at
 * once with their updates interleaved.
 */

const fs = require('node:fs')
const path = require('node:path')
const { sleep } = require('../lib/processes')
const { percentile, nodeProcesses } = require('./lib')
const { storeApi } = require('./store')
const { ms, ratio, markdownTable } = require('./report')
const { statementsDuring, profileDifference } = require('./statements')
const { selfTimeByPlace, placeDifference } = require('./cpu-profile')
const { ROOT, HEAP_DIR, config, say, eligibilityCalls } = require('./config')
const { boot, threeBoots, endPart } = require('./setup')

/**
 * 2. Line-item update latency: two carts with one 30.00 item each; for q = 2..N+1, cart A's
 * quantity is set to q, then cart B's (interleaved, so both runs see the same machine load).
 * Every total is new when A reaches it and was just seen when B does: configured, A is all
 * cache misses and B all hits. A short warm-up on other amounts first. (The one-store case of
 * interleavedLatency below.)
 */
async function lineItemLatency(sandbox, api, n) {
  return (await interleavedLatency(sandbox, { store: api }, n)).store
}

/**
 * 2'. The same line-item updates on several stores running at once (BENCH_ONLY=hot-path): for
 * each quantity, every store's cart A then cart B, the stores' order rotating, so each store sees
 * the same machine, heap age and database at the same moment; the ratios do not depend on which
 * boot was luckier. `apis`: store name → storeApi.
 */
async function interleavedLatency(sandbox, apis, n) {
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
        const before = eligibilityCalls(sandbox)
        runs[name][run].timings.push((await apis[name].setQuantity(cart.id, cart.items[0].id, q)).ms)
        runs[name][run].calls += eligibilityCalls(sandbox) - before
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
async function lineItemStatements(database, api) {
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

/** A line-item update's statements and CPU profile on one boot (the report's statements section). */
async function lineItemProfile(database, server, api) {
  const statements = await lineItemStatements(database, api)
  statements.cpu = await lineItemCpuProfile(server, api)
  return statements
}

/** The CPU self time rows of the statements section: where configured differs most from without-plugin. */
function cpuLines(byBoot) {
  const bareCpu = byBoot['without-plugin'].cpu
  const n = bareCpu.updates
  const lines = ['', `CPU self time per line-item update (ms; ${n} updates to new totals, V8 sampling profiler), where it differs most from without-plugin:`, '']
  lines.push('| where the code lives | without plugin | unconfigured | configured | configured − without |', '|---|---|---|---|---|')
  const configured = byBoot.configured.cpu
  for (const row of placeDifference(bareCpu, configured, n)) {
    const unconf = (byBoot.unconfigured.cpu.byPlace[row.place] ?? 0) / n
    lines.push(`| ${row.place} | ${row.base.toFixed(2)} | ${unconf.toFixed(2)} | ${row.other.toFixed(2)} | ${row.difference >= 0 ? '+' : ''}${row.difference.toFixed(2)} |`)
  }
  const busy = (cpu) => Object.entries(cpu.byPlace).filter(([place]) => place !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0) / n
  lines.push(`| **all but idle** | **${busy(bareCpu).toFixed(1)}** | **${busy(byBoot.unconfigured.cpu).toFixed(1)}** | **${busy(configured).toFixed(1)}** | **${(busy(configured) - busy(bareCpu)) >= 0 ? '+' : ''}${(busy(configured) - busy(bareCpu)).toFixed(1)}** |`)
  return lines
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
  if (bare.cpu) lines.push(...cpuLines(byBoot))
  return lines.join('\n')
}

/** BENCH_ONLY=hot-path: the three stores up at once (same database), their updates interleaved, then each one's profile. */
async function hotPathOnly(bench) {
  const boots = threeBoots(bench)
  const results = {}
  const servers = {}
  for (const [name, cwd, env] of boots) servers[name] = await boot(bench, name, { cwd, env })
  const apis = Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, storeApi(server.url, bench.seed)]))
  say(`${config.latencyN} line-item updates ×2 carts on each of the three stores, interleaved; then each one's profile`)
  const latency = await interleavedLatency(bench.sandbox, apis, config.latencyN)
  for (const [name] of boots) results[name] = await lineItemProfile(bench.database, servers[name], apis[name])
  for (const server of Object.values(servers)) await server.stop()
  const bare = latency['without-plugin']
  const latencyRows = boots.flatMap(([name]) =>
    ['A', 'B'].map((run) => [
      `Line-item update, ${name}, ${run === 'A' ? 'new total (cache miss)' : 'same total as A just had (cache hit)'}`,
      `p50 ${ms(latency[name][run].p50)}, p95 ${ms(latency[name][run].p95)}`,
      name === 'without-plugin' ? `N=${config.latencyN}` : `p50 ${ratio(latency[name][run].p50, bare[run].p50)} vs without plugin; ${latency[name][run].calls} service calls`,
    ])
  )
  await endPart(bench, "the cart's hot path only", [markdownTable(latencyRows), '', statementReport(results)], [
    'The three stores ran at once; their line-item updates interleaved (each quantity: every store in turn, the order rotating).',
    '',
  ])
}

module.exports = { lineItemLatency, lineItemProfile, statementReport, hotPathOnly }
