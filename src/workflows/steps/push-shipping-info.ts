import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isBnplError, type CallOptions, type ShippingInfo } from "../../client"
import {
  decideSync,
  failedAttempt,
  hashShippingInfo,
  lastAccepted,
  mayBeSuperseded,
  type BuiltShippingInfo,
} from "../../lib/shipping/sync-policy"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { recordedMode } from "../../modules/bnpl/ledger"
import { clientFor } from "../../client"
import { acceptedSyncsOf, lastAcceptedFor, readOrderShipping } from "../shipping/read"
import type { ReadOrderShippingOutput } from "./read-order-shipping"

export type PushShippingInfoInput = { sync_id: string | null; read?: ReadOrderShippingOutput; call?: CallOptions }

export type PushOutcome = {
  sync_id: string
  status: string
  attempts: number
  last_error?: string | null
  /** The client's error code of this attempt, when it failed. */
  error_code?: string
}

type Sync = Awaited<ReturnType<BnplModuleService["retrieveBnplShippingSync"]>>
type Ready = Extract<BuiltShippingInfo, { kind: "ready" }>

/** What a push step answers for a record, whatever its kind (shipping information, order messages). */
export const outcome = (s: Sync): PushOutcome => ({
  sync_id: s.id,
  status: s.status,
  attempts: s.attempts,
  last_error: s.last_error,
})

/**
 * One attempt at a pending sync, under the payment's lock (taken by the workflow) so two
 * workers never push the same information twice: skip it if the service already accepted the
 * same, else push it (`POST /v1/payment/<id>`; the client retries with backoff within the
 * attempt). Never throws for a service or build problem: the outcome is recorded, and a still
 * failing push stays pending for the retry job.
 */
export const pushShippingInfoStep = createStep(
  "bnpl-push-shipping-info",
  async (input: PushShippingInfoInput, { container }) => {
    if (!input.sync_id || !input.read) {
      return new StepResponse(null)
    }
    return new StepResponse(await attemptSync(container, input.sync_id, input.read, input.call))
  }
  // No compensation: an accepted push cannot be taken back from the service, and every other
  // outcome is the sync's own record (what the retry job and the merchant read).
)

async function attemptSync(
  container: MedusaContainer,
  syncId: string,
  read: ReadOrderShippingOutput,
  call: CallOptions = {}
) {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const sync = await bnpl.retrieveBnplShippingSync(syncId)
  if (sync.status !== "pending") {
    return outcome(sync)
  }
  let info = read.info
  let accepted = await acceptedSyncsOf(container, sync.order_id)
  if (info.kind === "ready" && mayBeSuperseded(read.accepted_mark, lastAccepted(accepted)?.id)) {
    // Another push was accepted since the order was read: read it again, under the lock.
    info = (await readOrderShipping(container, sync.order_id, (await bnpl.getOptions()).shippingMethodOverrides)).info
    accepted = await acceptedSyncsOf(container, sync.order_id)
  }
  const last = info.kind === "ready" ? lastAcceptedFor(accepted, info.bnpl_payment_id) : undefined
  const decision = decideSync({ sync, info, syncEnabled: read.sync_enabled, lastAcceptedHash: last?.payload_hash })
  const attempts = sync.attempts + 1
  const built = info.kind === "ready" ? builtFields(sync.id, info) : { id: sync.id }
  switch (decision.action) {
    case "done":
      return outcome(sync)
    case "ignore":
      await bnpl.deleteBnplShippingSyncs(sync.id)
      return { sync_id: sync.id, status: "ignored", attempts: sync.attempts }
    case "fail":
      return recordFailure(bnpl, logger, sync, { ...built, attempts }, decision.message, { final: decision.final })
    case "skip":
      return outcome(
        await bnpl.updateBnplShippingSyncs({
          ...built,
          ...(info.kind === "skipped" ? { payment_id: info.payment_id } : {}),
          status: "skipped",
          last_error: decision.reason,
          next_attempt_at: null,
        })
      )
    case "unchanged":
      return outcome(
        await bnpl.updateBnplShippingSyncs({ ...built, status: "unchanged", next_attempt_at: null, last_error: null })
      )
    case "push":
      return push(container, sync, info as Ready, { attempts, sequence: (last?.accepted_sequence ?? 0) + 1, call })
  }
}

const builtFields = (id: string, info: Ready) => ({
  id,
  payment_id: info.payment_id,
  bnpl_payment_id: info.bnpl_payment_id,
  payload: info.shipping_info as Record<string, unknown>,
  payload_hash: hashShippingInfo(info.shipping_info),
})

/** The HTTP call, then its one outcome written to the sync. */
async function push(
  container: MedusaContainer,
  sync: Sync,
  info: Ready,
  attempt: { attempts: number; sequence: number; call: CallOptions }
): Promise<PushOutcome> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const built = { ...builtFields(sync.id, info), attempts: attempt.attempts }
  try {
    await sendShippingInfo(container, info.bnpl_payment_id, info.shipping_info, attempt.call)
  } catch (e) {
    // A request the service refuses as invalid will not succeed by waiting.
    const invalid = isBnplError(e) && e.code === "invalid_request"
    return recordFailure(
      bnpl,
      logger,
      sync,
      built,
      (e as Error).message,
      { invalid },
      isBnplError(e) ? e.code : undefined
    )
  }
  if (info.warning) {
    logger.warn(`BNPL shipping sync ${sync.id} for order ${sync.order_id}: ${info.warning}`)
  }
  return outcome(
    await bnpl.updateBnplShippingSyncs({
      ...built,
      status: "synced",
      synced_at: new Date(),
      accepted_sequence: attempt.sequence,
      next_attempt_at: null,
      last_error: info.warning ?? null,
    })
  )
}

/** Through the account of the payment's own mode, also after the store switched modes. */
async function sendShippingInfo(
  container: MedusaContainer,
  bnplPaymentId: string,
  info: ShippingInfo,
  call: CallOptions
) {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const client = clientFor(await bnpl.getOptions(await recordedMode(knex, bnplPaymentId)), container.resolve("logger"))
  await client.updateShippingInfo(bnplPaymentId, info, call)
}

/** A failed attempt: logged, pending with backoff for the retry job, or failed for good. */
async function recordFailure(
  bnpl: BnplModuleService,
  logger: Logger,
  sync: Sync,
  fields: { id: string; attempts: number } & Record<string, unknown>,
  message: string,
  opts: { final?: boolean; invalid?: boolean },
  error_code?: string
): Promise<PushOutcome> {
  const next = failedAttempt(fields.attempts, opts)
  logger.warn(
    `BNPL shipping sync ${sync.id} for order ${sync.order_id} failed (attempt ${fields.attempts}${next.status === "failed" ? ", giving up" : ""}): ${message}`
  )
  const updated = await bnpl.updateBnplShippingSyncs({ ...fields, ...next, last_error: message })
  return { ...outcome(updated), ...(error_code ? { error_code } : {}) }
}
