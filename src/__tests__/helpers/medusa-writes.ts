import type { MemoryDb } from "./memory-db"

/**
 * The rows Medusa 2.21 itself writes around a BNPL payment, in the in-memory database
 * (memory-db.ts): where the plugin reads who holds a payment (`medusa-holding.ts`).
 */

/**
 * What Medusa 2.21 writes when it authorizes `sessionId` on a collection of `orderId`: the
 * session's row, its payment, the order and the order's link to the collection (a cart's
 * collection is linked when the cart completes; an order's own collection from its making).
 * The plugin reads who holds a payment in these rows (`medusa-holding.ts`).
 */
export function medusaAuthorized(
  db: MemoryDb,
  {
    sessionId,
    orderId,
    collectionId = "paycol_1",
    data = {},
  }: { sessionId: string; orderId: string; collectionId?: string; data?: unknown }
) {
  const session = db.tables.payment_session.find((r) => r.id === sessionId)
  if (session) Object.assign(session, { payment_collection_id: collectionId, status: "authorized" })
  else
    db.tables.payment_session.push({
      id: sessionId,
      payment_collection_id: collectionId,
      status: "authorized",
      deleted_at: null,
      data,
    })
  db.tables.payment.push({
    id: `pay_${sessionId}`,
    payment_session_id: sessionId,
    payment_collection_id: collectionId,
    canceled_at: null,
    deleted_at: null,
  })
  if (!db.tables.order.some((o) => o.id === orderId))
    db.tables.order.push({ id: orderId, status: "pending", deleted_at: null })
  db.tables.order_payment_collection.push({ order_id: orderId, payment_collection_id: collectionId, deleted_at: null })
}

/**
 * What Medusa 2.21 writes when it places cart_1's order while the service still reviews its
 * payment: the session pending_authorization (no payment yet), its collection linked to order_1.
 */
export function placedAwaitingReview(db: MemoryDb) {
  db.tables.payment_session.push({
    id: "payses_1",
    payment_collection_id: "paycol_1",
    status: "pending_authorization",
    deleted_at: null,
    data: {},
  })
  db.tables.order.push({ id: "order_1", status: "pending", deleted_at: null })
  db.tables.order_payment_collection.push({ order_id: "order_1", payment_collection_id: "paycol_1", deleted_at: null })
}
