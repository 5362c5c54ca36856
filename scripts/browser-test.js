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
 *
 * Exits non-zero on any failure, or after BROWSER_TEST_TIMEOUT_MS (default 600000) (logs kept
 * in .tmp/browser-test-<pid>/logs); stops everything it started in every case. Options: --screenshots-dir DIR, --headed (with a display),
 * --keep (leave the store running until Ctrl-C, to look around).
 */

const fs = require('node:fs')
const http = require('node:http')
const path = require('node:path')
const { spawn, spawnSync } = require('node:child_process')
const { startPostgres, findFreePort } = require('./lib/postgres')

const ROOT = path.resolve(__dirname, '..')
const WORK_DIR = path.join(ROOT, '.tmp', `browser-test-${process.pid}`)
const LOG_DIR = path.join(WORK_DIR, 'logs')
const MEDUSA_BIN = path.join(ROOT, 'node_modules', '.bin', 'medusa')
const DB_NAME = `bnpl_browser_${process.pid}`
const ADMIN = { email: 'admin@example.com', password: 'supersecret' }
const SANDBOX_KEY = 'sk_test_active_0000000000000000'
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

const argv = process.argv.slice(2)
const option = (/** @type {string} */ name) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
if (argv.includes('--help') || argv.includes('-h')) {
  console.log('Usage: node scripts/browser-test.js [--screenshots-dir DIR] [--headed] [--keep]')
  process.exit(0)
}
const SCREENSHOTS_DIR = path.resolve(ROOT, option('--screenshots-dir') || 'docs/screenshots')
const HEADED = argv.includes('--headed')
const KEEP = argv.includes('--keep')

const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const say = (/** @type {string} */ line) => console.log(`[browser-test] ${line}`)

/** Everything started here, stopped in reverse order. */
const state = {
  /** @type {Awaited<ReturnType<typeof startPostgres>> | null} */ database: null,
  /** @type {{dropDatabase: () => Promise<void>} | null} */ externalDatabase: null,
  /** @type {any} */ sandbox: null,
  /** @type {import('node:child_process').ChildProcess | null} */ server: null,
  /** @type {Set<import('node:child_process').ChildProcess>} */ tasks: new Set(),
  /** @type {{close: () => Promise<void>} | null} */ browser: null,
  stopping: false,
}

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

const withTimeout = (/** @type {Promise<unknown>} */ p, ms) =>
  Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, ms))])

