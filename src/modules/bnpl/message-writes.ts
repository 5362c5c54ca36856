import { generateEntityId } from "@medusajs/framework/utils"
import type { Knex } from "./ledger"

/**
 * The writes on an order event's path to the service, each one statement: the data layer wraps
 * every create, update and delete in a transaction of its own (BEGIN, a read, the write,
 * COMMIT), and each round trip is a wait behind everything else the process is doing.
 */

const TABLE = "bnpl_service_message"
/** Order events waiting for their messages (models/order-event.ts), and their id prefix. */
const EVENT_TABLE = "bnpl_order_event"
const EVENT_ID_PREFIX = "bnplevt"
/** The record's id prefix (models/service-message.ts). */
const ID_PREFIX = "bnplmsg"
/** The record's JSON column: written as JSON text (an array would otherwise go as a PostgreSQL array). */
export const JSON_COLUMNS = new Set(["payload"])

export type MessageOutcomePatch = { id: string } & Record<string, unknown>
export type NewMessage = Record<string, unknown>

const asColumns = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([column, value]) => [
      column,
      JSON_COLUMNS.has(column) && value != null ? JSON.stringify(value) : value,
    ])
  )

/** Records an order event in one INSERT (the columns left out take the table's defaults); resolves its id. */
export async function recordOrderEvent(knex: Knex, event: Record<string, unknown>): Promise<string> {
  const id = generateEntityId(undefined, EVENT_ID_PREFIX)
  await knex(EVENT_TABLE).insert({ id, ...event })
  return id
}

/**
 * Records messages (the columns left out take the table's defaults). With `forEvent` (the order
 * event they are the messages of), in the same statement: the event's row is deleted, and the
 * messages are recorded only if this statement deleted it. Two handlings of one event at once
 * (its subscriber, slow, and the retry job) then record its messages once: the second finds the
 * event gone and records nothing. Resolves the new rows' ids, in order ([] when nothing was
 * recorded).
 */
export async function recordMessages(knex: Knex, rows: NewMessage[], forEvent?: string | null): Promise<string[]> {
  const values = rows.map((row) => ({ id: generateEntityId(undefined, ID_PREFIX), ...row }))
  if (!forEvent) {
    return values.length
      ? (await knex(TABLE).insert(values.map(asColumns), ["id"])).map((r: { id: string }) => r.id)
      : []
  }
  if (!values.length) {
    await knex(EVENT_TABLE).where({ id: forEvent }).delete()
    return []
  }
  // Only the columns given a value: the others take the table's defaults (an undefined would be NULL).
  const columns = [...new Set(values.flatMap((v) => Object.keys(v).filter((k) => (v as NewMessage)[k] !== undefined)))]
  const list = columns.map(() => "??").join(", ")
  const { rowCount } = await knex.raw(
    `WITH gone AS (DELETE FROM ?? WHERE id = ? RETURNING id)
     INSERT INTO ?? (${list}) SELECT ${list} FROM json_populate_recordset(NULL::??, ?::json)
     WHERE EXISTS (SELECT 1 FROM gone)`,
    [EVENT_TABLE, forEvent, TABLE, ...columns, ...columns, TABLE, JSON.stringify(values)]
  )
  return rowCount === values.length ? values.map((v) => v.id) : []
}

/**
 * One attempt's outcome written on its message by id: one UPDATE ... RETURNING (a shipment's
 * messages write three outcomes). Resolves the row as written, as the data layer's update
 * does; undefined when no row has that id.
 */
export async function writeMessageOutcome(
  knex: Knex,
  patch: MessageOutcomePatch
): Promise<Record<string, any> | undefined> {
  const { id, ...fields } = patch
  const [row] = await knex(TABLE)
    .where({ id })
    .whereNull("deleted_at")
    .update({ ...asColumns(fields), updated_at: knex.raw("now()") }, "*")
  return row
}
