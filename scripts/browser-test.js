#!/usr/bin/env node
'use strict'

/**
 * The admin UI in a real browser: `node scripts/browser-test.js`.
 *
 *   1. Chromium: Debian's /usr/bin/chromium (CHROMIUM_PATH to use another); when missing and
 *      running as root, `apt-get update && apt-get install -y chromium`. Driven by npm
 *      `playwright-core` (no browser download, ever).
 *   2. A store the way `npm run demo` builds it: embedded PostgreSQL (a throwaway cluster in
 *      .tmp/browser-test-<pid>, or DATABASE_URL's server with a fresh database), the sandbox
 *      (sandbox/server.js) in this process, `medusa db:migrate`, `medusa exec
 *      ./scripts/seed-demo.ts`, then the server `medusa develop` runs (`medusa start` with
 *      NODE_ENV=development: the same server and admin at /app, without the file watcher that
 *      would restart it when a source file changes). No BNPL_API_KEY: the test sets the key in
 *      the admin.
 *   3. integration-tests/browser/admin.browser.js: logs in, saves the key in Settings >
 *      Instalment payments, verifies it, pays an order in instalments through the store API
 *      and opens it in the admin. Screenshots into docs/screenshots (or --screenshots-dir).
 *   4. integration-tests/browser/storefront.browser.js: the demo storefront (demo-storefront/,
 *      built with Vite when its sources changed, served on a free port from 8200): a customer's
 *      purchase, the cancel path and a refused payment, checked through the admin API.
 *
 * Exits non-zero on any failure, or after BROWSER_TEST_TIMEOUT_MS (default 1200000) (logs kept
 * in .tmp/browser-test-<pid>/logs); stops everything it started in every case. Options: --screenshots-dir DIR, --headed (with a display),
 * --keep (leave the store running until Ctrl-C, to look around), --only admin|storefront (one
 * of the two parts; the storefront part alone gets the key from the environment).
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { startPostgres, findFreePort } = require('./lib/postgres')
const { settle, startedHere, onStopSignals, waitForHealth } = require('./lib/processes')
const { ADMIN, SANDBOX_KEY, spawnMedusa, runMedusa, seedDemoStore } = require('./lib/medusa')
const { commandLine } = require('./lib/command-line')
const { buildStorefront, serveStorefront } = require('./lib/storefront-server')

const ROOT = path.resolve(__dirname, '..')
const WORK_DIR = path.join(ROOT, '.tmp', `browser-test-${process.pid}`)
const LOG_DIR = path.join(WORK_DIR, 'logs')
const DB_NAME = `bnpl_browser_${process.pid}`
const HEALTH_TIMEOUT_MS = 180_000
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const args = commandLine('Usage: node scripts/browser-test.js [--screenshots-dir DIR] [--headed] [--keep] [--only admin|storefront]')
const SCREENSHOTS_DIR = path.resolve(ROOT, args.value('--screenshots-dir') || 'docs/screenshots')
const HEADED = args.has('--headed')
const KEEP = args.has('--keep')
const ONLY = args.value('--only')
if (ONLY && !['admin', 'storefront'].includes(ONLY)) {
  console.error('--only takes admin or storefront')
  process.exit(2)
}

const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const say = (/** @type {string} */ line) => console.log(`[browser-test] ${line}`)

/** Everything started here (PostgreSQL, the sandbox, medusa commands), stopped in reverse order. */
const running = startedHere()
/** @type {{close: () => Promise<void>} | null} */
let browser = null
let stopping = false

async function stopAll(/** @type {number} */ code) {
  if (stopping) return
  stopping = true
  if (browser) await settle(browser.close(), 5000) // first: its pages talk to the server
  await running.stopAll()
  fs.rmSync(path.join(WORK_DIR, 'pg'), { recursive: true, force: true })
  fs.rmSync(path.join(WORK_DIR, 'chromium-profile'), { recursive: true, force: true })
  if (code === 0) {
    fs.rmSync(WORK_DIR, { recursive: true, force: true })
  } else if (fs.existsSync(LOG_DIR)) {
    say(`logs kept in ${path.relative(ROOT, LOG_DIR)}`)
  }
  say(`${code === 0 ? 'passed' : 'FAILED'} in ${elapsed()} (everything it started is stopped)`)
  process.exit(code)
}

onStopSignals((signal) => {
  say(`${signal} received: stopping`)
  stopAll(130)
})

// ------------------------------------------------------------------ Chromium

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)
  return candidates.find((p) => fs.existsSync(/** @type {string} */ (p)))
}

