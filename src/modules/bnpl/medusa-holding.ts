import type { Knex } from "./ledger"

/**
 * Who holds a payment is what Medusa's records say, never what a column of the ledger leaves
 * NULL or "the cart has an order": a second session on a completed cart's collection, an order's
 * own collection (an edit, a claim, an exchange, a draft order, "Copy payment link") and a cart
 * whose completion failed after the authorization all look alike from the ledger. Read through
 * the shared PostgreSQL connection (the provider runs in the payment module's container, where
 * Query is not registered), from Medusa 2.21's own tables: `payment` (one per authorized
 * session, `canceled_at` once Medusa cancelled it), `payment_session`, and the link tables
 * `order_payment_collection` (a cart's collection is linked to its order when the cart
 * completes, before the session is authorized) and `order`.
 */
export type Holding =
  /** A live Medusa payment of this session, on the collection of an order. */
  | { by: "order"; order_id: string; payment_id: string }
  /** No payment yet: the order was placed awaiting the service's review (`pending_authorization`). */
  | { by: "awaiting"; order_id: string }
  /** A live Medusa payment no order holds (a cart whose completion failed after authorizing it). */
  | { by: "no order"; payment_id: string }
  /** Medusa holds nothing of it (never authorized, or cancelled). */
  | { by: "nobody" }

/** The order a payment collection belongs to, if any (and not deleted), with its status. */
async function orderRowOfCollection(
  knex: Knex,
  collectionId: string | null | undefined
): Promise<{ id: string; status: string } | undefined> {
  if (!collectionId) {
    return undefined
  }
  const link = await knex("order_payment_collection")
    .where({ payment_collection_id: collectionId })
    .whereNull("deleted_at")
    .first("order_id")
  return link ? knex("order").where({ id: link.order_id }).whereNull("deleted_at").first("id", "status") : undefined
}

async function orderOfCollection(knex: Knex, collectionId: string | null | undefined) {
  return (await orderRowOfCollection(knex, collectionId))?.id
}

/**
 * The order whose collection a session was made on (a cart's once it completed, or an order's
 * own), with its status: a payment link of a cancelled order must not become its payment.
 */
export async function orderOfSession(knex: Knex, sessionId: string) {
  const session = await knex("payment_session").where({ id: sessionId }).first("payment_collection_id")
  return orderRowOfCollection(knex, session?.payment_collection_id)
}

/** The sessions made on an order's collections (its cart's and its own), deleted ones included. */
export async function sessionsOfOrder(knex: Knex, orderId: string): Promise<string[]> {
  const links = await knex("order_payment_collection").where({ order_id: orderId }).whereNull("deleted_at")
  const collections = links.map((l: { payment_collection_id: string }) => l.payment_collection_id)
  if (!collections.length) {
    return []
  }
  const sessions = await knex("payment_session").whereIn("payment_collection_id", collections)
  return sessions.map((s: { id: string }) => s.id)
}

/** What Medusa holds of the payment made for this session. */
export async function holdingOf(knex: Knex, sessionId: string): Promise<Holding> {
  const payment = await knex("payment")
    .where({ payment_session_id: sessionId })
    .whereNull("canceled_at")
    .whereNull("deleted_at")
    .first("id", "payment_collection_id")
  if (payment) {
    const orderId = await orderOfCollection(knex, payment.payment_collection_id)
    return orderId
      ? { by: "order", order_id: orderId, payment_id: payment.id }
      : { by: "no order", payment_id: payment.id }
  }
  const session = await knex("payment_session")
    .where({ id: sessionId })
    .whereNull("deleted_at")
    .first("status", "payment_collection_id")
  const awaiting =
    session?.status === "pending_authorization"
      ? await orderOfCollection(knex, session.payment_collection_id)
      : undefined
  return awaiting ? { by: "awaiting", order_id: awaiting } : { by: "nobody" }
}
