#!/usr/bin/env node
'use strict'

/**
 * `npm run demo`: a store with the plugin, ready to click through.
 *
 *   - PostgreSQL: DATABASE_URL if set, else an embedded one with its data in .demo/pg (kept
 *     between runs) on port 54329 (or a free port);
 *   - the BNPL service: BNPL_API_URL / BNPL_API_KEY if set, else the sandbox (sandbox/) on
 *     port 4010 (or a free port) with its activated merchant key;
 *   - `medusa db:migrate`, then `medusa exec ./scripts/seed-demo.ts` (admin user, publishable
 *     key, EUR region with the BNPL provider, products, stock location, shipping options;
 *     idempotent), then `medusa develop` on PORT (default 9000), admin at /app;
 *   - writes .demo/demo.json once /health answers. Ctrl-C stops everything.
 *
 *   npm run demo -- --reset     wipe .demo first (new database, new store)
 *   npm run demo -- --checkout  also run scripts/demo-checkout.js once ready (or at once
 *                               against a demo already running); the demo keeps running
 */

const fs = require('node:fs')
const http = require('node:http')
const path = require('node:path')
const { spawn } = require('node:child_process')
const { startPostgres, findFreePort, isPortFree } = require('./lib/postgres')
const { runningDemo } = require('./lib/demo-info')

const ROOT = path.resolve(__dirname, '..')
const DEMO_DIR = path.join(ROOT, '.demo')
const LOG_DIR = path.join(DEMO_DIR, 'logs')
const MEDUSA_BIN = path.join(ROOT, 'node_modules', '.bin', 'medusa')
const DB_NAME = 'medusa_bnpl_demo'
const PG_PORT = 54329
const SANDBOX_PORT = 4010
const SANDBOX_KEY = 'sk_test_active_0000000000000000'
const ADMIN_EMAIL = 'admin@example.com'
const ADMIN_PASSWORD = 'supersecret'
const HEALTH_TIMEOUT_MS = 240_000

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  console.log('Usage: npm run demo [-- --reset] [-- --checkout]\n  --reset  delete .demo (database, logs) and seed a new store\n  --checkout  run the scripted checkout (scripts/demo-checkout.js) once the demo is ready')
  process.exit(0)
}
const reset = args.includes('--reset')
const checkout = args.includes('--checkout')

/** The scripted checkout as a child; `exit`: this process ends with it (the demo was already running). */
function runCheckout(exit) {
  const child = spawn(process.execPath, [path.join(__dirname, 'demo-checkout.js')], { cwd: ROOT, stdio: 'inherit' })
  child.on('exit', (code) => (exit ? process.exit(code ?? 1) : say(`scripted checkout ${code === 0 ? 'done' : `failed (exit ${code})`}; the demo keeps running`)))
}

const say = (/** @type {string} */ line) => console.log(`[demo] ${line}`)

/** Everything started here, stopped in reverse order. */
const state = {
  /** @type {Awaited<ReturnType<typeof startPostgres>> | null} */ database: null,
  /** @type {{url: string, close: () => Promise<unknown>} | null} */ sandbox: null,
  /** @type {import('node:child_process').ChildProcess | null} */ server: null,
  /** @type {Set<import('node:child_process').ChildProcess>} */ tasks: new Set(),
  stopping: false,
}

/** Kills a detached child's whole process group (medusa develop forks the server). */
function killGroup(/** @type {import('node:child_process').ChildProcess} */ child, signal = 'SIGTERM') {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {}
  }
}

function waitForExit(/** @type {import('node:child_process').ChildProcess} */ child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(undefined)
    })
  })
}

async function stopAll(code) {
  if (state.stopping) return
  state.stopping = true
  for (const task of state.tasks) killGroup(task)
  if (state.server) {
    say('stopping medusa develop')
    killGroup(state.server, 'SIGTERM')
    await waitForExit(state.server, 8000)
    killGroup(state.server, 'SIGKILL')
  }
  if (state.sandbox) {
    say('stopping the sandbox')
    await state.sandbox.close().catch(() => undefined)
  }
  if (state.database) {
    say('stopping PostgreSQL (data kept in .demo/pg)')
    await Promise.race([state.database.stop(), new Promise((r) => setTimeout(r, 10_000))]).catch(() => undefined)
  }
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.log('')
    say(`${signal} received`)
    stopAll(0)
  })
}
process.on('exit', () => {
  // Last resort when exiting without stopAll (e.g. an exception): nothing may outlive the demo.
  for (const task of state.tasks) killGroup(task, 'SIGKILL')
  if (state.server) killGroup(state.server, 'SIGKILL')
  if (state.database) state.database.killNow()
})

/**
 * Runs a medusa CLI command to completion, its output in .demo/logs/<name>.log (shown on failure).
 * @param {string} name @param {string[]} medusaArgs @param {NodeJS.ProcessEnv} env
 */
