import { ENDED_WITHOUT_ORDER, MAY_STILL_NEED_CHECKOUT, STRIPPED_SNAPSHOT } from "../../lib/settings/retention"
import { LEDGER_TABLE, type Knex } from "./ledger"

/**
 * Forgetting the customer data of checkouts (`bnpl_checkout_snapshot`), read with the payment
 * ledger through the shared PostgreSQL connection. Each function handles at most `limit` rows
 * in one statement and skips rows another worker has locked, so several workers can run it at
 * once; rows are deleted for good (a soft delete would keep the data).
 */

const SNAPSHOTS = "bnpl_checkout_snapshot"

/** The ledger rows of `s` (a correlated sub-query: add the condition naming `s`). */
const payments = (knex: Knex) => knex(`${LEDGER_TABLE} as p`).select(knex.raw("1")).whereNull("p.deleted_at")
const madeWith = (knex: Knex) => payments(knex).whereRaw("p.checkout_id = s.id")

/** At most `limit` snapshot ids matching `where`, locked for this statement. */
const someSnapshots = (knex: Knex, where: (q: Knex) => void, limit: number) =>
  knex(`${SNAPSHOTS} as s`).select("s.id").where(where).limit(limit).forUpdate("s").skipLocked()

/** Snapshots created before `before` that no order holds. */
const unorderedBefore = (q: Knex, before: Date) => q.where("s.created_at", "<", before).whereNull("s.order_id")

/** Deletes, for good, at most `limit` snapshots matching `where`; answers how many went. */
const deleteSnapshots = (knex: Knex, where: (q: Knex) => void, limit: number): Promise<number> =>
  knex(SNAPSHOTS)
    .whereIn("id", someSnapshots(knex, where, limit))
    .del()

/** Checkouts all of whose payments ended without an order (cancelled or refunded). */
export async function deleteEndedCheckouts(knex: Knex, limit: number): Promise<number> {
  return deleteSnapshots(
    knex,
    (q) =>
      q
        .whereExists(madeWith(knex).whereIn("p.status", ENDED_WITHOUT_ORDER))
        .whereNotExists(madeWith(knex).whereNotIn("p.status", ENDED_WITHOUT_ORDER)),
    limit
  )
}

/** Checkouts created before `before` that no payment was made with and no order holds. */
export async function deleteUnpaidCheckouts(knex: Knex, before: Date, limit: number): Promise<number> {
  return deleteSnapshots(
    knex,
    (q) =>
      unorderedBefore(q, before)
        .whereNotExists(madeWith(knex))
        // Payments recorded before they named their checkout: kept while one of the cart's may read it.
        .whereNotExists(
          payments(knex)
            .whereRaw("p.cart_id = s.cart_id")
            .whereNull("p.checkout_id")
            .whereIn("p.status", MAY_STILL_NEED_CHECKOUT)
        ),
    limit
  )
}

/**
 * Checkouts an order holds lose their personal data: after the order the shipping sync reads
 * only the options offered and the cart id, which the row keeps.
 */
export async function stripOrderedCheckouts(knex: Knex, limit: number): Promise<number> {
  const ids = someSnapshots(
    knex,
    (q) =>
      q
        .whereRaw("s.snapshot <> ?::jsonb", [JSON.stringify(STRIPPED_SNAPSHOT)])
        .where((held: Knex) =>
          held.whereNotNull("s.order_id").orWhereExists(madeWith(knex).where("p.status", "ordered"))
        ),
    limit
  )
  return knex(SNAPSHOTS)
    .whereIn("id", ids)
    .update({ snapshot: JSON.stringify(STRIPPED_SNAPSHOT), updated_at: new Date() })
}

/** Checkouts created before `before` that no order holds, whatever their payment's state. */
export async function deleteExpiredCheckouts(knex: Knex, before: Date, limit: number): Promise<number> {
  return deleteSnapshots(
    knex,
    (q) => unorderedBefore(q, before).whereNotExists(madeWith(knex).whereIn("p.status", ["authorized", "ordered"])),
    limit
  )
}
