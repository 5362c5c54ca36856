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
  /** A live Medusa payment of this session, on the collection of an order (`order_status`: "canceled" once cancelled). */
  | { by: "order"; order_id: string; payment_id: string; order_status: string }
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
    const order = await orderRowOfCollection(knex, payment.payment_collection_id)
    return order
      ? { by: "order", order_id: order.id, payment_id: payment.id, order_status: order.status }
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

/** Medusa's latest payment of a session (cancelled or not) with what it captured and refunded, in its own amounts. */
export async function medusaPaymentOf(knex: Knex, sessionId: string) {
  const payment = await knex("payment")
    .where({ payment_session_id: sessionId })
    .whereNull("deleted_at")
    .orderBy("created_at", "desc")
    .first("id", "amount", "canceled_at")
  if (!payment) {
    return undefined
  }
  const [captures, refunds] = await Promise.all([
    knex("capture").where({ payment_id: payment.id }).whereNull("deleted_at"),
    knex("refund").where({ payment_id: payment.id }).whereNull("deleted_at"),
  ])
  return {
    id: payment.id as string,
    amount: payment.amount as string | number,
    canceled_at: payment.canceled_at as Date | null,
    captures: captures.map((c: { amount: string | number }) => c.amount),
    refunds: refunds.map((r: { id: string; amount: string | number }) => ({ id: r.id, amount: r.amount })),
  }
}

/** Whether any of the order's fulfillments left (shipped or delivered, not cancelled): Medusa's link table. */
export async function orderHandedOver(knex: Knex, orderId: string): Promise<boolean> {
  const links = await knex("order_fulfillment").where({ order_id: orderId }).whereNull("deleted_at")
  const ids = links.map((l: { fulfillment_id: string }) => l.fulfillment_id)
  if (!ids.length) {
    return false
  }
  const left = await knex("fulfillment")
    .whereIn("id", ids)
    .whereNull("canceled_at")
    .whereNull("deleted_at")
    .where((q: Knex) => q.whereNotNull("shipped_at").orWhereNotNull("delivered_at"))
    .first("id")
  return !!left
}
