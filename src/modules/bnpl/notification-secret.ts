import { randomBytes } from "node:crypto"
import { generateEntityId } from "@medusajs/framework/utils"
import {
  NOTIFICATION_GRACE_MS,
  TOKEN_CACHE_MS,
  tokensOfMode,
  type TokenRow,
} from "../../lib/payment/notification-token"
import { MODES, type Mode } from "../../lib/settings/mode"
import type { Knex } from "./ledger"
import { keptInMemory } from "../../lib/infrastructure/process-memory"

/**
 * The store's notification tokens (`bnpl_notification_secret`), one per account, read through
 * the shared connection like the ledger: the provider needs them in the payment module's
 * container, where the bnpl module cannot be resolved. The rows `bnplnot_test` and
 * `bnplnot_live` are each account's current token; rotated-out tokens have rows of their own
 * with `retired_at`; `bnplnot_store` (no mode) is the token both accounts shared before, retired
 * by the upgrade's migration (Migration20261128100000). Tokens never leave this module and the
 * notification URL: not in answers, not in logs.
 */
const SECRET_TABLE = "bnpl_notification_secret"
const CURRENT_ID: Record<Mode, string> = { test: "bnplnot_test", live: "bnplnot_live" }

export type StoreTokens = {
  /** Each account's current token, handed to its new payments. */
  current: Record<Mode, string>
  /** When the store's first token was made: payment sessions older than that predate the upgrade. */
  since: Date
  /** Every token kept, current and retired, of both accounts (which one opens a payment: `tokensOfMode`, `acceptedTokensFor`). */
  tokens: TokenRow[]
}

/** One account's tokens: the current one (for its new payments) and those its payments may carry. */
export type StoreToken = { token: string; since: Date; tokens: TokenRow[] }

type StoredRow = TokenRow & { id: string; created_at: Date }

// Kept in memory a short while (`TOKEN_CACHE_MS`, which bounds how long another server hands out
// a rotated-out token); a rotation in this process forgets them at once.
// Connections differ (each module's container has its own reference): the generation forgets all.
const tokens = new WeakMap<object, { at: number; generation: number; value: Promise<StoreTokens> }>()
let generation = 0

/**
 * The store's tokens (each account's current one made on first use), read again when what this
 * process holds is older than `maxAgeMs` (0: read now, as the check of a token that matched does,
 * so that a revocation on another server counts at once).
 */
export async function notificationTokens(knex: Knex, maxAgeMs = TOKEN_CACHE_MS): Promise<StoreTokens> {
  const known = tokens.get(knex)
  if (known && known.generation === generation && Date.now() - known.at < maxAgeMs) {
    return known.value
  }
  const value = readTokens(
    knex,
    known?.value.catch(() => undefined)
  )
  tokens.set(knex, { at: Date.now(), generation, value })
  value.catch(() => tokens.get(knex)?.value === value && tokens.delete(knex))
  return value
}

/** The tokens of `mode`'s account: its current token, and the ones its payments may carry. */
export async function notificationToken(knex: Knex, mode: Mode): Promise<StoreToken> {
  const store = await notificationTokens(knex)
  return { token: store.current[mode], since: store.since, tokens: tokensOfMode(store.tokens, mode) }
}

/**
 * `handedOut`: what this process last read; if an account's row is gone since (tables emptied,
 * as tests do), its token and `since` are written back rather than new ones its payments never
 * carried.
 */
async function readTokens(knex: Knex, handedOut?: Promise<StoreTokens | undefined>): Promise<StoreTokens> {
  let rows = await readRows(knex)
  const missing = MODES.filter((mode) => !rows.some((row) => row.id === CURRENT_ID[mode]))
  if (missing.length) {
    const last = await handedOut
    // The current rows carry the date of the store's first token (as the shared one did).
    const since = last?.since ?? earliest(rows) ?? new Date()
    for (const mode of missing) {
      // Two instances starting together: the primary key keeps one token per account, both read it back.
      await knex(SECRET_TABLE)
        .insert({ id: CURRENT_ID[mode], mode, token: last?.current[mode] ?? newToken(), created_at: since })
        .then(
          () => undefined,
          () => undefined
        )
    }
    rows = await readRows(knex)
  }
  const currentOf = (mode: Mode) => {
    const row = rows.find((r) => r.id === CURRENT_ID[mode])
    if (!row) {
      throw new Error(`the ${mode} account's notification token could not be read`)
    }
    return row.token
  }
  return {
    current: { test: currentOf("test"), live: currentOf("live") },
    since: earliest(rows) ?? new Date(),
    tokens: rows.map(({ token, retired_at, mode }) => ({ token, retired_at, mode })),
  }
}

