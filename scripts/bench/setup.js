'use strict'

/**
 * The store every part of scripts/bench.js measures: the baseline starter store written to .tmp,
 * an embedded PostgreSQL (a new cluster, deleted at the end), the sandbox in this process,
 * `medusa db:migrate` and the demo's seed; then `medusa start` boots on that database, and the
 * report written to .tmp/bench-latest.md and printed.
 */

const fs = require('node:fs')
const path = require('node:path')
const { startPostgres, findFreePort } = require('../lib/postgres')
const { settle, waitForHealth } = require('../lib/processes')
const { SANDBOX_KEY, spawnMedusa, runMedusa, seedDemoStore } = require('../lib/medusa')
const { writeStarterStore } = require('../lib/starter-store')
const { machine: describeMachine } = require('./lib')
const { ROOT, RUN_DIR, LOG_DIR, HEAP_DIR, OUTPUT, BARE_STORE, DB_NAME, BOOT_TIMEOUT_MS, config, say } = require('./config')

/**
 * @typedef {{
 *   running: any, started: number, machine: any, sandbox: any, database: any, databaseUrl: string, seed: any,
 *   baseEnv: NodeJS.ProcessEnv, configuredEnv: NodeJS.ProcessEnv, v2Env: NodeJS.ProcessEnv,
 * }} Bench
 */

/** The three boots' environment: the same for each, only the service's URL and key differ. */
function storeEnvs(databaseUrl, sandbox) {
  const baseEnv = { ...process.env }
  // One process, in-memory event bus, cache and locking (medusa-config.ts switches to Redis
  // with REDIS_URL): the same for the three boots.
  for (const key of ['BNPL_API_URL', 'BNPL_API_KEY', 'BNPL_ELIGIBILITY_API', 'MEDUSA_BACKEND_URL', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'MEDUSA_WORKER_MODE']) delete baseEnv[key]
  Object.assign(baseEnv, {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    MEDUSA_ADMIN_DISABLED: 'true',
    MEDUSA_DISABLE_TELEMETRY: 'true',
    // Empty, not absent: a .env file cannot fill them in (dotenv keeps what is set).
    BNPL_API_URL: '',
    BNPL_API_KEY: '',
    // Production refuses to start without a public backend URL (notifications); each boot sets
    // its own, migrations and the seed need one too.
    MEDUSA_BACKEND_URL: 'http://localhost:9000',
  })
  const configuredEnv = { ...baseEnv, BNPL_API_URL: sandbox.url, BNPL_API_KEY: SANDBOX_KEY }
  // The newer eligibility interface is an option read at start-up: a boot of its own.
  const v2Env = { ...configuredEnv, BNPL_ELIGIBILITY_API: 'v2' }
  return { baseEnv, configuredEnv, v2Env }
}

