import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isBnplError, type BnplClient, type CallOptions } from "../../../client"
import { kindOf, type KindSpec } from "../../../lib/messages/kinds"
import { decideMessage, nextSequence, type MessageRow } from "../../../lib/messages/policy"
import { failedAttempt } from "../../../lib/messages/retry"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { captureStarted, recordStarted } from "./payment-started"
import type { RecordedMessageRow } from "./read-order-messages"

export type PushOutcome = {
  sync_id: string
  kind?: string
  status: string
  attempts: number
  last_error?: string | null
  /** The client's error code of this attempt, when it failed. */
  error_code?: string
}

/** What one attempt has at hand, read once per push under the payment's lock. */
export type Attempt = {
  container: MedusaContainer
  /** The order's messages (kept current as outcomes are written). */
  rows: RecordedMessageRow[]
  /** The service payment's ledger status, and a client of its account. */
  ledgerStatus?: string
  client: () => Promise<{ client: BnplClient; autoCapture: boolean }>
  call: CallOptions
  /** What each kind built at each attempt read with the event, by kind (`built-kinds.ts`). */
  built?: Record<string, unknown>
}

export type Row = RecordedMessageRow & { last_error?: string | null }

export const outcome = (s: {
  id: string
  kind?: string
  status: string
  attempts: number
  last_error?: string | null
}) => ({ sync_id: s.id, kind: s.kind, status: s.status, attempts: s.attempts, last_error: s.last_error }) as PushOutcome

/** Writes one outcome, and keeps the in-memory rows current for the messages after it. */
export async function write(a: Attempt, patch: { id: string } & Record<string, unknown>): Promise<PushOutcome> {
  const updated = await a.container.resolve<BnplModuleService>(BNPL_MODULE).writeMessageOutcome(patch)
  const row = a.rows.find((r) => r.id === patch.id)
  if (row) Object.assign(row, updated)
  return outcome(updated as any)
}

/** A failed attempt: logged, pending with backoff for the retry job, or failed for good. */
export async function recordFailure(
  a: Attempt,
  row: Row,
  fields: Record<string, unknown> & { attempts: number },
  message: string,
  opts: { final?: boolean; invalid?: boolean },
  error_code?: string
): Promise<PushOutcome> {
  const next = failedAttempt(fields.attempts, opts)
  a.container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `BNPL ${row.kind} message ${row.id} for order ${row.order_id} failed (attempt ${fields.attempts}${next.status === "failed" ? ", giving up" : ""}): ${message}`
    )
  const written = await write(a, { ...fields, id: row.id, ...next, last_error: message })
  return { ...written, ...(error_code ? { error_code } : {}) }
}

/** The send through the kind's entry; a failure is recorded (never thrown). */
export async function send(
  a: Attempt,
  spec: KindSpec,
  row: Row,
  payload: unknown,
  fields: Record<string, unknown> & { attempts: number },
  reference?: { merchant_reference: string; service_order_id: string }
): Promise<{ sent?: { service_order_id?: string; problem?: string | null; accepted_at: Date }; failed?: PushOutcome }> {
  // When the service's acceptance arrived (the message's `accepted_at`): not when Medusa finished
  // recording what it started (a capture can take a while on a busy store).
  let acceptedAt: Date | undefined
  try {
    const { client, autoCapture } = await a.client()
    const effects = {
      paymentStarted: async () => {
        acceptedAt = new Date()
        await recordStarted(a.container, row)
        const problem = await captureStarted(a.container, row, autoCapture).catch((e: Error) => e.message)
        if (problem) {
          a.container
            .resolve(ContainerRegistrationKeys.LOGGER)
            .error(
              `BNPL payment of order ${row.order_id} started, but Medusa could not record its capture: capture it from the order (${problem})`
            )
        }
        return problem
      },
    }
    const pid = row.bnpl_payment_id!
    const sent = await spec.send({ client, pid, payload, attached: reference, call: a.call, effects })
    return { sent: { ...sent, accepted_at: acceptedAt ?? new Date() } }
  } catch (e) {
    if (isBnplError(e) && e.code === "not_available") {
      const closed = await write(a, {
        ...fields,
        id: row.id,
        status: "unavailable",
        next_attempt_at: null,
        last_error: e.message,
      })
      return { failed: closed }
    }
    // A request the service refuses as invalid will not succeed by waiting.
    const invalid = isBnplError(e) && e.code === "invalid_request"
    const code = isBnplError(e) ? e.code : undefined
    return { failed: await recordFailure(a, row, fields, (e as Error).message, { invalid }, code) }
  }
}

/** A message that will not be sent (again): its final status and why. */
export const close = (
  a: Attempt,
  id: string,
  status: string,
  reason: string | null,
  extra: Record<string, unknown> = {}
) => write(a, { ...extra, id, status, next_attempt_at: null, last_error: reason })

/**
 * One attempt at a message whose content was fixed when recorded (reference, status, parcel,
 * trigger), decided against the payment's other messages (`decideMessage`): the same content
 * is never sent twice, and status and tracking wait for the attached order.
 */
export async function attemptFixed(a: Attempt, row: Row): Promise<PushOutcome> {
  const spec = kindOf(row.kind)!
  const payment = a.rows.filter((r) => r.bnpl_payment_id === row.bnpl_payment_id) as MessageRow[]
  const decided = decideMessage(row, payment)
  const decision = (decided.action === "push" && spec.gate?.(a.ledgerStatus, row.attempts)) || decided
  const attempts = row.attempts + 1
  switch (decision.action) {
    case "done":
      return outcome(row)
    case "unchanged":
      return close(a, row.id, "unchanged", null)
    case "skip":
      return close(a, row.id, "skipped", decision.reason)
    case "unavailable":
      return close(a, row.id, "unavailable", decision.reason)
    case "fail":
      return recordFailure(a, row, { attempts }, decision.message, { final: decision.final })
  }
  const { sent, failed } = await send(a, spec, row, row.payload, { attempts }, decision.reference)
  if (failed) return failed
  return write(a, {
    id: row.id,
    attempts,
    status: "accepted",
    accepted_at: sent!.accepted_at,
    accepted_sequence: nextSequence(payment, row.kind),
    service_order_id: sent!.service_order_id ?? null,
    next_attempt_at: null,
    last_error: sent!.problem ? `The payment started; Medusa could not record its capture: ${sent!.problem}` : null,
  })
}