async function readRows(knex: Knex): Promise<StoredRow[]> {
  const rows: (StoredRow & { mode?: unknown })[] = await knex(SECRET_TABLE)
    .whereNull("deleted_at")
    .select("id", "token", "created_at", "retired_at", "mode")
  // A current row is its account's whatever its column says; other rows without one are the shared token.
  const modeOf = (row: { id: string; mode?: unknown }): Mode | null =>
    MODES.find((mode) => row.id === CURRENT_ID[mode]) ?? (MODES.includes(row.mode as Mode) ? (row.mode as Mode) : null)
  return rows.map((row) => ({ ...row, mode: modeOf(row) }))
}

function earliest(rows: readonly { created_at: Date }[]): Date | undefined {
  const times = rows.map((row) => new Date(row.created_at).getTime()).filter(Number.isFinite)
  return times.length ? new Date(Math.min(...times)) : undefined
}

export type Rotation = { rotated_at: Date; previous_accepted_until: Date }
export type Revocation = { revoked_at: Date; modes: Mode[] }

/**
 * A new current token for each account of `modes` (both by default); the previous ones are
 * kept, accepted for the payments made before until the grace period is over. Returns when that
 * is, never a token.
 */
export async function rotateNotificationToken(knex: Knex, modes: readonly Mode[] = MODES): Promise<Rotation> {
  const now = await replaceCurrentTokens(knex, modes, { keepPrevious: true })
  return { rotated_at: now, previous_accepted_until: new Date(now.getTime() + NOTIFICATION_GRACE_MS) }
}

/**
 * "Revoke now" (a token leaked): a new current token for each account of `modes` (both by
 * default), and no earlier token of those accounts opens anything any more, nor the token both
 * accounts shared before the upgrade: they are deleted. Payments in flight that carry one then
 * need their signature, the customer's return or the settle job. At once on every server for a
 * token that matches (the check reads the tokens again before accepting one); other servers may
 * still hand out the previous token to new payments for up to 30 s (`TOKEN_CACHE_MS`), which are
 * then settled the same way. Returns when, never a token.
 */
export async function revokeNotificationTokens(knex: Knex, modes: readonly Mode[] = MODES): Promise<Revocation> {
  const now = await replaceCurrentTokens(knex, modes, { keepPrevious: false })
  return { revoked_at: now, modes: MODES.filter((mode) => modes.includes(mode)) }
}

/**
 * Gives each account of `modes` a new current token, in one transaction: the previous ones kept
 * as retired rows, or deleted with every retired token of those accounts (and the shared one).
 * Concurrent rotations wait for each other on the current rows: none loses a token.
 */
async function replaceCurrentTokens(
  knex: Knex,
  modes: readonly Mode[],
  { keepPrevious }: { keepPrevious: boolean }
): Promise<Date> {
  await notificationTokens(knex) // the current tokens exist
  const now = new Date()
  const accounts = MODES.filter((mode) => modes.includes(mode))
  await knex.transaction(async (trx: Knex) => {
    for (const mode of accounts) {
      const current = await trx(SECRET_TABLE).where({ id: CURRENT_ID[mode] }).forUpdate().first("token")
      if (keepPrevious) {
        await trx(SECRET_TABLE).insert({
          id: generateEntityId(undefined, "bnplnot"),
          token: current.token,
          mode,
          retired_at: now,
        })
      }
      await trx(SECRET_TABLE).where({ id: CURRENT_ID[mode] }).update({ token: newToken(), updated_at: now })
    }
    if (!keepPrevious) {
      await trx(SECRET_TABLE)
        .whereNotNull("retired_at")
        .where((q: Knex) => q.whereIn("mode", accounts).orWhereNull("mode"))
        .delete()
    }
  })
  forgetNotificationTokens()
  return now
}

function newToken(): string {
  return randomBytes(24).toString("hex")
}

/** Forget the tokens kept in memory (a rotation; tests). */
export function forgetNotificationTokens(): void {
  generation++
}
keptInMemory({ clear: forgetNotificationTokens })
