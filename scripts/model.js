#!/usr/bin/env node
'use strict'

/**
 * `npm run model -- --runs N [--seed S] [--max-commands M]`: the model-based test of a payment's
 * whole life (src/__tests__/model/payment-lifecycle.unit.spec.ts) in its long form, for a
 * night: N sequences (default 2000) from seed S (default: the spec's fixed seed), each followed
 * by the invariants. Prints the sequences run, the time, and the invariants held, or the
 * smallest failing sequence found (shrunk) with what it broke. Exit code: jest's.
 *
 *   npm run model -- --runs 5000
 *   npm run model -- --runs 500 --seed 42
 */

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')

const ROOT = path.resolve(__dirname, '..')
const SPEC = 'src/__tests__/model/payment-lifecycle.unit.spec.ts'

function parse(argv) {
  const out = { runs: 2000, seed: undefined, maxCommands: undefined }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=')
    const value = inline ?? argv[++i]
    if (flag === '--runs') out.runs = Number(value)
    else if (flag === '--seed') out.seed = Number(value)
    else if (flag === '--max-commands') out.maxCommands = Number(value)
    else {
      console.error(`unknown argument ${argv[i]}\nusage: npm run model -- --runs N [--seed S] [--max-commands M]`)
      process.exit(2)
    }
  }
  for (const [name, v] of Object.entries(out)) {
    if (v !== undefined && !(Number.isInteger(v) && v >= 0)) {
      console.error(`--${name} must be a whole number, got ${v}`)
      process.exit(2)
    }
  }
  return out
}

const args = parse(process.argv.slice(2))
const summaryFile = path.join(os.tmpdir(), `bnpl-model-${process.pid}.json`)
const env = {
  ...process.env,
  TEST_TYPE: 'unit',
  MODEL_RUNS: String(args.runs),
  MODEL_SUMMARY: summaryFile,
  // A long run may shrink for a while: no jest timeout worth the name.
  MODEL_TIMEOUT_MS: String(24 * 3600 * 1000),
  ...(args.seed !== undefined ? { MODEL_SEED: String(args.seed) } : {}),
  ...(args.maxCommands !== undefined ? { MODEL_MAX_COMMANDS: String(args.maxCommands) } : {}),
}
console.log(`Model: ${args.runs} sequences${args.seed !== undefined ? `, seed ${args.seed}` : ''} (${SPEC})`)
const started = Date.now()
const jest = require.resolve('jest/bin/jest', { paths: [ROOT] })
const result = spawnSync(process.execPath, [jest, SPEC, '--runInBand', '--testTimeout', String(24 * 3600 * 1000)], {
  cwd: ROOT,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
})
const seconds = ((Date.now() - started) / 1000).toFixed(1)

let summary
try {
  summary = JSON.parse(fs.readFileSync(summaryFile, 'utf8'))
  fs.rmSync(summaryFile, { force: true })
} catch {
  console.error(`\nNo summary from the spec (jest exit ${result.status}): see its output above.`)
  process.exit(result.status || 1)
}

console.log('\n--- model-based test of a payment\'s life')
console.log(`seed            ${summary.seed}`)
console.log(`sequences run   ${summary.sequences} (${summary.runs} asked, ${summary.regressions} kept regressions first, shrinking included)`)
console.log(`time            ${summary.seconds} s in the property, ${seconds} s in all`)
console.log(`invariants      ${summary.held ? 'all held' : 'BROKEN'}`)
for (const invariant of summary.invariants) console.log(`  ${summary.held ? '✓' : '·'} ${invariant}`)
if (!summary.held) {
  console.log('\nSmallest failing sequence found:\n')
  console.log(summary.failure)
  console.log('\nKeep it in src/__tests__/model/regressions.ts (with a comment naming the finding).')
}
process.exit(result.status ?? 1)
