import { MAX_MESSAGE_ATTEMPTS } from "./retry"
import { KINDS, kindOf, type AttachedOrder, type MessageKind } from "./kinds"

export type { AttachedOrder } from "./kinds"

/** What the push knows of one recorded message (and of the other messages of its order). */
export type MessageRow = {
  id: string
  kind: MessageKind
  status: string
  attempts: number
  bnpl_payment_id?: string | null
  payload_hash?: string | null
  accepted_sequence?: number | null
  service_order_id?: string | null
  created_at?: Date | string | null
  payload?: unknown
}

export type MessageDecision =
  /** Decided by another attempt already: nothing to do. */
  | { action: "done" }
  /** The service already has this content. */
  | { action: "unchanged" }
  | { action: "skip"; reason: string }
  /** The account lacks the endpoint: recorded as such, never retried. */
  | { action: "unavailable"; reason: string }
  /** Not sendable yet (the order is not attached): retried with backoff like a failure. */
  | { action: "fail"; message: string; final: boolean }
  | { action: "push"; reference?: AttachedOrder }

/**
 * Kinds whose content is a set (each parcel once; the trigger once per payment), not a state
 * replaced by the next: recorded and sent once per content.
 */
export const ONCE_KINDS: MessageKind[] = KINDS.filter((k) => k.oncePerContent).map((k) => k.kind)

const time = (row: MessageRow) => new Date(row.created_at ?? 0).getTime()

/**
 * An accepted message of the same kind that this one must not replace: one ranked higher for a
 * kind with ranks (a status never goes back, whatever order its events were handled in), else
 * one recorded later.
 */
function overtakenBy(row: MessageRow, same: MessageRow[]): MessageRow | undefined {
  const accepted = same.filter((r) => r.status === "accepted")
  const rank = kindOf(row.kind)?.rank
  return rank ? accepted.find((r) => rank(r.payload) > rank(row.payload)) : accepted.find((r) => time(r) > time(row))
}

/** The accepted row of a kind with the highest sequence (numbered under the payment's lock). */
export function lastAcceptedOf(rows: MessageRow[], kind: MessageKind): MessageRow | undefined {
  return rows
    .filter((r) => r.kind === kind && r.status === "accepted")
    .reduce<MessageRow | undefined>(
      (best, r) => (!best || (r.accepted_sequence ?? 0) > (best.accepted_sequence ?? 0) ? r : best),
      undefined
    )
}

/**
 * What one attempt at a recorded message does, given the payment's messages read under its lock.
 * Pure: the push step reads, decides here, then writes the one outcome. The same content is
 * never sent twice: a parcel already accepted is `unchanged`; a status or reference equal to
 * the last accepted one is `unchanged`; a reference overtaken by a newer accepted one is
 * skipped, and a status behind the accepted one (its kind's `rank`) too: a late retry, or a
 * shipment handled after its delivery, never puts `shipped` back over `delivered`. For the
 * kinds whose content is fixed when recorded (`shipping_info` has `decideShippingInfo`).
 */
export function decideMessage(row: MessageRow, payment: MessageRow[]): MessageDecision {
  if (row.status !== "pending") return { action: "done" }
  if (!row.bnpl_payment_id) return { action: "skip", reason: "the payment has no service payment id" }
  const same = payment.filter((r) => r.kind === row.kind && r.id !== row.id)
  if (ONCE_KINDS.includes(row.kind)) {
    if (same.some((r) => r.status === "accepted" && r.payload_hash === row.payload_hash)) return { action: "unchanged" }
  } else {
    if (overtakenBy(row, same)) {
      return { action: "skip", reason: `a later ${row.kind} was accepted` }
    }
    if (lastAcceptedOf(same, row.kind)?.payload_hash === row.payload_hash) return { action: "unchanged" }
  }
  // The reference itself, and the trigger (it starts the payment), need no attached order.
  if (!kindOf(row.kind)?.needsAttachedOrder) return { action: "push" }
  // Status and tracking name the attached order: the reference must be accepted first.
  const reference = lastAcceptedOf(payment, "order")
  if (reference) {
    return {
      action: "push",
      reference: {
        merchant_reference: String((reference.payload as { merchant_reference?: string } | null)?.merchant_reference),
        service_order_id: reference.service_order_id ?? "",
      },
    }
  }
  const references = payment.filter((r) => r.kind === "order")
  if (references.some((r) => r.status === "unavailable")) {
    return {
      action: "unavailable",
      reason: "the service account cannot attach orders, so it has nothing to attach this to",
    }
  }
  if (references.length && references.every((r) => r.status === "failed")) {
    return { action: "fail", message: "the order could not be attached to the payment", final: true }
  }
  return {
    action: "fail",
    message: "waiting for the order to be attached to the payment",
    final: row.attempts + 1 >= MAX_MESSAGE_ATTEMPTS,
  }
}

/** The sequence of an accepted message: one more than the last accepted of its kind for the payment. */
export const nextSequence = (payment: MessageRow[], kind: MessageKind) =>
  (lastAcceptedOf(payment, kind)?.accepted_sequence ?? 0) + 1

export type AcceptedSync = {
  id: string
  payload_hash?: string | null
  accepted_sequence?: number | null
  accepted_at?: Date | string | null
}

/**
 * What the service last accepted for a payment: the highest `accepted_sequence` (numbered
 * under the lock), else, for rows recorded before it existed, the latest `accepted_at`.
 */
export function lastAccepted<T extends AcceptedSync>(accepted: T[]): T | undefined {
  const rank = (s: T) => [s.accepted_sequence ?? 0, new Date(s.accepted_at ?? 0).getTime()]
  return accepted.reduce<T | undefined>((best, s) => {
    if (!best) return s
    const [a, b] = [rank(s), rank(best)]
    return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) ? s : best
  }, undefined)
}

/**
 * Whether information read before the lock may be older than what the service accepted since:
 * another message of the kind for the payment was accepted after the read (`readMark` is the last accepted
 * one's id then). It is then read again under the lock, so an older payload never overwrites
 * a newer one, whatever the servers' clocks say (only the order of acceptance counts).
 */
export function mayBeSuperseded(
  readMark: string | null | undefined,
  lastAcceptedId: string | null | undefined
): boolean {
  return readMark !== undefined && (readMark ?? null) !== (lastAcceptedId ?? null)
}
