#!/usr/bin/env node
'use strict'

/**
 * The review's nine hand mutants (/work/shared/notes/mutants-2026-11-28.md, made on df991c4),
 * applied to today's code one at a time: each is applied, the unit tests related to its file run
 * (the model included, MODEL_RUNS=150 unless set), the file put back, and which tests failed is
 * printed. `node scripts/mutation/hand-mutants.js [1-9 ...]`. Never leaves a mutant in place.
 */
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')

const ROOT = path.resolve(__dirname, '../..')

const MUTANTS = [
  {
    n: 1,
    what: "refund adoption's \"once\" guard dropped: a service refund adopted by a live Medusa refund is free again",
    file: 'src/providers/bnpl/refund.ts',
    from: '    if (taken && taken.medusa_refund_id !== RECORD_INTENT && (await medusaRefundLives(knex, taken.medusa_refund_id))) {\n      continue\n    }\n',
    to: '',
  },
  {
    n: 2,
    what: 'triggerAllowed lets a trigger through whatever the ledger says (cancelled order)',
    file: 'src/lib/messages/kinds/trigger.ts',
    from: 'if (ledgerStatus && ["to_settle", "cancelled", "refunded", "failed"].includes(ledgerStatus)) {',
    to: 'if (false) {',
  },
  {
    n: 3,
    what: "an earlier payment's refund not recorded in Medusa (recordEndedPayments)",
    file: 'src/workflows/messages/utils/ended-payments.ts',
    from: /      await refundPaymentWorkflow\(container\)\.run\(\{[\s\S]*?\n      \}\)\n/,
    to: '',
  },
  {
    n: 4,
    what: 'statuses may move backward (rank always 0)',
    file: 'src/lib/messages/kinds/status.ts',
    from: 'rank: (payload: Partial<OrderStatus> | null) => RANK[payload?.status ?? ""] ?? 0,',
    to: 'rank: (payload: Partial<OrderStatus> | null) => 0,',
  },
  {
    n: 5,
    what: "the settle job's sweep of claims without an order dropped (stale rows: open only)",
    file: 'src/modules/bnpl/ledger.ts',
    from: '  return knex(LEDGER_TABLE)\n    .where(openOrOrderless)\n',
    to: '  return knex(LEDGER_TABLE)\n    .where({ status: "open" })\n',
  },
  {
    n: 6,
    what: 'the retry job no longer handles recorded order events',
    file: 'src/jobs/retry-messages.ts',
    from: '"event" in due ? await retryOrderEvent(container, due.id) :',
    to: '"event" in due ? null :',
  },
  {
    n: 7,
    what: "refund reference without Medusa's refund id",
    file: 'src/providers/bnpl/refund.ts',
    from: 'return key ? `medusa-refund-${paymentId}-${key}` : `medusa-refund-${paymentId}-${beforeCents}-${cents}`',
    to: 'return `medusa-refund-${paymentId}-${beforeCents}-${cents}`',
  },
  {
    n: 8,
    what: 'no Medusa capture after an accepted trigger',
    file: 'src/workflows/messages/utils/payment-started.ts',
    from: 'if (!autoCapture || !message.payment_id) {',
    to: 'if (true) {',
  },
  {
    n: 9,
    what: 'the "deadline passed" error never logged',
    file: 'src/jobs/warn-trigger-deadlines.ts',
    from: /      logger\.error\(\n[\s\S]*?\n      \)\n(?=      await markDeadlineWarned\(knex, order\.bnpl_payment_id, "passed")/,
    to: '',
  },
]

function run(mutant) {
  const file = path.join(ROOT, mutant.file)
  const original = fs.readFileSync(file, 'utf8')
  const mutated = original.replace(mutant.from, mutant.to)
  if (mutated === original) throw new Error(`mutant ${mutant.n}: its code is not in ${mutant.file} any more`)
  fs.writeFileSync(file, mutated)
  const out = path.join(ROOT, '.tmp', `hand-mutant-${mutant.n}.json`)
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const started = Date.now()
  try {
    spawnSync(
      process.execPath,
      [require.resolve('jest/bin/jest', { paths: [ROOT] }), '--runInBand', '--forceExit', '--json', `--outputFile=${out}`, '--findRelatedTests', mutant.file],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          TEST_TYPE: 'unit',
          LOG_LEVEL: 'warn',
          MODEL_RUNS: process.env.MODEL_RUNS ?? '150',
          NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
        },
      }
    )
  } finally {
    fs.writeFileSync(file, original)
  }
  const result = JSON.parse(fs.readFileSync(out, 'utf8'))
  const failed = result.testResults.flatMap((s) =>
    s.assertionResults.filter((a) => a.status === 'failed').map((a) => `${path.relative(ROOT, s.name)}: ${a.fullName}`)
  )
  const broken = result.testResults.filter((s) => s.status === 'failed' && !s.assertionResults.some((a) => a.status === 'failed'))
  return { n: mutant.n, what: mutant.what, files: result.numTotalTestSuites, tests: result.numTotalTests, failed, broken: broken.map((s) => path.relative(ROOT, s.name)), seconds: Math.round((Date.now() - started) / 1000) }
}

const only = process.argv.slice(2).map(Number)
for (const mutant of MUTANTS.filter((m) => !only.length || only.includes(m.n))) {
  const r = run(mutant)
  console.log(`\n#${r.n} ${r.what}: ${r.failed.length ? 'KILLED' : r.broken.length ? 'BROKEN' : 'SURVIVED'} (${r.files} files, ${r.tests} tests, ${r.seconds} s)`)
  for (const f of r.failed) console.log(`  failed: ${f}`)
  for (const b of r.broken) console.log(`  did not run: ${b}`)
}
