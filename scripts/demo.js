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
 *   - the demo storefront (demo-storefront/, built with Vite when its sources changed) on
 *     STOREFRONT_PORT (default 8000, the store CORS origin); the provider's returnUrl and
 *     cancelUrl point at its pages;
 *   - writes .demo/demo.json once /health answers. Ctrl-C stops everything.
 *
 *   npm run demo -- --reset     wipe .demo first (new database, new store)
 *   npm run demo -- --checkout  also run scripts/demo-checkout.js once ready (or at once
 *                               against a demo already running); the demo keeps running
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawn } = require('node:child_process')
const { startPostgres, findFreePort, isPortFree } = require('./lib/postgres')
const { runningDemo } = require('./lib/demo-info')
const { commandLine } = require('./lib/command-line')
const { settle, startedHere, onStopSignals, waitForHealth } = require('./lib/processes')
const { ADMIN, SANDBOX_KEY, spawnMedusa, runMedusa, seedDemoStore } = require('./lib/medusa')
/** The demo's live account: another merchant at the same sandbox (registered when it starts). */
const SANDBOX_LIVE_KEY = 'sk_live_demo_0000000000000000'
const { buildStorefront, serveStorefront } = require('./lib/storefront-server')

const ROOT = path.resolve(__dirname, '..')
const DEMO_DIR = path.join(ROOT, '.demo')
const LOG_DIR = path.join(DEMO_DIR, 'logs')
const DB_NAME = 'medusa_bnpl_demo'
const PG_PORT = 54329
const SANDBOX_PORT = 4010
const HEALTH_TIMEOUT_MS = 240_000

const args = commandLine('Usage: npm run demo [-- --reset] [-- --checkout]\n  --reset  delete .demo (database, logs) and seed a new store\n  --checkout  run the scripted checkout (scripts/demo-checkout.js) once the demo is ready')
const reset = args.has('--reset')
const checkout = args.has('--checkout')

/** The scripted checkout as a child; `exit`: this process ends with it (the demo was already running). */
function runCheckout(exit) {
  const child = spawn(process.execPath, [path.join(__dirname, 'demo-checkout.js')], { cwd: ROOT, stdio: 'inherit' })
  child.on('exit', (code) => (exit ? process.exit(code ?? 1) : say(`scripted checkout ${code === 0 ? 'done' : `failed (exit ${code})`}; the demo keeps running`)))
}

const say = (/** @type {string} */ line) => console.log(`[demo] ${line}`)

/** Everything started here (PostgreSQL, the sandbox, medusa commands), stopped in reverse order. */
const running = startedHere()

async function stopAll(code) {
  if (running.stopping) return
  await running.stopAll()
  process.exit(code)
}

