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
const http = require('node:http')
const os = require('node:os')
const path = require('node:path')
const { spawn } = require('node:child_process')
const { startPostgres, findFreePort } = require('./lib/postgres')
const { ensureRedisServer, startRedis } = require('./lib/redis')

const ROOT = path.resolve(__dirname, '..')
const OUT_DIR = path.join(ROOT, '.tmp', 'production-test')
const LOG_DIR = path.join(OUT_DIR, 'logs')
const MEDUSA_BIN = path.join(ROOT, 'node_modules', '.bin', 'medusa')
const DB_NAME = 'medusa_bnpl_production'
const SANDBOX_KEY = 'sk_test_active_0000000000000000'
const ADMIN_EMAIL = 'admin@example.com'
const ADMIN_PASSWORD = 'supersecret'
const HEALTH_TIMEOUT_MS = 180_000

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  console.log('Usage: node scripts/production-test.js [--source]\n  --source  run `medusa start` from the TypeScript sources instead of building the app first')
  process.exit(0)
}
const fromSource = args.includes('--source')

const startedAt = Date.now()
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`
const say = (/** @type {string} */ line) => console.log(`[production-test ${elapsed().padStart(7)}] ${line}`)

/** Everything started, stopped in reverse order by stopAll(). */
const state = {
  /** @type {any} */ redis: null,
  /** @type {any} */ database: null,
  /** @type {any} */ sandbox: null,
  /** @type {Map<string, import('node:child_process').ChildProcess>} */ processes: new Map(),
  /** @type {Set<import('node:child_process').ChildProcess>} */ tasks: new Set(),
  /** @type {string | null} */ buildDir: null,
  /** @type {Promise<void> | null} */ stopping: null,
  interrupted: false,
}

function alive(/** @type {import('node:child_process').ChildProcess} */ child) {
  return child && child.exitCode === null && child.signalCode === null
}

/** Signals a detached child's process group. */
function killGroup(/** @type {import('node:child_process').ChildProcess} */ child, signal = 'SIGTERM') {
  if (!child?.pid || !alive(child)) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {}
  }
}

function waitForExit(/** @type {import('node:child_process').ChildProcess} */ child, ms) {
  if (!alive(child)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function stopProcess(/** @type {import('node:child_process').ChildProcess} */ child) {
  if (!alive(child)) return
  killGroup(child, 'SIGTERM')
  if (!(await waitForExit(child, 8000))) {
    killGroup(child, 'SIGKILL')
    await waitForExit(child, 3000)
  }
}

/** Stops everything started (once; later calls share the first call's promise). */
function stopAll() {
  state.stopping ??= stopEverything()
  return state.stopping
}

async function stopEverything() {
  for (const task of state.tasks) killGroup(task, 'SIGKILL')
  await Promise.all([...state.processes.values()].map(stopProcess))
  if (state.sandbox) await state.sandbox.close().catch(() => undefined)
  if (state.database) await Promise.race([state.database.stop(), new Promise((r) => setTimeout(r, 10_000))]).catch(() => undefined)
  if (state.redis) await state.redis.stop().catch(() => undefined)
  if (state.buildDir) fs.rmSync(state.buildDir, { recursive: true, force: true })
}

process.on('exit', () => {
  // Last resort (exception, signal): nothing started here may outlive the test.
  for (const task of state.tasks) killGroup(task, 'SIGKILL')
  for (const child of state.processes.values()) killGroup(child, 'SIGKILL')
  state.database?.killNow()
  state.redis?.killNow()
  if (state.buildDir) fs.rmSync(state.buildDir, { recursive: true, force: true })
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (state.interrupted) return
    state.interrupted = true
    console.log('')
    say(`${signal}: stopping everything`)
    await stopAll()
    say('interrupted')
    process.exit(130)
  })
}

/**
 * Runs the medusa CLI to completion in `cwd`, output in logs/<name>.log (its tail shown on failure).
 * @param {string} name @param {string[]} medusaArgs @param {string} cwd @param {NodeJS.ProcessEnv} env
 */
function runMedusa(name, medusaArgs, cwd, env) {
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const log = fs.openSync(logFile, 'w')
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(MEDUSA_BIN, medusaArgs, { cwd, env, stdio: ['ignore', log, log], detached: true })
    state.tasks.add(child)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      state.tasks.delete(child)
      fs.closeSync(log)
      const seconds = (Date.now() - started) / 1000
      if (code === 0) return resolve(seconds)
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
      reject(new Error(`medusa ${medusaArgs.join(' ')} failed (${signal ?? `exit ${code}`}); log: ${path.relative(ROOT, logFile)}\n${tail}`))
    })
  })
}

function getStatus(/** @type {string} */ url) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: 3000 }, (response) => {
      response.resume()
      resolve(response.statusCode)
    })
    request.on('error', () => resolve(0))
    request.on('timeout', () => {
      request.destroy()
      resolve(0)
    })
  })
}

/**
 * A long-running `medusa start` (server or worker) whose output goes to logs/<name>.log
 * (appended across restarts, so the log tells the whole story).
 */
function medusaProcess({ name, cwd, env, port }) {
  const logFile = path.join(LOG_DIR, `${name}.log`)
  fs.writeFileSync(logFile, '')
  let starts = 0
  const handle = {
    name,
    port,
    url: `http://localhost:${port}`,
    log: () => fs.readFileSync(logFile, 'utf8'),
    /** Spawns the process and resolves once /health answers 200. */
    async start() {
      starts++
      fs.appendFileSync(logFile, `\n===== [production-test] start #${starts} at ${new Date().toISOString()} =====\n`)
      const out = fs.openSync(logFile, 'a')
      const child = spawn(MEDUSA_BIN, ['start'], { cwd, env: { ...env, PORT: String(port) }, stdio: ['ignore', out, out], detached: true })
      fs.closeSync(out)
      state.processes.set(name, child)
      const t = Date.now()
      const deadline = t + HEALTH_TIMEOUT_MS
      while ((await getStatus(`${handle.url}/health`)) !== 200) {
        if (!alive(child)) {
          throw new Error(`${name} exited at start-up (${child.signalCode ?? `exit ${child.exitCode}`}); log: ${path.relative(ROOT, logFile)}\n${handle.log().split('\n').slice(-30).join('\n')}`)
        }
        if (Date.now() > deadline) throw new Error(`${name}: /health did not answer within ${HEALTH_TIMEOUT_MS / 1000} s; log: ${path.relative(ROOT, logFile)}`)
        await new Promise((r) => setTimeout(r, 500))
      }
      return (Date.now() - t) / 1000
    },
    /** Signals the whole process group (SIGKILL: a crash, nothing cleaned up). */
    kill(signal = 'SIGKILL') {
      const child = state.processes.get(name)
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
  state.redis = await startRedis({ binary: redisServer.path })
  say(`Redis: ${redisServer.path} on ${state.redis.url} (${Date.now() - t} ms)`)

  // 2. PostgreSQL
  t = Date.now()
  state.database = await startPostgres({ dataDir: path.join(OUT_DIR, 'pg'), persistent: false })
  await state.database.ensureDatabase(DB_NAME)
  const databaseUrl = state.database.url(DB_NAME) // "localhost", never 127.0.0.1 (Medusa turns SSL on)
  say(`PostgreSQL: embedded on localhost:${state.database.port} (${Date.now() - t} ms)`)

  // 3. The sandbox
  const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
  state.sandbox = await startSandbox({ port: 0, autoNotify: false })
  say(`sandbox: ${state.sandbox.url}`)

  const [portA, portB, portW] = [await findFreePort(), await findFreePort(), await findFreePort()]
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: state.redis.url,
    BNPL_API_URL: state.sandbox.url,
    BNPL_API_KEY: SANDBOX_KEY,
    MEDUSA_BACKEND_URL: `http://localhost:${portA}`,
    JWT_SECRET: 'production-test-jwt-secret',
    COOKIE_SECRET: 'production-test-cookie-secret',
    MEDUSA_ADMIN_DISABLED: 'true', // API only: the admin UI is not built for this test
    MEDUSA_DISABLE_TELEMETRY: 'true',
  }
  delete env.MEDUSA_WORKER_MODE

  // 4. Build (in a copy) while migrating and seeding from the sources
  const seedFile = path.join(OUT_DIR, 'seed.json')
  const build = (async () => {
    if (fromSource) return ROOT
    state.buildDir = prepareBuildCopy()
    timings.build = await runMedusa('build', ['build'], state.buildDir, { ...env, NODE_ENV: 'production' })
    say(`medusa build: ${timings.build.toFixed(1)} s (in ${state.buildDir})`)
    return path.join(state.buildDir, '.medusa', 'server')
  })()
  const prepare = (async () => {
    timings.migrate = await runMedusa('migrate', ['db:migrate'], ROOT, env)
    say(`medusa db:migrate: ${timings.migrate.toFixed(1)} s`)
    timings.seed = await runMedusa('seed', ['exec', './scripts/seed-demo.ts'], ROOT, {
      ...env,
      BNPL_DEMO_SEED_FILE: seedFile,
      BNPL_DEMO_ADMIN_EMAIL: ADMIN_EMAIL,
      BNPL_DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
    })
    say(`seed (medusa exec ./scripts/seed-demo.ts): ${timings.seed.toFixed(1)} s`)
  })()
  const [appDir] = await Promise.all([build, prepare])
  const seed = JSON.parse(fs.readFileSync(seedFile, 'utf8'))

  // 5. Two servers and a worker
  say(`starting server A (:${portA}), server B (:${portB}) and worker W (:${portW}) from ${fromSource ? 'the sources' : '.medusa/server'} ...`)
  const serverA = medusaProcess({ name: 'server-a', cwd: appDir, env: { ...env, MEDUSA_WORKER_MODE: 'server' }, port: portA })
  const serverB = medusaProcess({ name: 'server-b', cwd: appDir, env: { ...env, MEDUSA_WORKER_MODE: 'server' }, port: portB })
  const worker = medusaProcess({ name: 'worker', cwd: appDir, env: { ...env, MEDUSA_WORKER_MODE: 'worker' }, port: portW })
  t = Date.now()
  const boots = await Promise.all([serverA.start(), serverB.start(), worker.start()])
  timings.boot = (Date.now() - t) / 1000
  say(`all three healthy in ${timings.boot.toFixed(1)} s (A ${boots[0].toFixed(1)} s, B ${boots[1].toFixed(1)} s, W ${boots[2].toFixed(1)} s)`)

  const { medusaClient } = require(path.join(ROOT, 'integration-tests', 'production', 'store-api'))
  const { checks } = require(path.join(ROOT, 'integration-tests', 'production', 'checks'))
  const a = medusaClient(serverA.url, { publishableKey: seed.publishable_key })
  const b = medusaClient(serverB.url, { publishableKey: seed.publishable_key })
  b.useToken(await a.login(ADMIN_EMAIL, ADMIN_PASSWORD))
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
    sandbox: state.sandbox,
    redis: state.redis,
    seed,
    stockLocationId: location.id,
    orders: new Map(),
    say,
  }

  // 6. Checks
  /** @type {{name: string, status: 'PASS' | 'FAIL' | 'SKIP', detail: string, seconds: number}[]} */
  const results = []
  for (const check of checks) {
    if (state.interrupted) break
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

  if (state.interrupted) return 130

  // 7. Stop
  t = Date.now()
  await stopAll()
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
    await stopAll()
    if (!state.interrupted) process.exit(code)
  })
  .catch(async (error) => {
    if (state.interrupted) return // the signal handler stops everything and exits
    console.error(`[production-test] ${error?.stack || error}`)
    await stopAll()
    console.error(`[production-test] FAILED after ${elapsed()}`)
    process.exit(1)
  })
