/**
 * An in-memory stand-in of PostgreSQL (`__pg_connection__`), shared by the review tests and the
 * model (src/__tests__/model): the tables the plugin reads and
 * writes through knex (its ledger `bnpl_payment`, `bnpl_settings`, `bnpl_notification_secret`)
 * and Medusa's own rows it reads (`order_cart`, `payment_session`, `payment`,
 * `order_payment_collection`, `order`), answering the query-builder
 * calls the plugin makes (object / column / grouped where, orWhere, whereIn, whereNull,
 * whereNot, orderBy, limit, first, insert, update, knex.raw("coalesce(col, ?)")). AND / OR are
 * folded left to right, which is what the ledger's queries mean. Rows are answered as copies,
 * as a database answers them. A fault: `failNextRead(table)` makes the next read of that table throw, as a dropped
 * connection does.
 */
import fs from "node:fs"
import path from "node:path"

type Row = Record<string, any>
type Pred = (row: Row) => boolean

/**
 * The plugin's tables' columns, from its migrations' snapshot: a query naming another column is
 * refused, as PostgreSQL refuses it (a stand-in that answered `whereNull("")` as if it held let
 * the mutation run's broken queries pass: docs/figures.md, "Mutation testing").
 */
const SNAPSHOT = path.join(__dirname, "../../modules/bnpl/migrations/.snapshot-medusa-bnpl.json")
const PLUGIN_COLUMNS: Record<string, Set<string>> = Object.fromEntries(
  (JSON.parse(fs.readFileSync(SNAPSHOT, "utf8")).tables as { name: string; columns: Record<string, unknown> }[]).map(
    (t) => [t.name, new Set(Object.keys(t.columns))]
  )
)

/**
 * Medusa's tables the plugin reads, from Medusa's data models and link definitions
 * (`node scripts/medusa-columns.js --write`; its unit test checks the file against the packages):
 * a stand-in that took any column of them let a broken read of who holds a payment pass.
 */
const MEDUSA_COLUMNS: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(
    JSON.parse(fs.readFileSync(path.join(__dirname, "medusa-columns.json"), "utf8")) as Record<string, string[]>
  ).map(([table, columns]) => [table, new Set(columns)])
)
const COLUMNS = { ...MEDUSA_COLUMNS, ...PLUGIN_COLUMNS }
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/** A column reference (`p.status` → `status`), refused when PostgreSQL would refuse it. */
function columnOf(table: string) {
  if (!IDENTIFIER.test(table.replace(/ as [a-z_]+$/, ""))) {
    throw new Error(`relation "${table}" does not exist`)
  }
  return (c: string) => {
    const name = String(c).replace(/^[a-z_]+\./, "")
    if (!IDENTIFIER.test(name) || (COLUMNS[table] && !COLUMNS[table].has(name))) {
      throw new Error(`column "${name}" of relation "${table}" does not exist`)
    }
    return name
  }
}
const value = (v: any) => (v instanceof Date ? v.getTime() : v)

function compare(a: any, op: string, b: any): boolean {
  const [x, y] = [value(a), value(b)]
  switch (op) {
    case "=":
      return x === y
    case "<=":
      return x != null && x <= y
    case "<":
      return x != null && x < y
    case ">=":
      return x != null && x >= y
    case ">":
      return x != null && x > y
    default:
      throw new Error(`operator ${op} not supported by the stand-in`)
  }
}

function group(column: (c: string) => string): any {
  const preds: { or: boolean; p: Pred }[] = []
  const toPred = (args: any[]): Pred => {
    const [a, b, c] = args
    if (typeof a === "function") {
      const inner = group(column)
      a.call(inner, inner)
      return inner.test
    }
    if (a && typeof a === "object") {
      const names = Object.keys(a).map(column)
      const undefinedColumns = names.filter((_, i) => Object.values(a)[i] === undefined)
      if (undefinedColumns.length) {
        // As knex refuses to build the query.
        throw new Error(`Undefined binding(s) detected when compiling. Undefined column(s): [${undefinedColumns}]`)
      }
      return (row) => Object.values(a).every((v, i) => row[names[i]] === v)
    }
    const name = column(a)
    if (args.length === 2 && b === undefined) {
      throw new Error(`Undefined binding(s) detected when compiling. Undefined column(s): [${name}]`)
    }
    if (args.length === 2) return (row) => row[name] === b
    return (row) => compare(row[name], b, c)
  }
  const g: any = {
    where: (...args: any[]) => (preds.push({ or: false, p: toPred(args) }), g),
    andWhere: (...args: any[]) => (preds.push({ or: false, p: toPred(args) }), g),
    orWhere: (...args: any[]) => (preds.push({ or: true, p: toPred(args) }), g),
    whereNot: (...args: any[]) => {
      const p = toPred(args)
      preds.push({ or: false, p: (row) => !p(row) })
      return g
    },
    whereNull: (c: string) => {
      const name = column(c)
      preds.push({ or: false, p: (row) => row[name] == null })
      return g
    },
    orWhereNull: (c: string) => {
      const name = column(c)
      preds.push({ or: true, p: (row) => row[name] == null })
      return g
    },
    orWhereNotNull: (c: string) => {
      const name = column(c)
      preds.push({ or: true, p: (row) => row[name] != null })
      return g
    },
    whereNotNull: (c: string) => {
      const name = column(c)
      preds.push({ or: false, p: (row) => row[name] != null })
      return g
    },
    whereIn: (c: string, vs: any[]) => {
      const name = column(c)
      preds.push({ or: false, p: (row) => vs.includes(row[name]) })
      return g
    },
    whereNotIn: (c: string, vs: any[]) => {
      const name = column(c)
      preds.push({ or: false, p: (row) => !vs.includes(row[name]) })
      return g
    },
    test: (row: Row) =>
      preds.reduce<boolean>((acc, { or, p }, i) => (i === 0 ? p(row) : or ? acc || p(row) : acc && p(row)), true),
  }
  return g
}

