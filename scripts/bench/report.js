'use strict'

/** Formatting for scripts/bench.js: numbers, ratios and the final markdown table. */

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a')
const perSecond = (value) => (Number.isFinite(value) ? `${value.toFixed(value < 100 ? 1 : 0)}/s` : 'n/a')
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `×${(a / b).toFixed(2)}` : 'n/a')
const mib = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 2 ** 20).toFixed(0)} MiB` : 'n/a')

const escapeCell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** A markdown table from `[figure, value, note]` rows. */
function markdownTable(rows) {
  const lines = ['| figure | value | note |', '|---|---|---|']
  for (const [figure, value, note = ''] of rows) lines.push(`| ${escapeCell(figure)} | ${escapeCell(value)} | ${escapeCell(note)} |`)
  return lines.join('\n')
}

module.exports = { ms, perSecond, ratio, mib, markdownTable }
