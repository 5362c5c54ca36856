#!/usr/bin/env node
'use strict'

/**
 * The DTC starter recipe (docs/dtc-recipe.md) end to end, as a storefront developer applies it:
 *
 *   1. Medusa's DTC starter at the recipe's commit: from `--starter <dir>` (a clone or a copy of
 *      medusajs/dtc-starter), else the local mirror when this machine has it, else the archive
 *      kept in integration-tests/dtc-starter (`git archive` of that commit, for CI); nothing is
 *      fetched from GitHub.
 *   2. The recipe applied (scripts/apply-storefront-recipe.js: its new files and its diffs).
 *   3. The kit packed (`npm run build:storefront`, `npm pack`) into the storefront's `vendor/` and
 *      installed the recipe's way: `pnpm add ./vendor/<tarball>` in `apps/storefront`, which
 *      installs the storefront alone (not the starter's backend) and writes a relative path to its
 *      package.json (checked: no absolute path, no backend node_modules, one lockfile).
 *   4. A store the way `npm run demo` builds it (as scripts/browser-test.js does: a throwaway
 *      embedded PostgreSQL, the sandbox in this process, `medusa db:migrate`, the demo's seed
 *      with its plans 3, 3 at shipment, 4 and 10, then `medusa start`), its store CORS holding
 *      the starter's origin. Nothing of `.demo/` is used: a running demo is left alone.
 *   5. The starter type-checked (`tsc --noEmit`: `next build` does not) and built (`next build`
 *      reads the store: product pages are generated then), started on a free port.
 *   6. scripts/dtc-starter-journey.js in French (/fr): a purchase, a refusal (--refuse) and a
 *      cancel (--cancel), each to the order confirmation; then the last order edited (it owes
 *      an item) and its payment link paid through step 10's page (scripts/dtc-link-journey.js).
 *
 *   node scripts/dtc-recipe-test.js [--starter <dir>] [--screenshots-dir DIR] [--keep]
 *
 * --keep leaves the store and the starter running until Ctrl-C. The work folder is
 * .tmp/dtc-recipe-test-<pid> (logs in logs/; the starter's checkout is deleted after a pass).
 * Exits non-zero on any failure, or after DTC_RECIPE_TEST_TIMEOUT_MS (default 45 min).
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawn, spawnSync } = require('node:child_process')
const { startPostgres, findFreePort } = require('./lib/postgres')
const { settle, startedHere, onStopSignals, waitForHealth, runLogged, spawnLogged } = require('./lib/processes')
const { ADMIN, SANDBOX_KEY, spawnMedusa, runMedusa, seedDemoStore } = require('./lib/medusa')
const { medusaClient } = require('./lib/store-api')
const { commandLine } = require('./lib/command-line')

const ROOT = path.resolve(__dirname, '..')
const WORK_DIR = path.join(ROOT, '.tmp', `dtc-recipe-test-${process.pid}`)
const LOG_DIR = path.join(WORK_DIR, 'logs')
const STARTER_DIR = path.join(WORK_DIR, 'dtc-starter')
const APP_DIR = path.join(STARTER_DIR, 'apps', 'storefront')
/** Where this workplace mirrors public repositories (a git dir without work tree). */
const STARTER_MIRROR = '/work/.mirror/medusajs+dtc-starter/repo'
/** The starter's commit the recipe's diffs are written against (docs/dtc-recipe.md). */
const STARTER_COMMIT = '9233262'
/** The starter's own package manager ("packageManager" in its package.json). */
const PNPM = ['--yes', 'pnpm@10.11.1']
const DB_NAME = `bnpl_dtc_${process.pid}`
const HEALTH_TIMEOUT_MS = 180_000
const JOURNEYS = [[], ['--refuse'], ['--cancel']]

