import type { Knex } from "./ledger"

/**
 * One attempt's outcome written on its message (`bnpl_service_message`) by id: one UPDATE ...
 * RETURNING, where the data layer's update reads the row first and wraps both in a transaction
 * (three statements more per message: a shipment's messages write three outcomes). Resolves the
 * row as written, as the data layer's update does; undefined when no row has that id.
 */

const TABLE = "bnpl_service_message"
/** The record's JSON column: written as JSON text (an array would otherwise go as a PostgreSQL array). */
export const JSON_COLUMNS = new Set(["payload"])

export type MessageOutcomePatch = { id: string } & Record<string, unknown>

export async function writeMessageOutcome(
  knex: Knex,
  patch: MessageOutcomePatch
): Promise<Record<string, any> | undefined> {
  const { id, ...fields } = patch
  const columns = Object.fromEntries(
    Object.entries(fields).map(([column, value]) => [
      column,
      JSON_COLUMNS.has(column) && value != null ? JSON.stringify(value) : value,
    ])
  )
  const [row] = await knex(TABLE)
    .where({ id })
    .whereNull("deleted_at")
    .update({ ...columns, updated_at: knex.raw("now()") }, "*")
  return row
}
