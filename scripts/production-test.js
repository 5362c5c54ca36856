#!/usr/bin/env node
'use strict'

/**
 * Production topology test: the plugin in a store run as separate processes sharing Redis and
 * PostgreSQL, the way a merchant who outgrew one process runs Medusa.
 *
 *   node scripts/production-test.js            build the app (`medusa build`), run it from .medusa/server
 *   node scripts/production-test.js --source   skip the build: `medusa start` from the TypeScript sources
 *
 * Starts: Redis (Debian `redis-server` on a free loopback port; installed with apt-get when
 * missing and running as root, else the test is skipped with exit 0 and a message), an embedded
 * PostgreSQL, the sandbox (in this process). Migrates and seeds (scripts/seed-demo.ts), then
 * runs three `medusa start` processes with REDIS_URL set (see medusa-config.ts):
 *   server A and server B   MEDUSA_WORKER_MODE=server   (HTTP only)
 *   worker W                MEDUSA_WORKER_MODE=worker   (subscribers, scheduled jobs, workflow retries)
 * and runs the checks of integration-tests/production/checks.js. Everything started is stopped
 * at the end; logs stay in .tmp/production-test/logs. Exit code 1 when a check fails.
 *
 * The build is made in a temporary copy of the project (src, medusa-config.ts, package.json,
 * tsconfig.json, node_modules linked), because `medusa build` wipes `.medusa/server`, which in
 * this repository is the plugin's own build output. The admin UI is not built (API only).
 */

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { startPostgres, findFreePort } = require('./lib/postgres')
const { ensureRedisServer, startRedis } = require('./lib/redis')
const { settle, startedHere, onStopSignals, killGroup, waitForExit, getStatus, waitForHealth } = require('./lib/processes')
const { ADMIN, SANDBOX_KEY, spawnMedusa, runMedusa, seedDemoStore } = require('./lib/medusa')
const { medusaClient } = require('./lib/store-api')
const { commandLine } = require('./lib/command-line')

const ROOT = path.resolve(__dirname, '..')
const OUT_DIR = path.join(ROOT, '.tmp', 'production-test')
const LOG_DIR = path.join(OUT_DIR, 'logs')
const DB_NAME = 'medusa_bnpl_production'
const HEALTH_TIMEOUT_MS = 180_000

const args = commandLine('Usage: node scripts/production-test.js [--source]\n  --source  run `medusa start` from the TypeScript sources instead of building the app first')
const fromSource = args.has('--source')

const startedAt = Date.now()
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`
const say = (/** @type {string} */ line) => console.log(`[production-test ${elapsed().padStart(7)}] ${line}`)

/** Everything started (Redis, PostgreSQL, the sandbox, medusa processes), stopped in reverse order. */
const running = startedHere()
let interrupted = false

/** The temporary copy `medusa build` runs in (prepareBuildCopy), removed last. */
let buildDir = ''
const removeBuildCopy = () => buildDir && fs.rmSync(buildDir, { recursive: true, force: true })
running.add({ stop: removeBuildCopy, kill: removeBuildCopy })

onStopSignals(async (signal) => {
  if (interrupted) return
  interrupted = true
  console.log('')
  say(`${signal}: stopping everything`)
  await running.stopAll()
  say('interrupted')
  process.exit(130)
})

/**
 * A long-running `medusa start` (server or worker) whose output goes to logs/<name>.log
 * (appended across restarts, so the log tells the whole story).
 */
function medusaProcess({ name, cwd, env, port }) {
  const logFile = path.join(LOG_DIR, `${name}.log`)
  fs.writeFileSync(logFile, '')
  let starts = 0
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null
  const handle = {
    name,
    port,
    url: `http://localhost:${port}`,
    log: () => fs.readFileSync(logFile, 'utf8'),
    /** Spawns the process and resolves once /health answers 200. */
    async start() {
      starts++
      fs.appendFileSync(logFile, `\n===== [production-test] start #${starts} at ${new Date().toISOString()} =====\n`)
      child = spawnMedusa(['start'], { cwd, env: { ...env, PORT: String(port) }, logFile, append: true })
      running.child(child)
      const t = Date.now()
      await waitForHealth(`${handle.url}/health`, { timeoutMs: HEALTH_TIMEOUT_MS, child, name, logFile, tail: 30 })
      return (Date.now() - t) / 1000
    },
    /** Signals the whole process group (SIGKILL: a crash, nothing cleaned up). */
    kill(signal = 'SIGKILL') {
      if (child) killGroup(child, signal)
      return child ? waitForExit(child, 5000) : Promise.resolve(true)
    },
  }
  return handle
}