/** Everything the boots share, started (and registered with `running` to be stopped). @returns {Promise<Bench>} */
async function prepareStore(running) {
  const started = Date.now()
  const machine = describeMachine()
  fs.mkdirSync(RUN_DIR, { recursive: true })
  running.add({ stop: () => fs.rmSync(RUN_DIR, { recursive: true, force: true }) })
  // The baseline: the starter store the install test installs the plugin in, without it.
  writeStarterStore(BARE_STORE, { config: 'module.exports = defineConfig({ ...starter, admin: { disable: true } })' })
  fs.mkdirSync(LOG_DIR, { recursive: true })
  say(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, load average ${machine.loadavg}`)
  say(`settings: BENCH_LATENCY_N=${config.latencyN} BENCH_DURATION_S=${config.durationS} BENCH_CONNECTIONS=${config.connections} BENCH_FULFILLMENTS=${config.fulfillments} BENCH_CHECKOUT_CONCURRENCY=${config.checkoutConcurrency} BENCH_FULFILLMENT_CONCURRENCY=${config.fulfillmentConcurrency}`)

  // PostgreSQL and the sandbox
  const database = await startPostgres({ dataDir: path.join(RUN_DIR, 'pg'), persistent: false, port: 0 })
  running.add({ stop: () => settle(database.stop(), 15_000), kill: () => database.killNow() })
  await database.ensureDatabase(DB_NAME)
  const databaseUrl = database.url(DB_NAME)
  const { startSandbox } = require(path.join(ROOT, 'sandbox', 'server'))
  const sandbox = await startSandbox({ port: 0, autoNotify: false })
  running.add({ stop: () => settle(sandbox.close()) })
  say(`PostgreSQL on localhost:${database.port} (embedded, new cluster), sandbox at ${sandbox.url}`)
  const envs = storeEnvs(databaseUrl, sandbox)

  // Migrations and the seeded store (the demo's seed)
  let t = Date.now()
  await runMedusa(['db:migrate'], { env: envs.baseEnv, logFile: path.join(LOG_DIR, 'migrate.log'), running })
  say(`medusa db:migrate: ${((Date.now() - t) / 1000).toFixed(0)} s`)
  t = Date.now()
  const seedFile = path.join(RUN_DIR, 'seed.json')
  const { seed } = await seedDemoStore(seedFile, { env: envs.baseEnv, logFile: path.join(LOG_DIR, 'seed.log'), running })
  say(`seeded store (scripts/seed-demo.ts): ${((Date.now() - t) / 1000).toFixed(0)} s`)
  return { running, started, machine, sandbox, database, databaseUrl, seed, ...envs }
}

/** `medusa start` in `cwd` with `env`, on a free port; resolves once /health answers. @param {Bench} bench */
async function boot(bench, name, { cwd, env }) {
  const port = await findFreePort(0)
  const url = `http://localhost:${port}`
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const started = Date.now()
  fs.mkdirSync(HEAP_DIR, { recursive: true })
  const child = spawnMedusa(['start'], {
    cwd,
    env: {
      ...env,
      PORT: String(port),
      MEDUSA_BACKEND_URL: url,
      // The heap probe (bench/heap-probe.js): heap in use after a full GC, on request.
      NODE_OPTIONS: [env.NODE_OPTIONS, '--expose-gc', `--require ${path.join(__dirname, 'heap-probe.js')}`].filter(Boolean).join(' '),
      BENCH_HEAP_DIR: HEAP_DIR,
    },
    logFile,
  })
  const { stop } = bench.running.child(child)
  await waitForHealth(`${url}/health`, { timeoutMs: BOOT_TIMEOUT_MS, child, name: 'medusa', logFile })
  say(`${name}: medusa start ready on ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s (log .tmp/bench-logs/${name}.log)`)
  return { name, url, child, stop }
}

/**
 * The three boots the store's own figures compare, in their order: Medusa's starter store
 * without the plugin, this repository without a key, this repository against the sandbox.
 * Each: [name, cwd, env, whether the plugin is loaded]. @param {Bench} bench
 */
const threeBoots = (bench) => [
  ['without-plugin', BARE_STORE, bench.baseEnv, false],
  ['unconfigured', ROOT, bench.baseEnv, true],
  ['configured', ROOT, bench.configuredEnv, true],
]

/** `work(server)` on a boot of its own, stopped after (also when `work` fails). @param {Bench} bench */
async function withBoot(bench, name, { cwd = ROOT, env }, work) {
  const server = await boot(bench, name, { cwd, env })
  try {
    return await work(server)
  } finally {
    await server.stop()
  }
}

/** The report written to .tmp/bench-latest.md and printed, with the run's length in minutes. */
function publish(report, minutes) {
  fs.writeFileSync(OUTPUT, report)
  console.log('')
  console.log(report)
  say(`written to ${path.relative(ROOT, OUTPUT)}; total ${minutes.toFixed(1)} min`)
}

/**
 * A part run alone (BENCH_ONLY): everything stopped, then its report (`title`, `intro` lines
 * before the machine's, its `sections`) published. @param {Bench} bench
 */
async function endPart(bench, title, sections, intro = []) {
  await bench.running.stopAll()
  const { machine } = bench
  const report = [
    `# medusa-plugin-bnpl bench (${title})`,
    '',
    ...intro,
    `Machine: ${machine.cpu}, ${machine.cores} cores, load average ${machine.loadavg} at start, ${describeMachine().loadavg} at the end.`,
    '',
    ...sections,
    '',
  ].join('\n')
  publish(report, (Date.now() - bench.started) / 60000)
}

module.exports = { prepareStore, boot, threeBoots, withBoot, publish, endPart }