const args = commandLine(
  'Usage: node scripts/dtc-recipe-test.js [--starter <dir>] [--screenshots-dir DIR] [--keep]\n' +
    '  Applies docs/dtc-recipe.md to the DTC starter, builds it with the kit and runs French journeys against a demo store.'
)
/** The starter at the recipe's commit, kept in the repository (`git archive` of it) for machines without the mirror (CI). */
const STARTER_ARCHIVE = path.join(ROOT, 'integration-tests', 'dtc-starter', 'dtc-starter-9233262.tar.gz')
const STARTER_SOURCE = args.value('--starter') ? path.resolve(args.value('--starter')) : fs.existsSync(STARTER_MIRROR) ? STARTER_MIRROR : STARTER_ARCHIVE
const SCREENSHOTS_DIR = path.resolve(ROOT, args.value('--screenshots-dir') || path.join(WORK_DIR, 'screenshots'))
const KEEP = args.has('--keep')

const say = (/** @type {string} */ line) => console.log(`[dtc-recipe-test] ${line}`)
const running = startedHere()
/** Seconds per step, printed at the end. */
const timings = /** @type {Array<[string, number]>} */ ([])
const started = Date.now()

async function step(/** @type {string} */ name, /** @type {() => Promise<unknown>} */ run) {
  const t = Date.now()
  say(`${name} ...`)
  await run()
  const seconds = (Date.now() - t) / 1000
  timings.push([name, seconds])
  say(`  done (${seconds.toFixed(1)} s)`)
}

async function stopAll(/** @type {number} */ code) {
  if (running.stopping) return
  await running.stopAll()
  process.exit(code)
}
onStopSignals((signal) => {
  say(`${signal} received`)
  stopAll(1)
})

/** A command run to completion, its output in logs/<log>.log. */
const run = (/** @type {string} */ command, /** @type {string[]} */ argv, /** @type {{cwd: string, log: string, env?: NodeJS.ProcessEnv}} */ o) =>
  runLogged(command, argv, { cwd: o.cwd, env: o.env ?? process.env, logFile: path.join(LOG_DIR, `${o.log}.log`), running })

function findChromium() {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p))
  if (!found) throw new Error('Chromium is missing: `apt-get install -y chromium` (or `node scripts/browser-test.js`, which installs it), or set CHROMIUM_PATH')
  return found
}

// ------------------------------------------------------------------ the starter and the kit

/** The starter at the recipe's commit: cloned from a git checkout or mirror, else copied. */
async function checkoutStarter() {
  if (!STARTER_SOURCE) {
    throw new Error(
      `No DTC starter: ${STARTER_MIRROR} is missing here. Give a clone of medusajs/dtc-starter (or a copy of it at ${STARTER_COMMIT}) with --starter <dir>.`
    )
  }
  if (STARTER_SOURCE === STARTER_ARCHIVE) {
    fs.mkdirSync(STARTER_DIR, { recursive: true })
    await run('tar', ['xzf', STARTER_ARCHIVE, '-C', STARTER_DIR], { cwd: WORK_DIR, log: 'starter-archive' })
    say(`  starter from ${path.relative(ROOT, STARTER_ARCHIVE)} (${STARTER_COMMIT})`)
    return
  }
  const isGit = spawnSync('git', ['-C', STARTER_SOURCE, 'rev-parse', '--git-dir'], { encoding: 'utf8' }).status === 0
  if (isGit) {
    await run('git', ['clone', '--quiet', '--no-checkout', STARTER_SOURCE, STARTER_DIR], { cwd: WORK_DIR, log: 'git-clone' })
    await run('git', ['checkout', '--quiet', STARTER_COMMIT], { cwd: STARTER_DIR, log: 'git-checkout' })
  } else {
    // A copy (no history): trusted to be the recipe's commit.
    fs.cpSync(STARTER_SOURCE, STARTER_DIR, { recursive: true, filter: (p) => !/[/\\](node_modules|\.next)$/.test(p) })
  }
  say(`  starter from ${STARTER_SOURCE}${isGit ? ` at ${STARTER_COMMIT}` : ' (a copy)'}`)
}

/** Where step 1 puts the kit's tarball: in the storefront, referenced by a relative path. */
const VENDOR_DIR = path.join(APP_DIR, 'vendor')

