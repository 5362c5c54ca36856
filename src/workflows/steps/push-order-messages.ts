import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientFor, isBnplError, type BnplClient, type CallOptions } from "../../client"
import { decideMessage, nextSequence, triggerAllowed, type MessageRow } from "../../lib/messages/policy"
import { failedAttempt } from "../../lib/shipping/sync-policy"
import { BNPL_MODULE } from "../../modules/bnpl"
import { findPayment } from "../../modules/bnpl/ledger"
import type BnplModuleService from "../../modules/bnpl/service"
import { orderMessagesOf } from "../messages/read"
import { recordTriggered } from "../payment/triggered"
import { modeOf } from "../../lib/mode"
import { outcome, type PushOutcome } from "./push-shipping-info"

type Row = Awaited<ReturnType<BnplModuleService["retrieveBnplShippingSync"]>>

export type PushOrderMessagesInput = { message_ids: string[]; call?: CallOptions }

/**
 * One attempt at each recorded message, in order (the reference before what needs it), under
 * the payment's lock (taken by the workflow) so two workers never send the same content twice.
 * Never throws for a service problem: each outcome is recorded, a failing message stays
 * pending for the retry job, and one the account cannot take is `unavailable`.
 */
export const pushOrderMessagesStep = createStep(
  "bnpl-push-order-messages",
  async (input: PushOrderMessagesInput, { container }) => {
    const outcomes: PushOutcome[] = []
    for (const id of input.message_ids) {
      const result = await attemptMessage(container, id, input.call ?? {})
      outcomes.push(result)
      if (result.error_code === "unavailable") {
        break // the service is down: the others wait for the retry job rather than time out in turn
      }
    }
    return new StepResponse(outcomes)
  }
  // No compensation: an accepted message cannot be taken back, every other outcome is its record.
)

/** A message that will not be sent (again): its final status and why, nothing left to retry. */
async function close(
  bnpl: BnplModuleService,
  id: string,
  status: "unchanged" | "skipped" | "unavailable",
  reason: string | null,
  extra: { attempts?: number } = {}
): Promise<PushOutcome> {
  return outcome(
    await bnpl.updateBnplShippingSyncs({ id, ...extra, status, next_attempt_at: null, last_error: reason })
  )
}

async function attemptMessage(container: MedusaContainer, id: string, call: CallOptions): Promise<PushOutcome> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const row = await bnpl.retrieveBnplShippingSync(id)
  if (row.status !== "pending") {
    return outcome(row)
  }
  const payment = ((await orderMessagesOf(container, row.order_id)) as MessageRow[]).filter(
    (r) => r.bnpl_payment_id === row.bnpl_payment_id
  )
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const ledger = row.bnpl_payment_id ? await findPayment(knex, row.bnpl_payment_id) : undefined
  const decided = decideMessage(row as MessageRow, payment)
  const decision =
    (decided.action === "push" && row.kind === "trigger" && triggerAllowed(ledger?.status, row.attempts)) || decided
  const attempts = row.attempts + 1
  switch (decision.action) {
    case "done":
      return outcome(row)
    case "unchanged":
      return close(bnpl, id, "unchanged", null)
    case "skip":
      return close(bnpl, id, "skipped", decision.reason)
    case "unavailable":
      return close(bnpl, id, "unavailable", decision.reason)
    case "fail":
      return recordFailure(container, row, attempts, decision.message, { final: decision.final })
  }
  let serviceOrderId: string | undefined
  // The service started the payment but Medusa could not record its capture: the message is
  // accepted all the same (sending it again would not change what the service did).
  let captureProblem: string | null = null
  try {
    const options = await bnpl.getOptions(modeOf(ledger))
    serviceOrderId = await send(clientFor(options, container.resolve("logger")), row, decision.reference, call)
    if (row.kind === "trigger") {
      captureProblem = await recordTriggered(container, row, options.autoCapture)
      if (captureProblem) {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .error(
            `BNPL payment of order ${row.order_id} started, but Medusa could not record its capture: capture it from the order (${captureProblem})`
          )
      }
    }
  } catch (e) {
    if (isBnplError(e) && e.code === "not_available") {
      return close(bnpl, id, "unavailable", e.message, { attempts })
    }
    // A request the service refuses as invalid will not succeed by waiting.
    const invalid = isBnplError(e) && e.code === "invalid_request"
    return recordFailure(
      container,
      row,
      attempts,
      (e as Error).message,
      { invalid },
      isBnplError(e) ? e.code : undefined
    )
  }
  return outcome(
    await bnpl.updateBnplShippingSyncs({
      id,
      attempts,
      status: "synced",
      synced_at: new Date(),
      accepted_sequence: nextSequence(payment, row.kind as MessageRow["kind"]),
      service_order_id: serviceOrderId ?? null,
      next_attempt_at: null,
      last_error: captureProblem && `The payment started; Medusa could not record its capture: ${captureProblem}`,
    })
  )
}

/** The endpoint of each kind; answers the service's order id for an attached order. */
async function send(
  client: BnplClient,
  row: Row,
  reference: { merchant_reference: string; service_order_id: string } | undefined,
  call: CallOptions
) {
  const pid = row.bnpl_payment_id!
  const payload = row.payload as any
  switch (row.kind) {
    case "order_reference":
      return (await client.attachOrder(pid, payload, call)).id
    case "order_status":
      await client.setOrderStatus(pid, reference!.merchant_reference, payload, call)
      return undefined
    case "tracking":
      await client.addTracking(pid, reference!.service_order_id, payload, call)
      return undefined
    case "trigger":
      await client.triggerPayment(pid, call)
      return undefined
    default:
      throw new Error(`BNPL message ${row.id}: kind ${row.kind} is not sent by this step`)
  }
}

/** A failed attempt: logged, pending with backoff for the retry job, or failed for good. */
async function recordFailure(
  container: MedusaContainer,
  row: Row,
  attempts: number,
  message: string,
  opts: { final?: boolean; invalid?: boolean },
  error_code?: string
): Promise<PushOutcome> {
  const next = failedAttempt(attempts, opts)
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `BNPL ${row.kind} message ${row.id} for order ${row.order_id} failed (attempt ${attempts}${next.status === "failed" ? ", giving up" : ""}): ${message}`
    )
  const updated = await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .updateBnplShippingSyncs({ id: row.id, ...next, last_error: message })
  return { ...outcome(updated), ...(error_code ? { error_code } : {}) }
}
