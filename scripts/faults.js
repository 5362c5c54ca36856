#!/usr/bin/env node
'use strict'

/**
 * `npm run faults`: the fault suite's long form. Runs integration-tests/http/faults-*.spec.ts
 * (each a real Medusa app, a real PostgreSQL, the sandbox failing on purpose) with more
 * iterations per scenario and several customers at once, then prints the table of all of them:
 *
 *   scenario | ops | cart mutations failed* | other failures seen | syncs/messages lost* | duplicates* |
 *   re-sent after a lost answer | forged/mismatched authorized* | paid, no order, not refunded* |
 *   order holds a refunded payment* | order cancelled, payment not refunded* |
 *   refunds Medusa ≠ service* | drift not listed* | calls with another account's key* |
 *   service calls from forged notifications* | cart update p50, hung/healthy | s
 *
 * and exits non-zero when a column marked * is not 0 or a scenario did not run to the end.
 * `npm test` runs the same suite's short form (1 iteration, one customer at a time).
 *
 *   npm run faults                              5 iterations, 3 customers at a time
 *   npm run faults -- --iterations 3 --concurrency 1
 *   npm run faults -- -t "timeouts"             only the matching scenarios (jest -t)
 *
 * Also FAULTS_ITERATIONS / FAULTS_CONCURRENCY. Database as for `npm test` (embedded, or
 * DB_HOST/DB_PORT).
 */

const fs = require('node:fs')
const path = require('node:path')
const { spawn } = require('node:child_process')
const { formatReport, violations } = require('./lib/faults-table')

const ROOT = path.resolve(__dirname, '..')
/** The fault suite's files: each its own app, each writing its report into FAULTS_REPORT (a directory). */
const SPECS = fs
  .readdirSync(path.join(ROOT, 'integration-tests/http'))
  .filter((name) => /^faults-.+\.spec\.ts$/.test(name))
  .sort()
  .map((name) => `integration-tests/http/${name}`)

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    'Usage: npm run faults [-- --iterations N] [-- --concurrency N] [jest args, e.g. -t "timeouts"]\n' +
      '  default: 5 iterations per scenario, 3 customers at a time'
  )
  process.exit(0)
}

/** Takes `--name N` out of the arguments. */
function option(name, fallback) {
  const i = args.indexOf(name)
  if (i < 0) return fallback
  const value = Number(args[i + 1])
  args.splice(i, 2)
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number >= 1`)
    process.exit(2)
  }
  return value
}

const iterations = option('--iterations', Number(process.env.FAULTS_ITERATIONS) || 5)
const concurrency = option('--concurrency', Number(process.env.FAULTS_CONCURRENCY) || 3)
const reportDir = path.join(ROOT, '.tmp', `faults-report-${process.pid}`)
fs.rmSync(reportDir, { recursive: true, force: true })
fs.mkdirSync(reportDir, { recursive: true })

console.log(`Fault suite, long form: ${iterations} iteration(s) per scenario, ${concurrency} at a time`)
const started = Date.now()
const child = spawn(process.execPath, [path.join(__dirname, 'test.js'), ...SPECS, ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    FAULTS_ITERATIONS: String(iterations),
    FAULTS_CONCURRENCY: String(concurrency),
    FAULTS_REPORT: reportDir,
  },
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal))
}
child.on('exit', (code, signal) => {
  const reports = []
  const missing = []
  for (const spec of SPECS) {
    try {
      reports.push(JSON.parse(fs.readFileSync(path.join(reportDir, `${path.basename(spec, '.spec.ts')}.json`), 'utf8')))
    } catch {
      missing.push(spec)
    }
  }
  fs.rmSync(reportDir, { recursive: true, force: true })
  console.log('')
  if (!reports.length) {
    console.log(`The fault suite wrote no report (test runner ${signal ?? `exit ${code}`}).`)
    process.exit(1)
  }
  // The files' reports as one (they ran side by side: the longest file's time is the suite's).
  const report = {
    expected_scenarios: reports.reduce((n, r) => n + r.expected_scenarios, 0),
    iterations,
    concurrency,
    seconds: Math.max(...reports.map((r) => Number(r.seconds))).toFixed(1),
    rows: reports.flatMap((r) => r.rows),
  }
  // Again at the very end, after jest's own summary.
  console.log(formatReport(report))
  for (const spec of missing) console.log(`FAILED: ${spec} wrote no report (see the test output above)`)
  console.log(`Total time: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const failed = code !== 0 || missing.length > 0 || violations(report.rows, report).length > 0
  process.exit(failed ? 1 : 0)
})
