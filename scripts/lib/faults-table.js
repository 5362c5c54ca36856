'use strict'

/**
 * The fault suite's report (integration-tests/http/faults-*.spec.ts, scripts/faults.js): one row
 * per scenario, printed as a table. Columns marked * must be 0 (the suite and `npm run faults`
 * fail otherwise).
 */

/** [key, heading, required zero] */
const COLUMNS = [
  ['scenario', 'scenario', false],
  ['operations', 'ops', false],
  ['cart_mutations_failed', 'cart mutations failed*', true],
  ['failures_seen', 'other failures seen (customer/merchant)', false],
  ['syncs_lost', 'syncs/messages lost*', true],
  ['duplicates', 'duplicates*', true],
  ['resent_after_lost_answer', 're-sent after a lost answer', false],
  ['forged_authorized', 'forged/mismatched authorized*', true],
  ['paid_without_order', 'paid, no order, not refunded*', true],
  ['order_holds_refunded', 'order holds a refunded payment*', true],
  ['cancelled_not_refunded', 'order cancelled, payment not refunded*', true],
  ['refunds_mismatched', 'refunds Medusa ≠ service*', true],
  ['drift_not_listed', 'drift not listed*', true],
  ['other_account_calls', "calls with another account's key*", true],
  ['forged_notification_calls', 'service calls from forged notifications*', true],
  ['hung_over_healthy', 'cart update p50, hung/healthy', false],
  ['seconds', 's', false],
]

const REQUIRED_ZERO = COLUMNS.filter(([, , required]) => required).map(([key]) => key)

/** @param {Record<string, any>[]} rows @returns {string} */
function formatTable(rows) {
  const cells = rows.map((row) => COLUMNS.map(([key]) => (row[key] === undefined || row[key] === null ? '-' : String(row[key]))))
  const headings = COLUMNS.map(([, heading]) => heading)
  const widths = headings.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
  const line = (values) => `| ${values.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ')} |`
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`
  const totals = COLUMNS.map(([key], i) => {
    if (i === 0) return 'total'
    if (!rows.some((row) => Number.isFinite(row[key]))) return '-' // a figure per scenario (a ratio), not a count
    const sum = rows.reduce((total, row) => total + (Number.isFinite(row[key]) ? row[key] : 0), 0)
    return String(Math.round(sum * 10) / 10)
  })
  const totalWidths = totals.map((t, i) => Math.max(widths[i], t.length))
  totalWidths.forEach((w, i) => (widths[i] = w))
  return [line(headings), rule, ...cells.map(line), line(totals)].join('\n')
}

/**
 * What went wrong: a required column above 0, a scenario that broke off, or (given the report)
 * scenarios that never ran.
 */
function violations(rows, report) {
  const found = []
  if (report && report.expected_scenarios !== undefined && rows.length < report.expected_scenarios) {
    found.push(`only ${rows.length} of ${report.expected_scenarios} scenarios ran (see the test output above)`)
  }
  for (const row of rows) {
    for (const key of REQUIRED_ZERO) {
      if (row[key] !== 0) found.push(`${row.scenario}: ${key} = ${row[key]}`)
    }
    if (row.error) found.push(`${row.scenario}: did not run to the end: ${row.error}`)
  }
  return found
}

/** Identical notes once with a count; notes about a required zero (upper-case tag) first. */
function groupNotes(notes) {
  const counts = new Map()
  for (const note of notes) counts.set(note, (counts.get(note) || 0) + 1)
  const tagged = (note) => /^[A-Z][A-Z ,/]+:/.test(note)
  return [...counts.entries()]
    .sort(([a], [b]) => Number(tagged(b)) - Number(tagged(a)))
    .map(([note, count]) => (count > 1 ? `${count} x ${note}` : note))
}

/** The table, then each scenario's notes (failures seen, unexpected answers), then violations. */
function formatReport(report) {
  const rows = report.rows || []
  const out = []
  out.push(`Fault suite: ${rows.length} scenarios, ${report.iterations} iteration(s) each, concurrency ${report.concurrency}, ${report.seconds} s`)
  out.push(formatTable(rows))
  out.push('* must be 0.')
  for (const row of rows) {
    const notes = groupNotes(row.notes || [])
    if (!notes.length) continue
    out.push(`- ${row.scenario}:`)
    for (const note of notes.slice(0, 10)) out.push(`    ${note}`)
    if (notes.length > 10) out.push(`    ... ${notes.length - 10} more`)
  }
  const bad = violations(rows, report)
  out.push(bad.length ? `FAILED: ${bad.length} violation(s):\n  ${bad.join('\n  ')}` : 'All required zeros hold.')
  return out.join('\n')
}

module.exports = { COLUMNS, REQUIRED_ZERO, formatTable, formatReport, groupNotes, violations }