/** The plugin's unique indexes that decide races (its migrations), by table: the columns. */
const UNIQUE: Record<string, string> = { bnpl_adopted_refund: "reference" }

/** The plugin's check constraints and unique indexes: a row that breaks one is refused, as PostgreSQL does. */
function checkConstraints(table: string, row: Row, others: Row[] = []) {
  if (table === "bnpl_payment" && row.status === "ordered" && row.order_id == null) {
    throw new Error('new row for relation "bnpl_payment" violates check constraint "bnpl_payment_ordered_names_order"')
  }
  const unique = UNIQUE[table]
  if (unique && others.some((o) => o !== row && !o.deleted_at && o[unique] === row[unique])) {
    throw new Error(`duplicate key value violates unique constraint on "${table}" (${unique})`)
  }
}

export type MemoryDb = ReturnType<typeof memoryDb>

export function memoryDb(initial: Record<string, Row[]> = {}) {
  const tables: Record<string, Row[]> = {
    bnpl_notification_secret: [
      { id: "bnplnot_store", token: "t".repeat(48), created_at: new Date(0), retired_at: null, deleted_at: null },
    ],
    bnpl_payment: [],
    bnpl_settings: [],
    order_cart: [],
    payment_session: [],
    payment: [],
    order_payment_collection: [],
    order: [],
    ...initial,
  }
  /** Reads of a table that fail next (a dropped connection), one per count. */
  const failing: Record<string, number> = {}
  const failedReads: string[] = []
  const readOf = (table: string) => {
    if ((failing[table] ?? 0) > 0) {
      failing[table]--
      failedReads.push(table)
      throw new Error("Connection terminated unexpectedly")
    }
  }
  const knex: any = (table: string) => {
    const column = columnOf(table)
    const q = group(column)
    let order: [string, string] | undefined
    let take: number | undefined
    /** The columns asked for (`first("id")`, `select("id")`), the only ones answered, as PostgreSQL does. */
    let picked: string[] | undefined
    const answer = (row: Row) => (picked ? Object.fromEntries(picked.map((c) => [c, row[c]])) : { ...row })
    const rows = () => {
      let out = (tables[table] ??= []).filter(q.test)
      if (order) {
        const [c, dir] = order
        // NULL sorts last ascending, first descending, as PostgreSQL sorts it.
        const key = (row: Row) => (row[c] == null ? Infinity : value(row[c]))
        out = [...out].sort((a, b) => (key(a) === key(b) ? 0 : key(a) < key(b) ? -1 : 1))
        if (dir === "desc") out.reverse()
      }
      return take === undefined ? out : out.slice(0, take)
    }
    const apply = (row: Row, patch: Row) => {
      for (const [k, v] of Object.entries(patch)) {
        if (v && typeof v === "object" && "sql" in v && /^coalesce\(/.test(v.sql)) row[k] = row[k] ?? v.bindings[0]
        else row[k] = v
      }
    }
    Object.assign(q, {
      orderBy: (c: string, dir = "asc") => ((order = [column(c), dir]), q),
      limit: (n: number) => ((take = n), q),
      select: (...columns: unknown[]) => {
        const names = columns.flat().filter((c): c is string => typeof c === "string")
        if (names.length === columns.flat().length) picked = names.map(column)
        return q
      },
      forUpdate: () => q,
      skipLocked: () => q,
      first: async (...columns: string[]) => {
        if (columns.length) picked = columns.map(column)
        readOf(table)
        const row = rows()[0]
        return row ? answer(row) : undefined
      },
      insert: async (row: Row | Row[]) => {
        for (const r of Array.isArray(row) ? row : [row]) {
          Object.keys(r).forEach(column)
          const inserted = { created_at: new Date(), updated_at: new Date(), deleted_at: null, ...r }
          checkConstraints(table, inserted, (tables[table] ??= []))
          tables[table].push(inserted)
        }
      },
      update: async (patch: Row) => {
        Object.keys(patch).forEach(column)
        const hit = rows()
        for (const row of hit) {
          const next = { ...row }
          apply(next, patch)
          checkConstraints(table, next) // refused whole, as PostgreSQL refuses the statement
        }
        hit.forEach((row) => apply(row, patch))
        return hit.length
      },
      then: (resolve: any, reject: any) =>
        Promise.resolve()
          .then(() => {
            readOf(table)
            return rows().map(answer)
          })
          .then(resolve, reject),
    })
    return q
  }
  knex.raw = (sql: string, bindings: unknown[] = []) => ({ sql, bindings })
  return {
    knex,
    tables,
    failedReads,
    failNextRead: (table: string, count = 1) => {
      failing[table] = (failing[table] ?? 0) + count
    },
    clearFaults: () => {
      for (const k of Object.keys(failing)) delete failing[k]
    },
  }
}
