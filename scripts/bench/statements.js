'use strict'

/**
 * The SQL profile of one cart mutation: every statement PostgreSQL logged while it ran, counted
 * and grouped by the table it reads or writes. Counts, not timings: they hold on a loaded
 * machine, and the difference between two boots (with and without the plugin) names the
 * statements the plugin adds, which is where a mutation's extra milliseconds go.
 */

/** A logged statement: `LOG:  statement: ...` (simple protocol) or `LOG:  execute <name>: ...`. */
const STATEMENT = /LOG:\s+(?:statement|execute [^:]*):\s*(.*)$/

/** What a statement touches: its verb and first table ("select cart", "update payment_session", "begin"). */
function statementKind(sql) {
  const text = sql.trim().replace(/\s+/g, ' ')
  const verb = (text.match(/^(\w+)/)?.[1] ?? '?').toLowerCase()
  if (['begin', 'commit', 'rollback', 'savepoint', 'release', 'set', 'show'].includes(verb)) return verb
  const table =
    verb === 'insert'
      ? text.match(/^insert into "?([\w.]+)"?/i)?.[1]
      : verb === 'update'
        ? text.match(/^update "?([\w.]+)"?/i)?.[1]
        : verb === 'delete'
          ? text.match(/^delete from "?([\w.]+)"?/i)?.[1]
          : text.match(/ from "?([\w.]+)"?/i)?.[1]
  return `${verb} ${table ?? '?'}`
}

/** The statements in PostgreSQL's output, their count per kind. @param {string} output */
function profileOf(output) {
  const kinds = new Map()
  let total = 0
  for (const line of output.split('\n')) {
    const match = line.match(STATEMENT)
    if (!match) continue
    total++
    const kind = statementKind(match[1])
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
  }
  return { total, kinds: Object.fromEntries([...kinds].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) }
}

/** Kinds whose count differs between two profiles: `{kind: [base, other]}`, largest difference first. */
function profileDifference(base, other) {
  const kinds = new Set([...Object.keys(base.kinds), ...Object.keys(other.kinds)])
  return Object.fromEntries(
    [...kinds]
      .map((kind) => [kind, [base.kinds[kind] ?? 0, other.kinds[kind] ?? 0]])
      .filter(([, [a, b]]) => a !== b)
      .sort((x, y) => Math.abs(y[1][1] - y[1][0]) - Math.abs(x[1][1] - x[1][0]) || x[0].localeCompare(y[0]))
  )
}

/**
 * Runs `action` with statement logging on and returns its profile. `settleMs` lets work the
 * request started but did not wait for (subscribers) log too.
 */
async function statementsDuring(database, action, settleMs = 500) {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  await database.logStatements(true)
  try {
    await sleep(200) // every backend has read the reloaded configuration
    const mark = database.outputMark()
    await action()
    await sleep(settleMs)
    return profileOf(database.outputSince(mark))
  } finally {
    await database.logStatements(false)
  }
}

module.exports = { statementKind, profileOf, profileDifference, statementsDuring }