/** The kit as a storefront developer gets it before it is published: its packed tarball, in the storefront's vendor/. */
async function packKit() {
  await run('npm', ['run', 'build:storefront'], { cwd: ROOT, log: 'kit-build' })
  fs.mkdirSync(VENDOR_DIR, { recursive: true })
  await run('npm', ['pack', '--pack-destination', VENDOR_DIR], { cwd: path.join(ROOT, 'storefront'), log: 'kit-pack' })
  const tarball = fs.readdirSync(VENDOR_DIR).find((f) => /^medusa-plugin-bnpl-storefront-.*\.tgz$/.test(f))
  if (!tarball) throw new Error('npm pack wrote no medusa-plugin-bnpl-storefront-*.tgz')
  return `./vendor/${tarball}`
}

/**
 * Step 1 installed only what the storefront needs, the starter's way: the kit referenced by a
 * relative path (the package.json and lockfile can be committed and work on any machine), the
 * starter's backend not installed, one lockfile (the root's).
 */
function checkInstall() {
  const spec = JSON.parse(fs.readFileSync(path.join(APP_DIR, 'package.json'), 'utf8')).dependencies?.['medusa-plugin-bnpl-storefront'] ?? ''
  const where = spec.replace(/^file:/, '')
  const problems = [
    !spec && 'the kit is not in apps/storefront/package.json',
    (path.isAbsolute(where) || spec.includes(ROOT)) && `package.json names the kit by an absolute path (${spec})`,
    fs.existsSync(path.join(STARTER_DIR, 'apps', 'backend', 'node_modules')) && 'the starter\'s backend was installed too (apps/backend/node_modules)',
    fs.existsSync(path.join(APP_DIR, 'pnpm-lock.yaml')) && 'a second lockfile in apps/storefront',
    fs.existsSync(path.join(APP_DIR, 'package-lock.json')) && 'an npm lockfile in apps/storefront',
  ].filter(Boolean)
  if (problems.length) throw new Error(`step 1: ${problems.join('; ')}`)
  const packages = fs.readdirSync(path.join(STARTER_DIR, 'node_modules', '.pnpm')).filter((f) => f !== 'node_modules' && !f.startsWith('.') && !f.endsWith('.yaml')).length
  say(`  package.json: "medusa-plugin-bnpl-storefront": "${spec}"; ${packages} packages installed, the backend's none`)
}

// ------------------------------------------------------------------ the store