async function stopAll(/** @type {number} */ code) {
  if (state.stopping) return
  state.stopping = true
  if (state.browser) await withTimeout(state.browser.close(), 5000)
  for (const task of state.tasks) killGroup(task, 'SIGKILL')
  if (state.server) {
    killGroup(state.server, 'SIGTERM')
    await waitForExit(state.server, 8000)
    killGroup(state.server, 'SIGKILL')
  }
  if (state.sandbox) await withTimeout(state.sandbox.close(), 5000)
  if (state.externalDatabase) await withTimeout(state.externalDatabase.dropDatabase(), 10_000)
  if (state.database) await withTimeout(state.database.stop(), 10_000)
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

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    say(`${signal} received: stopping`)
    stopAll(130)
  })
}
process.on('exit', () => {
  // Last resort (an exception past stopAll): nothing may outlive the test.
  for (const task of state.tasks) killGroup(task, 'SIGKILL')
  if (state.server) killGroup(state.server, 'SIGKILL')
  if (state.database) state.database.killNow()
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

/** Runs a medusa CLI command to completion; its output in logs/<name>.log (shown on failure). */
function runMedusa(/** @type {string} */ name, /** @type {string[]} */ medusaArgs, /** @type {NodeJS.ProcessEnv} */ env) {
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const log = fs.openSync(logFile, 'w')
  const t = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(MEDUSA_BIN, medusaArgs, { cwd: ROOT, env, stdio: ['ignore', log, log], detached: true })
    state.tasks.add(child)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      state.tasks.delete(child)
      fs.closeSync(log)
      if (code === 0) return resolve(((Date.now() - t) / 1000).toFixed(1))
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
      reject(new Error(`medusa ${medusaArgs.join(' ')} failed (${signal ?? `exit ${code}`})\n${tail}`))
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
    state.externalDatabase = { dropDatabase: () => run(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`) }
    const url = new URL(external)
    url.pathname = `/${DB_NAME}`
    say(`PostgreSQL: database ${DB_NAME} on DATABASE_URL's server (dropped at the end)`)
    return url.toString()
  }
  const t = Date.now()
  state.database = await startPostgres({ dataDir: path.join(WORK_DIR, 'pg'), persistent: false })
  await state.database.ensureDatabase(DB_NAME)
  say(`PostgreSQL: embedded, throwaway cluster on localhost:${state.database.port} (${Date.now() - t} ms)`)
  return state.database.url(DB_NAME)
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
  state.sandbox = await startSandbox({ port: await findFreePort(), ipnDelayMs: 500 })
  say(`sandbox at ${state.sandbox.url}`)

  const port = await findFreePort(9100)
  const backendUrl = `http://localhost:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    BNPL_API_URL: state.sandbox.url,
    MEDUSA_BACKEND_URL: backendUrl,
    ADMIN_CORS: backendUrl,
    AUTH_CORS: backendUrl,
    STORE_CORS: backendUrl,
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: 'true',
  }
  // The key is what the test sets in the admin: none from the environment. One process with
  // everything in memory (no Redis topology), admin served.
  for (const name of ['BNPL_API_KEY', 'REDIS_URL', 'MEDUSA_WORKER_MODE', 'MEDUSA_ADMIN_DISABLED']) delete env[name]

  say('medusa db:migrate ...')
  say(`  done (${await runMedusa('migrate', ['db:migrate'], env)} s)`)
  const seedFile = path.join(WORK_DIR, 'seed.json')
  say('seeding the store (scripts/seed-demo.ts) ...')
  const seedSeconds = await runMedusa('seed', ['exec', './scripts/seed-demo.ts'], {
    ...env,
    BNPL_DEMO_SEED_FILE: seedFile,
    BNPL_DEMO_ADMIN_EMAIL: ADMIN.email,
    BNPL_DEMO_ADMIN_PASSWORD: ADMIN.password,
  })
  const seed = JSON.parse(fs.readFileSync(seedFile, 'utf8'))
  say(`  done (${seedSeconds} s)`)

  say(`server (medusa start, NODE_ENV=development) on ${backendUrl} ...`)
  const t = Date.now()
  const serverLog = fs.openSync(path.join(LOG_DIR, 'server.log'), 'w')
  state.server = spawn(MEDUSA_BIN, ['start'], { cwd: ROOT, env, stdio: ['ignore', serverLog, serverLog], detached: true })
  let serverExit = ''
  state.server.on('exit', (code, signal) => {
    serverExit = signal ?? `exit ${code}`
  })
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while ((await getStatus(`${backendUrl}/health`)) !== 200) {
    if (serverExit) throw new Error(`the server stopped (${serverExit}); see ${path.relative(ROOT, LOG_DIR)}/server.log`)
    if (Date.now() > deadline) throw new Error(`${backendUrl}/health did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`)
    await new Promise((r) => setTimeout(r, 500))
  }
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
  state.browser = context
  const { run } = require(path.join(ROOT, 'integration-tests', 'browser', 'admin.browser.js'))
  await run({
    context,
    backendUrl,
    admin: ADMIN,
    apiKey: SANDBOX_KEY,
    sandbox: state.sandbox,
    seed,
    screenshotsDir: SCREENSHOTS_DIR,
    failureDir: LOG_DIR,
    log: (/** @type {string} */ line) => say(`  ${line}`),
  })

  if (KEEP) {
    say(`--keep: admin at ${backendUrl}/app (${ADMIN.email} / ${ADMIN.password}); Ctrl-C stops everything`)
    await new Promise(() => undefined)
  }
}

// A hung step must not hang CI: give up after BROWSER_TEST_TIMEOUT_MS (default 10 min).
const TIMEOUT_MS = Number(process.env.BROWSER_TEST_TIMEOUT_MS || 600_000)
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