function ensureChromium() {
  let found = findChromium()
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    throw new Error(
      'Chromium is not installed (/usr/bin/chromium). Install it with `sudo apt-get install -y chromium` ' +
        '(or set CHROMIUM_PATH), then run again.'
    )
  }
  for (const command of [
    ['apt-get', ['update']],
    ['apt-get', ['install', '-y', '--no-install-recommends', 'chromium']],
  ]) {
    say(`Chromium missing: running \`${command[0]} ${command[1].join(' ')}\``)
    const t = Date.now()
    const result = spawnSync(/** @type {string} */ (command[0]), /** @type {string[]} */ (command[1]), {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (result.status !== 0) {
      throw new Error(`\`${command[0]} ${command[1].join(' ')}\` failed (exit ${result.status ?? result.signal})`)
    }
    say(`  done (${((Date.now() - t) / 1000).toFixed(1)} s)`)
  }
  found = findChromium()
  if (!found) throw new Error('apt-get installed chromium, but /usr/bin/chromium is still missing')
  return found
}

// ------------------------------------------------------------------ the store

/** A database for this run: a throwaway embedded cluster, or a fresh one on DATABASE_URL's server. */
async function startDatabase() {
  const external = process.env.DATABASE_URL
  if (external) {
    const { Client } = require('pg')
    const admin = new URL(external)
    admin.pathname = '/postgres'
    const run = async (/** @type {string} */ sql) => {
      const client = new Client({ connectionString: admin.toString() })
      await client.connect()
      try {
        await client.query(sql)
      } finally {
        await client.end()
      }
    }
    await run(`CREATE DATABASE "${DB_NAME}"`)
    running.add({ stop: () => settle(run(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`), 10_000) })
    const url = new URL(external)
    url.pathname = `/${DB_NAME}`
    say(`PostgreSQL: database ${DB_NAME} on DATABASE_URL's server (dropped at the end)`)
    return url.toString()
  }
  const t = Date.now()
  const database = await startPostgres({ dataDir: path.join(WORK_DIR, 'pg'), persistent: false })
  running.add({ stop: () => settle(database.stop(), 10_000), kill: () => database.killNow() })
  await database.ensureDatabase(DB_NAME)
  say(`PostgreSQL: embedded, throwaway cluster on localhost:${database.port} (${Date.now() - t} ms)`)
  return database.url(DB_NAME)
}

async function main() {
  fs.mkdirSync(LOG_DIR, { recursive: true })

  // 1. Browser and driver (fail fast, before booting a store)
  const chromiumPath = ensureChromium()
  const version = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' }).stdout.trim()
  say(`Chromium: ${chromiumPath} (${version || 'version unknown'})`)
  /** @type {typeof import('playwright-core')} */
  let playwright
  try {
    playwright = require('playwright-core')
  } catch {
    throw new Error('npm package playwright-core is missing: run `npm install`')
  }

  // 2. PostgreSQL, sandbox, migrations, seed, server
  const databaseUrl = await startDatabase()

  const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
  const sandbox = await startSandbox({ port: await findFreePort(), ipnDelayMs: 500 })
  running.add({ stop: () => settle(sandbox.close(), 5000) })
  say(`sandbox at ${sandbox.url}`)

  const port = await findFreePort(9100)
  const backendUrl = `http://localhost:${port}`
  const storefrontPort = await findFreePort(8200)
  const storefrontUrl = `http://localhost:${storefrontPort}`
  const storefrontBuild = ONLY === 'admin' ? Promise.resolve(0) : buildStorefront()
  storefrontBuild.catch(() => undefined)
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    BNPL_API_URL: sandbox.url,
    // The key pasted in the admin is a test key (sk_test_): it goes in the test account.
    BNPL_API_URL_TEST: sandbox.url,
    MEDUSA_BACKEND_URL: backendUrl,
    ADMIN_CORS: backendUrl,
    AUTH_CORS: `${backendUrl},${storefrontUrl}`,
    // Return URLs must be on one of the store's CORS origins: the demo storefront's, and the
    // return page the admin test's scripted checkout uses (scripts/lib/store-api.js).
    STORE_CORS: `${backendUrl},${storefrontUrl},http://localhost:8000`,
    BNPL_RETURN_URL: `${storefrontUrl}/checkout/bnpl-return`,
    BNPL_CANCEL_URL: `${storefrontUrl}/checkout?bnpl=cancelled`,
    // Where payment links lead (admin.storefrontUrl): the demo storefront's /payment-collection/<id>.
    MEDUSA_STOREFRONT_URL: storefrontUrl,
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: 'true',
  }
  // The key is what the test sets in the admin: none from the environment. One process with
  // everything in memory (no Redis topology), admin served.
  for (const name of ['BNPL_API_KEY', 'BNPL_API_KEY_TEST', 'BNPL_MODE', 'REDIS_URL', 'MEDUSA_WORKER_MODE', 'MEDUSA_ADMIN_DISABLED']) delete env[name]
  // The storefront part alone: no admin test sets the key, the storefront test saves it itself.

  // Each medusa command's output in logs/<name>.log (its tail shown on failure).
  say('medusa db:migrate ...')
  const migrateSeconds = await runMedusa(['db:migrate'], { env, logFile: path.join(LOG_DIR, 'migrate.log'), running })
  say(`  done (${migrateSeconds.toFixed(1)} s)`)
  say('seeding the store (scripts/seed-demo.ts) ...')
  const { seed, seconds: seedSeconds } = await seedDemoStore(path.join(WORK_DIR, 'seed.json'), { env, logFile: path.join(LOG_DIR, 'seed.log'), running })
  say(`  done (${seedSeconds.toFixed(1)} s)`)

  say(`server (medusa start, NODE_ENV=development) on ${backendUrl} ...`)
  const t = Date.now()
  const serverLog = path.join(LOG_DIR, 'server.log')
  const server = spawnMedusa(['start'], { env, logFile: serverLog })
  running.child(server)
  // Its log's tail: printed on any failure (below).
  await waitForHealth(`${backendUrl}/health`, { timeoutMs: HEALTH_TIMEOUT_MS, child: server, logFile: serverLog, tail: 0 })
  say(`  /health answers (${((Date.now() - t) / 1000).toFixed(1)} s)`)

  // 3. The browser test
  const userDataDir = path.join(WORK_DIR, 'chromium-profile')
  fs.mkdirSync(userDataDir, { recursive: true })
  const context = await playwright.chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: !HEADED,
    args: HEADED ? CHROMIUM_ARGS.filter((a) => a !== '--headless') : CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    // Signals are ours: stopAll closes the browser, then the server, sandbox and database.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  })
  browser = context
  const common = {
    context,
    backendUrl,
    // The admin's order page with an event the retry job gave up on: written as such a failure leaves it.
    databaseUrl,
    admin: ADMIN,
    apiKey: SANDBOX_KEY,
    sandbox,
    seed,
    screenshotsDir: SCREENSHOTS_DIR,
    failureDir: LOG_DIR,
    log: (/** @type {string} */ line) => say(`  ${line}`),
  }
  if (ONLY !== 'storefront') {
    say('the admin')
    await require(path.join(ROOT, 'integration-tests', 'browser', 'admin.browser.js')).run(common)
  }
  if (ONLY !== 'admin') {
    const builtIn = await storefrontBuild
    const storefront = await serveStorefront({
      port: storefrontPort,
      config: { backend_url: backendUrl, publishable_key: seed.publishable_key, region_id: seed.region_id },
    })
    running.add({ stop: () => settle(storefront.close(), 5000) })
    say(`the demo storefront on ${storefrontUrl} (${builtIn ? `built in ${builtIn.toFixed(1)} s` : 'build up to date'})`)
    await require(path.join(ROOT, 'integration-tests', 'browser', 'storefront.browser.js')).run({ ...common, storefrontUrl })
  }

  if (KEEP) {
    say(`--keep: admin at ${backendUrl}/app (${ADMIN.email} / ${ADMIN.password}), storefront at ${storefrontUrl}; Ctrl-C stops everything`)
    await new Promise(() => undefined)
  }
}

// A hung step must not hang CI: give up after BROWSER_TEST_TIMEOUT_MS (default 20 min). It takes
// about 4 minutes alone on 2 cores; on a machine busy with other builds, over 10 (CI stopped it
// at 600 s once, halfway through the admin's French pages, while three stores were building).
const TIMEOUT_MS = Number(process.env.BROWSER_TEST_TIMEOUT_MS || 1_200_000)
const watchdog = setTimeout(() => {
  if (KEEP) return
  console.error(`[browser-test] FAILED: still running after ${TIMEOUT_MS / 1000} s (BROWSER_TEST_TIMEOUT_MS)`)
  stopAll(1)
}, TIMEOUT_MS)
watchdog.unref()

main().then(
  () => stopAll(0),
  (error) => {
    console.error(`[browser-test] FAILED: ${error && error.stack ? error.stack : error}`)
    const serverLog = path.join(LOG_DIR, 'server.log')
    if (fs.existsSync(serverLog)) {
      const tail = fs.readFileSync(serverLog, 'utf8').split('\n').slice(-30).join('\n')
      console.error(`--- last lines of ${path.relative(ROOT, serverLog)} ---\n${tail}`)
    }
    stopAll(1)
  }
)
