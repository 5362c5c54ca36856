import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isBnplError, type BnplClient, type CallOptions } from "../../../client"
import { kindOf, type KindSpec } from "../../../lib/messages/kinds"
import {
  decideMessage,
  lastAccepted,
  mayBeSuperseded,
  nextSequence,
  type MessageRow,
} from "../../../lib/messages/policy"
import { failedAttempt } from "../../../lib/messages/retry"
import { decideShippingInfo, hashShippingInfo, type BuiltShippingInfo } from "../../../lib/messages/kinds/shipping-info"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { captureStarted, recordStarted } from "./payment-started"
import { readOrderShipping } from "../../shipping/utils/read-order-shipping"
import type { RecordedMessageRow } from "./read-order-messages"

/** The shipping information read with the order, and what the push needs to trust it. */
export type ShippingRead = {
  info: BuiltShippingInfo
  /** The last accepted `shipping_info` before the order was read (see `mayBeSuperseded`). */
  accepted_mark: string | null
  sync_enabled: boolean
}

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
  shipping?: ShippingRead
}

type Row = RecordedMessageRow & { last_error?: string | null }

export const outcome = (s: {
  id: string
  kind?: string
  status: string
  attempts: number
  last_error?: string | null
}) => ({ sync_id: s.id, kind: s.kind, status: s.status, attempts: s.attempts, last_error: s.last_error }) as PushOutcome

/** Writes one outcome, and keeps the in-memory rows current for the messages after it. */
async function write(a: Attempt, patch: { id: string } & Record<string, unknown>): Promise<PushOutcome> {
  const updated = await a.container.resolve<BnplModuleService>(BNPL_MODULE).writeMessageOutcome(patch)
  const row = a.rows.find((r) => r.id === patch.id)
  if (row) Object.assign(row, updated)
  return outcome(updated as any)
}

/** A failed attempt: logged, pending with backoff for the retry job, or failed for good. */
async function recordFailure(
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
async function send(
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
const close = (a: Attempt, id: string, status: string, reason: string | null, extra: Record<string, unknown> = {}) =>
  write(a, { ...extra, id, status, next_attempt_at: null, last_error: reason })

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

/**
 * One attempt at the order's shipping information, as it is now: read with the event (re-read
 * under the lock if another push was accepted since), sent only when it differs from what the
 * service last accepted for the payment (`decideShippingInfo`).
 */
export async function attemptShippingInfo(a: Attempt, row: Row): Promise<PushOutcome> {
  if (row.status !== "pending") return outcome(row)
  const bnpl = a.container.resolve<BnplModuleService>(BNPL_MODULE)
  const accepted = () => a.rows.filter((r) => r.kind === "shipping_info" && r.status === "accepted")
  let info: BuiltShippingInfo = a.shipping?.info ?? { kind: "unbuilt", error: "the order was not read" }
  if (
    !a.shipping ||
    (info.kind === "ready" && mayBeSuperseded(a.shipping.accepted_mark, lastAccepted(accepted())?.id))
  ) {
    // Another push was accepted since the order was read: read it again, under the lock.
    info = (await readOrderShipping(a.container, row.order_id, (await bnpl.getOptions()).shippingMethodOverrides)).info
  }
  const ready = info.kind === "ready" ? info : undefined
  const last = ready ? lastAccepted(accepted().filter((r) => r.bnpl_payment_id === ready.bnpl_payment_id)) : undefined
  const syncEnabled = a.shipping?.sync_enabled ?? (await bnpl.getOptions()).shippingSyncEnabled
  const decision = decideShippingInfo({ sync: row, info, syncEnabled, lastAcceptedHash: last?.payload_hash })
  const attempts = row.attempts + 1
  const built = ready
    ? {
        payment_id: ready.payment_id,
        bnpl_payment_id: ready.bnpl_payment_id,
        payload: ready.shipping_info as Record<string, unknown>,
        payload_hash: hashShippingInfo(ready.shipping_info),
      }
    : {}
  switch (decision.action) {
    case "done":
      return outcome(row)
    case "ignore":
      await bnpl.deleteBnplServiceMessages(row.id)
      return { sync_id: row.id, kind: row.kind, status: "ignored", attempts: row.attempts }
    case "fail":
      return recordFailure(a, row, { ...built, attempts }, decision.message, { final: decision.final })
    case "skip":
      return close(a, row.id, "skipped", decision.reason, {
        ...built,
        ...(info.kind === "skipped" ? { payment_id: info.payment_id } : {}),
      })
    case "unchanged":
      return close(a, row.id, "unchanged", null, built)
  }
  const pushed = { ...row, bnpl_payment_id: ready!.bnpl_payment_id }
  const { sent, failed } = await send(a, kindOf("shipping_info")!, pushed, ready!.shipping_info, { ...built, attempts })
  if (failed) return failed
  if (ready!.warning) {
    a.container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL shipping sync ${row.id} for order ${row.order_id}: ${ready!.warning}`)
  }
  return write(a, {
    ...built,
    id: row.id,
    attempts,
    status: "accepted",
    accepted_at: sent!.accepted_at,
    accepted_sequence: (last?.accepted_sequence ?? 0) + 1,
    next_attempt_at: null,
    last_error: ready!.warning ?? null,
  })
}