onStopSignals((signal) => {
  console.log('')
  say(`${signal} received`)
  stopAll(0)
})

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
  const storefrontPort = Number(process.env.STOREFRONT_PORT || 8000)
  if (!(await isPortFree(storefrontPort))) {
    throw new Error(`Port ${storefrontPort} (the demo storefront) is already in use. Stop what uses it or run with STOREFRONT_PORT=<port>.`)
  }
  const storefrontUrl = `http://localhost:${storefrontPort}`
  // Built while PostgreSQL and Medusa start (a few seconds; nothing when up to date).
  const storefrontBuild = buildStorefront()
  storefrontBuild.catch(() => undefined)

  // 1. PostgreSQL
  let databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    say(`PostgreSQL: DATABASE_URL (${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`)
  } else {
    const t = Date.now()
    const dataDir = path.join(DEMO_DIR, 'pg')
    const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'))
    const database = await startPostgres({ dataDir, port: PG_PORT, persistent: true })
    running.add({
      stop: () => {
        say('stopping PostgreSQL (data kept in .demo/pg)')
        return settle(database.stop(), 10_000)
      },
      kill: () => database.killNow(),
    })
    await database.ensureDatabase(DB_NAME)
    // "localhost", never 127.0.0.1: Medusa turns SSL on for other hosts.
    databaseUrl = database.url(DB_NAME)
    say(`PostgreSQL: embedded, ${fresh ? 'new cluster' : 'existing cluster'} in .demo/pg on localhost:${database.port} (${Date.now() - t} ms)`)
  }

  // 2. The BNPL service
  let apiUrl = process.env.BNPL_API_URL
  let apiKey = process.env.BNPL_API_KEY
  let sandboxUrl = null
  // Test and live modes: with the sandbox, a test account (SANDBOX_KEY) and a live one (another
  // key at the same sandbox), in test mode; the admin's mode switch moves new payments to live.
  let accounts = {}
  if (apiUrl) {
    say(`BNPL service: BNPL_API_URL (${apiUrl})${apiKey ? '' : ' — no BNPL_API_KEY: paste a key in the admin (Settings > BNPL)'}`)
  } else {
    const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
    const sandboxPort = await findFreePort(SANDBOX_PORT)
    const sandbox = await startSandbox({
      port: sandboxPort,
      ipnDelayMs: 2000,
      // Kept across `POST /_sandbox/reset`.
      merchants: { [SANDBOX_LIVE_KEY]: { name: 'Demo Store (live account)', activated: true } },
    })
    running.add({
      stop: () => {
        say('stopping the sandbox')
        return settle(sandbox.close())
      },
    })
    sandboxUrl = sandbox.url
    apiUrl = sandboxUrl
    apiKey = apiKey || SANDBOX_LIVE_KEY
    accounts = {
      BNPL_API_URL_TEST: process.env.BNPL_API_URL_TEST || sandboxUrl,
      BNPL_API_KEY_TEST: process.env.BNPL_API_KEY_TEST || SANDBOX_KEY,
      BNPL_MODE: process.env.BNPL_MODE || 'test',
    }
    say(`BNPL service: sandbox at ${sandboxUrl} (test account ${accounts.BNPL_API_KEY_TEST}, live account ${apiKey}; mode ${accounts.BNPL_MODE})`)
  }

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || 'development',
    DATABASE_URL: databaseUrl,
    BNPL_API_URL: apiUrl,
    ...(apiKey ? { BNPL_API_KEY: apiKey } : {}),
    ...accounts,
    MEDUSA_BACKEND_URL: process.env.MEDUSA_BACKEND_URL || backendUrl,
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: process.env.MEDUSA_DISABLE_TELEMETRY || 'true',
    STORE_CORS: process.env.STORE_CORS || storefrontUrl,
    AUTH_CORS: process.env.AUTH_CORS || `${backendUrl},${storefrontUrl}`,
    BNPL_RETURN_URL: process.env.BNPL_RETURN_URL || `${storefrontUrl}/checkout/bnpl-return`,
    BNPL_CANCEL_URL: process.env.BNPL_CANCEL_URL || `${storefrontUrl}/checkout?bnpl=cancelled`,
    // Read by the seed: 3 instalments (also paid at shipment), 4, and a credit plan (from 500 €) shown greyed below it.
    BNPL_DEMO_PLANS: process.env.BNPL_DEMO_PLANS || '3,3ship,4,10',
  }

  // 3. Migrations (core, links, the plugin's module)
  say('medusa db:migrate ...')
  // Each medusa command's output in .demo/logs/<name>.log (its tail shown on failure).
  const migrateSeconds = await runMedusa(['db:migrate'], { env, logFile: path.join(LOG_DIR, 'migrate.log'), running })
  say(`migrations done (${migrateSeconds.toFixed(1)} s)`)

  // 4. Seed (idempotent)
  const seedFile = path.join(DEMO_DIR, 'seed.json')
  const previous = fs.existsSync(seedFile) ? JSON.parse(fs.readFileSync(seedFile, 'utf8')) : null
  fs.rmSync(seedFile, { force: true })
  say(previous ? 'checking the seeded store ...' : 'seeding the store ...')
  const { seed, seconds: seedSeconds } = await seedDemoStore(seedFile, { env, logFile: path.join(LOG_DIR, 'seed.log'), running })
  say(`${seed.reused ? 'reusing the seeded store' : 'seeding a new store'} (region ${seed.region_id}, ${seed.products.length} products, ${seed.shipping_options.length} shipping options; ${seedSeconds.toFixed(1)} s)`)

  // Before medusa develop: its file watcher would restart the server on the build's files.
  const builtIn = await storefrontBuild

  // 5. medusa develop
  say(`medusa develop on ${backendUrl} (log: .demo/logs/develop.log) ...`)
  const developLog = path.join(LOG_DIR, 'develop.log')
  const server = spawnMedusa(['develop'], { env, logFile: developLog })
  running.child(server, { before: () => say('stopping medusa develop') })
  server.on('exit', (code, signal) => {
    if (running.stopping) return
    say(`medusa develop exited (${signal ?? `exit ${code}`}); see .demo/logs/develop.log`)
    stopAll(1)
  })
  // No `child`: when medusa develop exits, the handler above stops everything.
  await waitForHealth(`${backendUrl}/health`, { timeoutMs: HEALTH_TIMEOUT_MS, intervalMs: 1000, logFile: developLog })

  // 6. The demo storefront
  const storefront = await serveStorefront({
    port: storefrontPort,
    config: { backend_url: backendUrl, publishable_key: seed.publishable_key, region_id: seed.region_id },
  })
  running.add({
    stop: () => {
      say('stopping the storefront')
      return settle(storefront.close())
    },
  })
  say(`storefront on ${storefrontUrl} (${builtIn ? `built in ${builtIn.toFixed(1)} s` : 'build up to date'})`)

  const demo = {
    backend_url: backendUrl,
    storefront_url: storefrontUrl,
    admin_url: `${backendUrl}/app`,
    admin_email: ADMIN.email,
    admin_password: ADMIN.password,
    publishable_key: seed.publishable_key,
    region_id: seed.region_id,
    sandbox_url: sandboxUrl,
  }
  fs.writeFileSync(path.join(DEMO_DIR, 'demo.json'), JSON.stringify(demo, null, 2) + '\n')

  console.log('')
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  console.log(`  Storefront:       ${storefrontUrl}   (buy something: the sandbox's page accepts or refuses)`)
  console.log(`  Admin:            ${backendUrl}/app   (${ADMIN.email} / ${ADMIN.password})`)
  console.log(`  Store API:        ${backendUrl}/store   header x-publishable-api-key: ${seed.publishable_key}`)
  console.log(`  Region (EUR):     ${seed.region_id}   payment provider pp_bnpl_bnpl`)
  console.log(`  BNPL service:     ${sandboxUrl ? `sandbox ${sandboxUrl} (requests: ${sandboxUrl}/_sandbox/requests)` : apiUrl}`)
  console.log(`  Checkout rules:   4 instalments only from 150 to 2000 EUR; "Gift Card 100" (category Gift cards) never in instalments`)
  console.log(`                    try: curl -H 'x-publishable-api-key: ${seed.publishable_key}' '${backendUrl}/store/bnpl/eligibility?amount=129.90&currency_code=eur'`)
  console.log(`  Details:          .demo/demo.json   server log: .demo/logs/develop.log`)
  console.log('  Ctrl-C stops everything.')
  if (checkout) runCheckout(false)
}

main().catch((error) => {
  console.error(`[demo] ${error && error.message ? error.message : error}`)
  stopAll(1)
})