/** Copies what `medusa build` needs into a temporary directory (node_modules linked). */
function prepareBuildCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bnpl-production-app-'))
  for (const entry of ['src', 'medusa-config.ts', 'package.json', 'tsconfig.json']) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}__tests__`),
    })
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  return dir
}

/** One line for a failed check (assert's own "actual !== expected" appendix dropped when we wrote a message). */
function failureText(/** @type {any} */ error) {
  const message = String(error?.message || error)
  const ours = error?.code === 'ERR_ASSERTION' && error.generatedMessage === false ? message.split('\n\n')[0] : message
  return ours.replace(/\s*\n\s*/g, ' ').slice(0, 1500)
}

async function main() {
  fs.rmSync(OUT_DIR, { recursive: true, force: true })
  fs.mkdirSync(LOG_DIR, { recursive: true })
  /** @type {Record<string, number>} */
  const timings = {}

  // 1. Redis
  const redisServer = ensureRedisServer({ log: say })
  if (!redisServer.path) {
    say(`SKIPPED: ${redisServer.reason}`)
    return 0
  }
  let t = Date.now()
  const redis = await startRedis({ binary: redisServer.path })
  running.add({ stop: () => settle(redis.stop()), kill: () => redis.killNow() })
  say(`Redis: ${redisServer.path} on ${redis.url} (${Date.now() - t} ms)`)

  // 2. PostgreSQL
  t = Date.now()
  const database = await startPostgres({ dataDir: path.join(OUT_DIR, 'pg'), persistent: false })
  running.add({ stop: () => settle(database.stop(), 10_000), kill: () => database.killNow() })
  await database.ensureDatabase(DB_NAME)
  const databaseUrl = database.url(DB_NAME) // "localhost", never 127.0.0.1 (Medusa turns SSL on)
  say(`PostgreSQL: embedded on localhost:${database.port} (${Date.now() - t} ms)`)

  // 3. The sandbox
  const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
  const sandbox = await startSandbox({ port: 0, autoNotify: false })
  running.add({ stop: () => settle(sandbox.close()) })
  say(`sandbox: ${sandbox.url}`)

  const [portA, portB, portW] = [await findFreePort(), await findFreePort(), await findFreePort()]
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    BNPL_API_URL: sandbox.url,
    BNPL_API_KEY: SANDBOX_KEY,
    MEDUSA_BACKEND_URL: `http://localhost:${portA}`,
    JWT_SECRET: 'production-test-jwt-secret',
    COOKIE_SECRET: 'production-test-cookie-secret',
    MEDUSA_ADMIN_DISABLED: 'true', // API only: the admin UI is not built for this test
    MEDUSA_DISABLE_TELEMETRY: 'true',
  }
  delete env.MEDUSA_WORKER_MODE

  // 4. Build (in a copy) while migrating and seeding from the sources
  // Each medusa command's output in logs/<name>.log (its tail shown on failure).
  const logFile = (/** @type {string} */ name) => path.join(LOG_DIR, `${name}.log`)
  const build = (async () => {
    if (fromSource) return ROOT
    buildDir = prepareBuildCopy()
    timings.build = await runMedusa(['build'], { cwd: buildDir, env: { ...env, NODE_ENV: 'production' }, logFile: logFile('build'), running })
    say(`medusa build: ${timings.build.toFixed(1)} s (in ${buildDir})`)
    return path.join(buildDir, '.medusa', 'server')
  })()
  const prepare = (async () => {
    timings.migrate = await runMedusa(['db:migrate'], { env, logFile: logFile('migrate'), running })
    say(`medusa db:migrate: ${timings.migrate.toFixed(1)} s`)
    const seeded = await seedDemoStore(path.join(OUT_DIR, 'seed.json'), { env, logFile: logFile('seed'), running })
    timings.seed = seeded.seconds
    say(`seed (medusa exec ./scripts/seed-demo.ts): ${timings.seed.toFixed(1)} s`)
    return seeded.seed
  })()
  const [appDir, seed] = await Promise.all([build, prepare])

  // 5. Two servers and a worker
  say(`starting server A (:${portA}), server B (:${portB}) and worker W (:${portW}) from ${fromSource ? 'the sources' : '.medusa/server'} ...`)
  const serverA = medusaProcess({ name: 'server-a', cwd: appDir, env: { ...env, MEDUSA_WORKER_MODE: 'server' }, port: portA })
  const serverB = medusaProcess({ name: 'server-b', cwd: appDir, env: { ...env, MEDUSA_WORKER_MODE: 'server' }, port: portB })
  const worker = medusaProcess({ name: 'worker', cwd: appDir, env: { ...env, MEDUSA_WORKER_MODE: 'worker' }, port: portW })
  t = Date.now()
  const boots = await Promise.all([serverA.start(), serverB.start(), worker.start()])
  timings.boot = (Date.now() - t) / 1000
  say(`all three healthy in ${timings.boot.toFixed(1)} s (A ${boots[0].toFixed(1)} s, B ${boots[1].toFixed(1)} s, W ${boots[2].toFixed(1)} s)`)

  const { checks } = require(path.join(ROOT, 'integration-tests', 'production', 'checks'))
  const a = medusaClient(serverA.url, { publishableKey: seed.publishable_key })
  const b = medusaClient(serverB.url, { publishableKey: seed.publishable_key })
  b.useToken(await a.login(ADMIN.email, ADMIN.password))
  const { data: locations } = await a.admin('GET', '/admin/stock-locations?limit=50')
  const location = locations.stock_locations.find((l) => l.name === 'Paris Warehouse') ?? locations.stock_locations[0]
  if (!location) throw new Error('no stock location in the seeded store')
  // The worker serves no routes: only /health.
  const workerStore = await getStatus(`${worker.url}/store/bnpl/eligibility?amount=100&currency_code=eur`)
  say(`worker answers /store routes with ${workerStore} (routes are not loaded in worker mode)`)

  const ctx = {
    a,
    b,
    worker: {
      log: worker.log,
      kill: (signal) => worker.kill(signal),
      start: async () => {
        const seconds = await worker.start()
        say(`  worker healthy again in ${seconds.toFixed(1)} s`)
      },
    },
    serverLogs: () => serverA.log() + serverB.log(),
    sandbox,
    redis,
    seed,
    stockLocationId: location.id,
    orders: new Map(),
    say,
  }

  // 6. Checks
  /** @type {{name: string, status: 'PASS' | 'FAIL' | 'SKIP', detail: string, seconds: number}[]} */
  const results = []
  for (const check of checks) {
    if (interrupted) break
    const t0 = Date.now()
    say(`check: ${check.name} ...`)
    try {
      const outcome = await check.run(ctx)
      const skipped = outcome && typeof outcome === 'object' && outcome.skipped
      results.push({ name: check.name, status: skipped ? 'SKIP' : 'PASS', detail: skipped ? outcome.skipped : outcome || '', seconds: (Date.now() - t0) / 1000 })
    } catch (error) {
      results.push({ name: check.name, status: 'FAIL', detail: failureText(error), seconds: (Date.now() - t0) / 1000 })
    }
    const last = results[results.length - 1]
    say(`  ${last.status} (${last.seconds.toFixed(1)} s) ${last.detail}`)
  }

  if (interrupted) return 130

  // 7. Stop
  t = Date.now()
  await running.stopAll()
  say(`stopped everything (${((Date.now() - t) / 1000).toFixed(1)} s)`)

  const failed = results.filter((r) => r.status === 'FAIL')
  console.log('')
  console.log(`Production topology test (${fromSource ? 'from sources' : 'built app'}; Redis, PostgreSQL, 2 servers + 1 worker)`)
  for (const r of results) console.log(`  ${r.status}  ${r.name} (${r.seconds.toFixed(1)} s)${r.detail ? `\n        ${r.detail}` : ''}`)
  const phases = Object.entries(timings).map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(', ')
  console.log(`  phases: ${phases}`)
  console.log(`  logs: ${path.relative(ROOT, LOG_DIR)}`)
  console.log(`Checks: ${results.length - failed.length} passed or skipped, ${failed.length} failed; total ${elapsed()}`)
  return failed.length ? 1 : 0
}

main()
  .then(async (code) => {
    await running.stopAll()
    if (!interrupted) process.exit(code)
  })
  .catch(async (error) => {
    if (interrupted) return // the signal handler stops everything and exits
    console.error(`[production-test] ${error?.stack || error}`)
    await running.stopAll()
    console.error(`[production-test] FAILED after ${elapsed()}`)
    process.exit(1)
  })