function runMedusa(name, medusaArgs, env) {
  fs.mkdirSync(LOG_DIR, { recursive: true })
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const log = fs.openSync(logFile, 'w')
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(MEDUSA_BIN, medusaArgs, { cwd: ROOT, env, stdio: ['ignore', log, log], detached: true })
    state.tasks.add(child)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      state.tasks.delete(child)
      fs.closeSync(log)
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
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

async function main() {
  if (checkout && !reset && (await runningDemo())) return runCheckout(true)
  const started = Date.now()
  if (reset) {
    say('--reset: deleting .demo')
    fs.rmSync(DEMO_DIR, { recursive: true, force: true })
  }
  fs.mkdirSync(DEMO_DIR, { recursive: true })
  fs.rmSync(path.join(DEMO_DIR, 'demo.json'), { force: true })

  const port = Number(process.env.PORT || 9000)
  if (!(await isPortFree(port))) {
    throw new Error(`Port ${port} is already in use (another Medusa running?). Stop it or run with PORT=<port>.`)
  }
  const backendUrl = `http://localhost:${port}`

  // 1. PostgreSQL
  let databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    say(`PostgreSQL: DATABASE_URL (${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`)
  } else {
    const t = Date.now()
    const dataDir = path.join(DEMO_DIR, 'pg')
    const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'))
    state.database = await startPostgres({ dataDir, port: PG_PORT, persistent: true })
    await state.database.ensureDatabase(DB_NAME)
    // "localhost", never 127.0.0.1: Medusa turns SSL on for other hosts.
    databaseUrl = state.database.url(DB_NAME)
    say(`PostgreSQL: embedded, ${fresh ? 'new cluster' : 'existing cluster'} in .demo/pg on localhost:${state.database.port} (${Date.now() - t} ms)`)
  }

  // 2. The BNPL service
  let apiUrl = process.env.BNPL_API_URL
  let apiKey = process.env.BNPL_API_KEY
  let sandboxUrl = null
  if (apiUrl) {
    say(`BNPL service: BNPL_API_URL (${apiUrl})${apiKey ? '' : ' — no BNPL_API_KEY: paste a key in the admin (Settings > BNPL)'}`)
  } else {
    const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
    const sandboxPort = await findFreePort(SANDBOX_PORT)
    state.sandbox = await startSandbox({ port: sandboxPort, ipnDelayMs: 2000 })
    sandboxUrl = state.sandbox.url
    apiUrl = sandboxUrl
    apiKey = apiKey || SANDBOX_KEY
    say(`BNPL service: sandbox at ${sandboxUrl} (key ${apiKey})`)
  }

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || 'development',
    DATABASE_URL: databaseUrl,
    BNPL_API_URL: apiUrl,
    ...(apiKey ? { BNPL_API_KEY: apiKey } : {}),
    MEDUSA_BACKEND_URL: process.env.MEDUSA_BACKEND_URL || backendUrl,
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: process.env.MEDUSA_DISABLE_TELEMETRY || 'true',
  }

  // 3. Migrations (core, links, the plugin's module)
  say('medusa db:migrate ...')
  const migrateSeconds = await runMedusa('migrate', ['db:migrate'], env)
  say(`migrations done (${migrateSeconds} s)`)

  // 4. Seed (idempotent)
  const seedFile = path.join(DEMO_DIR, 'seed.json')
  const previous = fs.existsSync(seedFile) ? JSON.parse(fs.readFileSync(seedFile, 'utf8')) : null
  fs.rmSync(seedFile, { force: true })
  say(previous ? 'checking the seeded store ...' : 'seeding the store ...')
  const seedSeconds = await runMedusa('seed', ['exec', './scripts/seed-demo.ts'], {
    ...env,
    BNPL_DEMO_SEED_FILE: seedFile,
    BNPL_DEMO_ADMIN_EMAIL: ADMIN_EMAIL,
    BNPL_DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
  })
  const seed = JSON.parse(fs.readFileSync(seedFile, 'utf8'))
  say(`${seed.reused ? 'reusing the seeded store' : 'seeding a new store'} (region ${seed.region_id}, ${seed.products.length} products, ${seed.shipping_options.length} shipping options; ${seedSeconds} s)`)

  // 5. medusa develop
  say(`medusa develop on ${backendUrl} (log: .demo/logs/develop.log) ...`)
  const developLog = fs.openSync(path.join(LOG_DIR, 'develop.log'), 'w')
  state.server = spawn(MEDUSA_BIN, ['develop'], { cwd: ROOT, env, stdio: ['ignore', developLog, developLog], detached: true })
  state.server.on('exit', (code, signal) => {
    if (state.stopping) return
    say(`medusa develop exited (${signal ?? `exit ${code}`}); see .demo/logs/develop.log`)
    stopAll(1)
  })

  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while ((await getStatus(`${backendUrl}/health`)) !== 200) {
    if (Date.now() > deadline) throw new Error(`${backendUrl}/health did not answer within ${HEALTH_TIMEOUT_MS / 1000} s; see .demo/logs/develop.log`)
    await new Promise((r) => setTimeout(r, 1000))
  }

  const demo = {
    backend_url: backendUrl,
    admin_url: `${backendUrl}/app`,
    admin_email: ADMIN_EMAIL,
    admin_password: ADMIN_PASSWORD,
    publishable_key: seed.publishable_key,
    region_id: seed.region_id,
    sandbox_url: sandboxUrl,
  }
  fs.writeFileSync(path.join(DEMO_DIR, 'demo.json'), JSON.stringify(demo, null, 2) + '\n')

  console.log('')
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  console.log(`  Admin:            ${backendUrl}/app   (${ADMIN_EMAIL} / ${ADMIN_PASSWORD})`)
  console.log(`  Store API:        ${backendUrl}/store   header x-publishable-api-key: ${seed.publishable_key}`)
  console.log(`  Region (EUR):     ${seed.region_id}   payment provider pp_bnpl_bnpl`)
  console.log(`  BNPL service:     ${sandboxUrl ? `sandbox ${sandboxUrl} (requests: ${sandboxUrl}/_sandbox/requests)` : apiUrl}`)
  console.log(`  Details:          .demo/demo.json   server log: .demo/logs/develop.log`)
  console.log('  Ctrl-C stops everything.')
  if (checkout) runCheckout(false)
}

main().catch((error) => {
  console.error(`[demo] ${error && error.message ? error.message : error}`)
  stopAll(1)
})
