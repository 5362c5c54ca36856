import { randomBytes } from "node:crypto"
import type { Knex } from "./ledger"

/**
 * The store's notification token (`bnpl_notification_secret`, one row per store), read through
 * the shared connection like the ledger: the provider needs it in the payment module's
 * container, where the bnpl module cannot be resolved.
 */
const SECRET_TABLE = "bnpl_notification_secret"
const SECRET_ID = "bnplnot_store"

export type StoreToken = { token: string; since: Date }
const tokens = new WeakMap<object, StoreToken>()

/**
 * The store's notification token (made on first use, then kept in memory: it never changes).
 * `since` is when it was made: payment sessions older than that were created before the upgrade.
 */
export async function notificationToken(knex: Knex): Promise<StoreToken> {
  const known = tokens.get(knex)
  if (known) {
    return known
  }
  let row = await knex(SECRET_TABLE).where({ id: SECRET_ID }).first("token", "created_at")
  if (!row) {
    // Two instances starting together: the primary key keeps one token, both read it back.
    await knex(SECRET_TABLE)
      .insert({ id: SECRET_ID, token: randomBytes(24).toString("hex") })
      .onConflict("id")
      .ignore()
    row = await knex(SECRET_TABLE).where({ id: SECRET_ID }).first("token", "created_at")
  }
  const value = { token: row.token as string, since: new Date(row.created_at) }
  tokens.set(knex, value)
  return value
}
