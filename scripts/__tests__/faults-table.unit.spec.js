'use strict'

const { COLUMNS, REQUIRED_ZERO, formatReport, formatTable, violations } = require('../lib/faults-table')

/** A row of the fault suite with every required column at 0. */
const row = (scenario, patch = {}) => ({
  scenario,
  operations: 4,
  ...Object.fromEntries(REQUIRED_ZERO.map((key) => [key, 0])),
  failures_seen: 0,
  resent_after_lost_answer: 0,
  seconds: 1.5,
  notes: [],
  ...patch,
})

describe('the fault suite table (scripts/lib/faults-table.js)', () => {
  it('has a required-zero column for refunds Medusa recorded that differ from the service', () => {
    expect(COLUMNS).toContainEqual(['refunds_mismatched', 'refunds Medusa ≠ service*', true])
    expect(REQUIRED_ZERO).toContain('refunds_mismatched')
  })

  it('reports a refund mismatch as a violation, its tagged note first', () => {
    const rows = [
      row('two refunds at once (answers lost)', {
        refunds_mismatched: 1,
        notes: ['2 refund call(s) reached the service', 'REFUND MISMATCH: order o1, payment p1: Medusa recorded 1 refund(s), 2000 cents; the service made 2, 4000 cents'],
      }),
    ]
    expect(violations(rows)).toEqual(['two refunds at once (answers lost): refunds_mismatched = 1'])
    const report = formatReport({ rows, iterations: 1, concurrency: 1, seconds: '3.0', expected_scenarios: 1 })
    const notes = report.split('\n').filter((line) => line.startsWith('    '))
    expect(notes[0]).toMatch(/^ {4}REFUND MISMATCH:/)
    expect(report).toMatch(/FAILED: 1 violation/)
  })

  it('holds with every required column at 0, and totals each column', () => {
    const rows = [row('a'), row('b', { refunds_mismatched: 0, failures_seen: 2 })]
    expect(violations(rows, { expected_scenarios: 2 })).toEqual([])
    const table = formatTable(rows).split('\n')
    expect(table[0]).toContain('refunds Medusa ≠ service*')
    expect(table.at(-1)).toMatch(/^\| total/)
    expect(violations(rows, { expected_scenarios: 3 })).toEqual(['only 2 of 3 scenarios ran (see the test output above)'])
  })
})
