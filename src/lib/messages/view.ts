import type { MessageKind } from "./kinds"

/**
 * What the admin API says of a recorded message (`bnpl_service_message`): its kind as recorded,
 * its status in the words of `GET /admin/bnpl/orders/:id` `messages[]` (docs/after-the-order.md),
 * and whether "Push again" may send it now. The one place these words are decided.
 */

export type MessageStatusWord = "pending" | "accepted" | "failed"

/**
 * Did the service get it? accepted: it has this content (sent now, or it had it already);
 * pending: the job tries again; failed: it does not have it and nothing will retry it (gave
 * up, not sent on purpose, or the account lacks the endpoint: `outcome` and `last_error` say which).
 */
const STATUS_WORDS: Record<string, MessageStatusWord> = {
  pending: "pending",
  accepted: "accepted",
  unchanged: "accepted",
  failed: "failed",
  skipped: "failed",
  unavailable: "failed",
}

export const messageStatusWord = (status: string): MessageStatusWord => STATUS_WORDS[status] ?? "failed"

/** The record's fields the admin view is made of. */
export type RecordedMessage = {
  id: string
  kind: string
  status: string
  trigger: string
  fulfillment_id?: string | null
  attempts: number
  last_error: string | null
  next_attempt_at: Date | string | null
  accepted_at: Date | string | null
  created_at: Date | string
  updated_at?: Date | string | null
  payload: unknown
}

/** A record of what the service was told, as `messages[]` shows it. */
export function messageView(row: RecordedMessage) {
  return {
    id: row.id,
    kind: row.kind as MessageKind, // the record's word is the API's
    status: messageStatusWord(row.status),
    /** The record's own word (sent, unchanged, skipped, unavailable...): why `status` is what it is. */
    outcome: row.status === "accepted" ? "sent" : row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    content: row.payload,
    accepted_at: row.status === "accepted" ? row.accepted_at : null,
    trigger: row.trigger,
    fulfillment_id: row.fulfillment_id ?? null,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    can_push_again: row.status === "pending" || row.status === "failed",
  }
}

/**
 * Shortest time between two attempts at one message that "Push again" may cause: however often
 * it is called (a double click, a script looping 1000 times), a message costs the service at
 * most one request per this interval, and one accepted is never sent again.
 */
export const PUSH_AGAIN_INTERVAL_MS = 5_000

export type PushAgainDecision =
  | { action: "push" }
  /** Nothing to send: 409 with why. */
  | { action: "conflict"; message: string }
  /** Tried moments ago: 429, try again after `retry_after_s`. */
  | { action: "wait"; message: string; retry_after_s: number }

/**
 * Whether "Push again" may attempt a message now: only one the service does not have and that
 * was not left unsent on purpose, and not within `PUSH_AGAIN_INTERVAL_MS` of its last attempt
 * (`updated_at`: recording it and every attempt write the record). The route then claims it atomically (the same
 * rule in SQL), so concurrent calls cannot both pass.
 */
export function decidePushAgain(
  row: Pick<RecordedMessage, "status" | "last_error" | "updated_at">,
  now = Date.now()
): PushAgainDecision {
  if (row.status === "accepted" || row.status === "unchanged") {
    return { action: "conflict", message: "The service has accepted this message already: nothing to send again." }
  }
  if (row.status !== "pending" && row.status !== "failed") {
    return {
      action: "conflict",
      message: `This message was not sent on purpose${row.last_error ? ` (${row.last_error})` : ""}: pushing it again would not change that.`,
    }
  }
  const last = row.updated_at ? new Date(row.updated_at).getTime() : 0
  const wait = last + PUSH_AGAIN_INTERVAL_MS - now
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000)
    return {
      action: "wait",
      message: `This message was recorded or tried less than ${PUSH_AGAIN_INTERVAL_MS / 1000} seconds ago: try again in ${seconds} s.`,
      retry_after_s: seconds,
    }
  }
  return { action: "push" }
}

/** A recorded order event whose messages are not recorded yet (`bnpl_order_event`). */
export type RecordedEvent = {
  id: string
  event: string
  status: string
  attempts: number
  last_error: string | null
  fulfillment_id?: string | null
  next_attempt_at: Date | string | null
  created_at: Date | string
}

/** An order event still waiting, as `events[]` shows it: the retry job handles it again until it is out of attempts. */
export function eventView(row: RecordedEvent) {
  return {
    id: row.id,
    event: row.event,
    status: row.status === "pending" ? ("pending" as const) : ("failed" as const),
    attempts: row.attempts,
    last_error: row.last_error,
    fulfillment_id: row.fulfillment_id ?? null,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
  }
}
