import { randomBytes } from "node:crypto"
import { generateEntityId } from "@medusajs/framework/utils"
import { NOTIFICATION_GRACE_MS, TOKEN_CACHE_MS, type TokenRow } from "../../lib/notification-token"
import type { Knex } from "./ledger"
import { keptInMemory } from "../../lib/process-memory"

/**
 * The store's notification tokens (`bnpl_notification_secret`), read through the shared
 * connection like the ledger: the provider needs them in the payment module's container, where
 * the bnpl module cannot be resolved. The row `bnplnot_store` is the current token; rotated-out
 * tokens have rows of their own with `retired_at`. Tokens never leave this module and the
 * notification URL: not in answers, not in logs.
 */
const SECRET_TABLE = "bnpl_notification_secret"
const SECRET_ID = "bnplnot_store"

export type StoreToken = {
  /** The current token, handed to new payments. */
  token: string
  /** When the store's first token was made: payment sessions older than that predate the upgrade. */
  since: Date
  /** Every token, current and retired (which one opens a payment: `acceptedTokensFor`). */
  tokens: TokenRow[]
}

// Kept in memory a short while (`TOKEN_CACHE_MS`, which bounds how long another server hands out
// a rotated-out token); a rotation in this process forgets them at once.
// Connections differ (each module's container has its own reference): the generation forgets all.
const tokens = new WeakMap<object, { at: number; generation: number; value: Promise<StoreToken> }>()
let generation = 0

/** The store's tokens (the current one made on first use). */
export async function notificationToken(knex: Knex): Promise<StoreToken> {
  const known = tokens.get(knex)
  if (known && known.generation === generation && Date.now() - known.at < TOKEN_CACHE_MS) {
    return known.value
  }
  const value = readTokens(
    knex,
    known?.value.catch(() => undefined)
  )
  tokens.set(knex, { at: Date.now(), generation, value })
  value.catch(() => tokens.delete(knex))
  return value
}

/**
 * `handedOut`: what this process last read; if the row is gone since (tables emptied, as tests
 * do), its token and `since` are written back rather than new ones its payments never carried.
 */
async function readTokens(knex: Knex, handedOut?: Promise<StoreToken | undefined>): Promise<StoreToken> {
  let rows: (TokenRow & { id: string; created_at: Date })[] = await knex(SECRET_TABLE)
    .whereNull("deleted_at")
    .select("id", "token", "created_at", "retired_at")
  if (!rows.some((row) => row.id === SECRET_ID)) {
    // Two instances starting together: the primary key keeps one token, both read it back.
    const last = await handedOut
    await knex(SECRET_TABLE)
      .insert({ id: SECRET_ID, token: last?.token ?? newToken(), ...(last && { created_at: last.since }) })
      .onConflict("id")
      .ignore()
    rows = await knex(SECRET_TABLE).whereNull("deleted_at").select("id", "token", "created_at", "retired_at")
  }
  const current = rows.find((row) => row.id === SECRET_ID)!
  return {
    token: current.token,
    since: new Date(current.created_at),
    tokens: rows.map(({ token, retired_at }) => ({ token, retired_at })),
  }
}

/**
 * A new current token; the previous one is kept, accepted for the payments made before until
 * the grace period is over. Returns when that is, never a token.
 */
export async function rotateNotificationToken(
  knex: Knex
): Promise<{ rotated_at: Date; previous_accepted_until: Date }> {
  await notificationToken(knex) // the current token exists
  const now = new Date()
  await knex.transaction(async (trx: Knex) => {
    // Concurrent rotations wait for each other on the current row: none loses a token.
    const current = await trx(SECRET_TABLE).where({ id: SECRET_ID }).forUpdate().first("token")
    await trx(SECRET_TABLE).insert({
      id: generateEntityId(undefined, "bnplnot"),
      token: current.token,
      retired_at: now,
    })
    await trx(SECRET_TABLE).where({ id: SECRET_ID }).update({ token: newToken(), updated_at: now })
  })
  forgetNotificationTokens()
  return { rotated_at: now, previous_accepted_until: new Date(now.getTime() + NOTIFICATION_GRACE_MS) }
}

function newToken(): string {
  return randomBytes(24).toString("hex")
}

/** Forget the tokens kept in memory (a rotation; tests). */
export function forgetNotificationTokens(): void {
  generation++
}
keptInMemory({ clear: forgetNotificationTokens })
