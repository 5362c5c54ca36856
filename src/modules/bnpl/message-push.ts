import { decidePushAgain, PUSH_AGAIN_INTERVAL_MS, type PushAgainDecision } from "../../lib/messages/view"

/**
 * "Push again" for one recorded message (`bnpl_service_message`), and "Try again now" for an
 * order's events still waiting (`bnpl_order_event`), claimed in one conditional UPDATE: of any
 * number of concurrent calls, at most one per `PUSH_AGAIN_INTERVAL_MS` gets to attempt a row (the
 * row lock serialises the UPDATEs; the later ones see the fresh `updated_at` and claim nothing).
 * A message's attempt then runs under the payment's lock, where the same content is never sent
 * twice; an event's messages are recorded once, by the statement that deletes the event (two
 * handlings of it at once record them once). Only a refused claim reads, to say why.
 */

export type Knex = any

const MESSAGES = "bnpl_service_message"
const EVENTS = "bnpl_order_event"
const SECONDS = PUSH_AGAIN_INTERVAL_MS / 1000

export type MessagePushClaim = { found: false } | { found: true; decision: PushAgainDecision }

/**
 * `decidePushAgain`'s rule, in SQL: rows pending or failed, not written within the interval, made
 * pending again (a failed one gets one more attempt) and due soon for the retry job, in case this
 * process dies before its attempt. Resolves the ids claimed, oldest first.
 */
async function claimRows(
  knex: Knex,
  table: string,
  where: Record<string, string> | ((q: Knex) => void)
): Promise<string[]> {
  const claimed: { id: string; created_at: Date }[] = await knex(table)
    .where(where)
    .whereNull("deleted_at")
    .whereIn("status", ["pending", "failed"])
    .whereRaw(`updated_at <= now() - make_interval(secs => ?)`, [SECONDS])
    .update(
      {
        status: "pending",
        updated_at: knex.raw("now()"),
        next_attempt_at: knex.raw(`now() + make_interval(secs => ?)`, [SECONDS * 6]),
      },
      ["id", "created_at"]
    )
  return claimed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()).map((r) => r.id)
}

/** Claimed by another call between its UPDATE and the read (or the clocks differ). */
const underWay = (what: string): PushAgainDecision => ({
  action: "wait",
  message: `A push of ${what} is under way: try again in a moment.`,
  retry_after_s: SECONDS,
})

export async function claimMessagePush(knex: Knex, orderId: string, messageId: string): Promise<MessagePushClaim> {
  const [claimed] = await claimRows(knex, MESSAGES, { id: messageId, order_id: orderId })
  if (claimed) {
    return { found: true, decision: { action: "push" } }
  }
  const row = await knex(MESSAGES)
    .where({ id: messageId, order_id: orderId })
    .whereNull("deleted_at")
    .first("status", "last_error", "updated_at")
  if (!row) {
    return { found: false }
  }
  const refused = decidePushAgain(row)
  return { found: true, decision: refused.action === "push" ? underWay("this message") : refused }
}

/** An order as its events name it: its id, and its fulfillments' (shipments and deliveries name only those). */
export type OrderWithFulfillments = { id: string; fulfillments?: ({ id: string } | null | undefined)[] | null }

/**
 * The order's events: those naming it, and those naming only one of its fulfillments (a shipment
 * whose order could not be read keeps a null order id until it is).
 */
const eventsOf = (order: OrderWithFulfillments) => (q: Knex) =>
  q.where({ order_id: order.id }).orWhereIn(
    "fulfillment_id",
    (order.fulfillments ?? []).flatMap((f) => (f ? [f.id] : []))
  )

/** The order's events still waiting, newest first (the order's view). */
export async function listOrderEvents(knex: Knex, order: OrderWithFulfillments, limit = 100) {
  return knex(EVENTS).where(eventsOf(order)).whereNull("deleted_at").orderBy("created_at", "desc").limit(limit)
}

export type OrderEventsClaim = { action: "push"; event_ids: string[] } | Exclude<PushAgainDecision, { action: "push" }>

/**
 * "Try again now": every event of the order still waiting (its messages never recorded: the order
 * could not be read, even after the retry job gave up), claimed at once. A conflict when none waits.
 */
export async function claimOrderEventsPush(knex: Knex, order: OrderWithFulfillments): Promise<OrderEventsClaim> {
  const ofOrder = eventsOf(order)
  const claimed = await claimRows(knex, EVENTS, ofOrder)
  if (claimed.length) {
    return { action: "push", event_ids: claimed }
  }
  const last = await knex(EVENTS).where(ofOrder).whereNull("deleted_at").max("updated_at as at").first()
  if (!last?.at) {
    return { action: "conflict", message: `No event of order ${order.id} waits: its messages are all recorded.` }
  }
  // Recorded, claimed or tried within the interval (the row's time against this process's clock: at least a second).
  const seconds = Math.max(1, Math.ceil((new Date(last.at).getTime() + PUSH_AGAIN_INTERVAL_MS - Date.now()) / 1000))
  return {
    action: "wait",
    message: `This order's events were recorded or tried less than ${SECONDS} seconds ago: try again in ${seconds} s.`,
    retry_after_s: seconds,
  }
}
