import { decidePushAgain, PUSH_AGAIN_INTERVAL_MS, type PushAgainDecision } from "../../lib/messages/view"

/**
 * "Push again" for one recorded message (`bnpl_service_message`), claimed in one conditional
 * UPDATE: of any number of concurrent calls, at most one per `PUSH_AGAIN_INTERVAL_MS` gets to
 * attempt the message (the row lock serialises the UPDATEs; the later ones see the fresh
 * `updated_at` and claim nothing). The attempt itself then runs under the payment's lock, where
 * the same content is never sent twice. Only a refused claim reads the row, to say why.
 */

export type Knex = any

const TABLE = "bnpl_service_message"

export type MessagePushClaim = { found: false } | { found: true; decision: PushAgainDecision }

export async function claimMessagePush(knex: Knex, orderId: string, messageId: string): Promise<MessagePushClaim> {
  const seconds = PUSH_AGAIN_INTERVAL_MS / 1000
  // `decidePushAgain`'s rule, in SQL. Pending again (a message that had failed gets one more
  // attempt); due soon for the retry job, in case this process dies before its attempt.
  const [claimed] = await knex(TABLE)
    .where({ id: messageId, order_id: orderId })
    .whereNull("deleted_at")
    .whereIn("status", ["pending", "failed"])
    .whereRaw(`updated_at <= now() - make_interval(secs => ?)`, [seconds])
    .update(
      {
        status: "pending",
        updated_at: knex.raw("now()"),
        next_attempt_at: knex.raw(`now() + make_interval(secs => ?)`, [seconds * 6]),
      },
      ["id"]
    )
  if (claimed) {
    return { found: true, decision: { action: "push" } }
  }
  const row = await knex(TABLE)
    .where({ id: messageId, order_id: orderId })
    .whereNull("deleted_at")
    .first("status", "last_error", "updated_at")
  if (!row) {
    return { found: false }
  }
  const refused = decidePushAgain(row)
  return {
    found: true,
    // Claimed by another call between its UPDATE and this read (or the clocks differ): wait.
    decision:
      refused.action === "push"
        ? {
            action: "wait",
            message: "A push of this message is under way: try again in a moment.",
            retry_after_s: seconds,
          }
        : refused,
  }
}