/** A store the way `npm run demo` builds it, on free ports; resolves what the journey reads. */
async function startStore(/** @type {string} */ starterUrl) {
  const database = await startPostgres({ dataDir: path.join(WORK_DIR, 'pg'), persistent: false })
  running.add({ stop: () => settle(database.stop(), 10_000), kill: () => database.killNow() })
  await database.ensureDatabase(DB_NAME)

  const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
  // The sandbox on 127.0.0.1, the starter on localhost: two sites, as in production (the way
  // back from the hosted page is a cross-site navigation).
  const sandbox = await startSandbox({ port: await findFreePort(), ipnDelayMs: 500 })
  running.add({ stop: () => settle(sandbox.close(), 5000) })

  const port = await findFreePort(9100)
  const backendUrl = `http://localhost:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: database.url(DB_NAME),
    BNPL_API_URL: sandbox.url,
    BNPL_API_KEY: SANDBOX_KEY,
    MEDUSA_BACKEND_URL: backendUrl,
    ADMIN_CORS: backendUrl,
    AUTH_CORS: `${backendUrl},${starterUrl}`,
    // The plugin sends the customer back only to a store CORS origin: the starter's.
    STORE_CORS: starterUrl,
    // The demo's plans: 3 instalments, 3 paid at shipment, 4, and 10 (from 500 €, greyed).
    BNPL_DEMO_PLANS: '3,3ship,4,10',
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: 'true',
  }
  for (const name of ['BNPL_API_KEY_TEST', 'BNPL_API_URL_TEST', 'BNPL_MODE', 'BNPL_RETURN_URL', 'BNPL_CANCEL_URL', 'REDIS_URL', 'MEDUSA_WORKER_MODE']) delete env[name]
  await runMedusa(['db:migrate'], { env, logFile: path.join(LOG_DIR, 'migrate.log'), running })
  const { seed } = await seedDemoStore(path.join(WORK_DIR, 'seed.json'), { env, logFile: path.join(LOG_DIR, 'seed.log'), running })
  const serverLog = path.join(LOG_DIR, 'server.log')
  const server = spawnMedusa(['start'], { env, logFile: serverLog })
  running.child(server)
  await waitForHealth(`${backendUrl}/health`, { timeoutMs: HEALTH_TIMEOUT_MS, child: server, logFile: serverLog })
  const demo = {
    backend_url: backendUrl,
    publishable_key: seed.publishable_key,
    region_id: seed.region_id,
    sandbox_url: sandbox.url,
  }
  // What `npm run demo` writes to .demo/demo.json: the journey reads it (--demo-file).
  fs.writeFileSync(path.join(WORK_DIR, 'demo.json'), JSON.stringify(demo, null, 2) + '\n')
  say(`  store on ${backendUrl}, sandbox on ${sandbox.url}`)
  return demo
}

// ------------------------------------------------------------------ the journeys

function journey(/** @type {string} */ starterUrl, /** @type {string[]} */ extra) {
  return new Promise((resolve, reject) => {
    const argv = [
      path.join(__dirname, 'dtc-starter-journey.js'),
      '--storefront', starterUrl,
      '--demo-file', path.join(WORK_DIR, 'demo.json'),
      '--screenshots-dir', SCREENSHOTS_DIR,
      ...extra,
    ]
    const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: 'inherit' })
    const tracked = running.child(child)
    child.on('exit', (code, signal) => {
      tracked.forget()
      if (code === 0) resolve(undefined)
      else reject(new Error(`the journey ${extra.join(' ') || '(purchase)'} failed (${signal ?? `exit ${code}`})`))
    })
  })
}

/**
 * The recipe's step 10: the merchant adds an item to the last order (admin API: an order edit),
 * which then owes it on a collection of its own; scripts/dtc-link-journey.js pays it in French.
 */
async function linkJourney(/** @type {string} */ starterUrl, /** @type {{backend_url: string, publishable_key: string}} */ demo) {
  const client = medusaClient(demo.backend_url, { publishableKey: demo.publishable_key })
  await client.login(ADMIN.email, ADMIN.password)
  const { data: list } = await client.admin('GET', '/admin/orders?limit=1&order=-created_at&fields=id,display_id,*items')
  const order = list.orders[0]
  if (!order) throw new Error('no order to edit: the purchase journey placed none')
  await client.admin('POST', '/admin/order-edits', { order_id: order.id })
  await client.admin('POST', `/admin/order-edits/${order.id}/items`, { items: [{ variant_id: order.items[0].variant_id, quantity: 1 }] })
  await client.admin('POST', `/admin/order-edits/${order.id}/request`, {})
  await client.admin('POST', `/admin/order-edits/${order.id}/confirm`, {})
  const { data } = await client.admin('GET', `/admin/orders/${order.id}?fields=*payment_collections`)
  const owed = data.order.payment_collections.find((/** @type {any} */ c) => c.status === 'not_paid')
  if (!owed) throw new Error(`order ${order.id} owes nothing after the edit`)
  await new Promise((resolve, reject) => {
    const argv = [
      path.join(__dirname, 'dtc-link-journey.js'),
      '--storefront', starterUrl,
      '--collection', owed.id,
      '--order-number', String(order.display_id),
      '--screenshots-dir', SCREENSHOTS_DIR,
    ]
    const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: 'inherit' })
    const tracked = running.child(child)
    child.on('exit', (code, signal) => {
      tracked.forget()
      if (code === 0) resolve(undefined)
      else reject(new Error(`the payment link journey failed (${signal ?? `exit ${code}`})`))
    })
  })
}

async function main() {
  fs.mkdirSync(LOG_DIR, { recursive: true })
  const chromium = findChromium()
  say(`work folder ${path.relative(ROOT, WORK_DIR)}; Chromium ${chromium}`)
  const starterPort = await findFreePort(8100)
  const starterUrl = `http://localhost:${starterPort}`

  // The store starts while the starter is cloned and installed (it needs none of them).
  const store = startStore(starterUrl)
  store.catch(() => undefined)
  let tarball = ''
  await step('clone the starter', checkoutStarter)
  await step('apply the recipe', () =>
    run(process.execPath, [path.join(__dirname, 'apply-storefront-recipe.js'), APP_DIR], { cwd: ROOT, log: 'apply-recipe' })
  )
  await step('pack the kit', async () => (tarball = await packKit()))
  // Step 1: in apps/storefront, the storefront's dependencies and the kit (from vendor/).
  await step('pnpm add the kit (the storefront only)', async () => {
    await run('npx', [...PNPM, 'add', tarball], { cwd: APP_DIR, log: 'pnpm-add' })
    checkInstall()
  })
  await step('type-check (tsc --noEmit)', () => run('npx', ['tsc', '--noEmit'], { cwd: APP_DIR, log: 'tsc' }))

  let demo = /** @type {Awaited<typeof store>} */ ({})
  await step('store ready (demo seed, medusa start)', async () => (demo = await store))
  // The recipe's "Check and run": the starter against this store.
  fs.writeFileSync(
    path.join(APP_DIR, '.env.local'),
    [
      `NEXT_PUBLIC_MEDUSA_BACKEND_URL=${demo.backend_url}`,
      `NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=${demo.publishable_key}`,
      'NEXT_PUBLIC_DEFAULT_REGION=fr',
      `NEXT_PUBLIC_BASE_URL=${starterUrl}`,
      '',
    ].join('\n')
  )
  const nextEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
  await step('next build', () => run('npx', ['next', 'build'], { cwd: APP_DIR, log: 'next-build', env: nextEnv }))
  await step('next start', async () => {
    const log = path.join(LOG_DIR, 'next-start.log')
    const server = spawnLogged('npx', ['next', 'start', '-p', String(starterPort)], { cwd: APP_DIR, env: nextEnv, logFile: log })
    running.child(server)
    await waitForHealth(`${starterUrl}/fr`, { timeoutMs: HEALTH_TIMEOUT_MS, child: server, name: 'next start', logFile: log })
  })

  for (const extra of JOURNEYS) {
    await step(`journey ${extra.join(' ') || '(purchase)'}`, () => journey(starterUrl, extra))
  }
  await step('journey payment link (step 10)', () => linkJourney(starterUrl, demo))

  const total = (Date.now() - started) / 1000
  timings.push(['total', total])
  say('timings:')
  for (const [name, seconds] of timings) say(`  ${name.padEnd(40)} ${seconds.toFixed(1)} s`)
  say(`passed: ${JOURNEYS.length + 1} French journeys (a payment link among them) through the patched starter in ${(total / 60).toFixed(1)} min (then stopping and cleaning up)`)
  console.log(`${JOURNEYS.length + 1} passed, 0 failed`)
  if (KEEP) {
    say(`--keep: the starter at ${starterUrl}/fr, the store at ${demo.backend_url}; Ctrl-C stops everything`)
    await new Promise(() => undefined)
  }
}

const TIMEOUT_MS = Number(process.env.DTC_RECIPE_TEST_TIMEOUT_MS || 45 * 60_000)
const watchdog = setTimeout(() => {
  if (KEEP) return
  console.error(`[dtc-recipe-test] FAILED: still running after ${TIMEOUT_MS / 1000} s (DTC_RECIPE_TEST_TIMEOUT_MS)`)
  stopAll(1)
}, TIMEOUT_MS)
watchdog.unref()

main().then(
  async () => {
    // Everything stopped first (next start runs from the checkout), then the checkout (with its
    // node_modules) deleted; the logs and screenshots stay.
    await running.stopAll()
    fs.rmSync(STARTER_DIR, { recursive: true, force: true })
    process.exit(0)
  },
  (error) => {
    console.error(`[dtc-recipe-test] FAILED: ${error && error.stack ? error.stack : error}`)
    console.error(`[dtc-recipe-test] logs in ${path.relative(ROOT, LOG_DIR)}`)
    stopAll(1)
  }
)
