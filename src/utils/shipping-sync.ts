import { createHash } from "node:crypto"
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { isBnplError, type CallOptions, type ShippingInfo } from "../client"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { clientFor } from "./options"
import { recordedMode } from "../modules/bnpl/ledger"
import { buildOrderShippingInfo } from "./order-shipping-info"
import { orderWithBnplPayment } from "../workflows/payment/order-payment"

/** After this many failed attempts a sync stays `failed` (visible, pushed again by hand). */
export const MAX_SYNC_ATTEMPTS = 12

/** 1, 2, 4, ... minutes, at most 30: twelve attempts span about three and a half hours. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 30) * 60_000
}

/**
 * Stable across key order and the order of arrays (the options are a set: listing them in
 * another order is the same information), so the same information always has the same hash.
 */
export function hashShippingInfo(info: ShippingInfo): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v
          .map(stable)
          .map((item) => JSON.stringify(item))
          .sort()
          .map((json) => JSON.parse(json))
      : v && typeof v === "object"
        ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, stable((v as any)[k])]))
        : v
  return createHash("sha256").update(JSON.stringify(stable(info))).digest("hex")
}

/** First attempt of a recorded sync when the push that follows it did not happen (a crash). */
const UNPUSHED_RETRY_AFTER_MS = 60_000

/**
 * Records that an order's shipping information must be pushed, before anything else can
 * fail: the row exists first, and the information is built and pushed by `pushShippingSync`
 * (now, then by the retry job). Returns the sync id, or null for an order not paid with the
 * plugin (ignored without a trace). When that check itself fails, the row is written anyway:
 * the push decides later.
 */
export async function prepareShippingSync(
  container: MedusaContainer,
  input: { order_id: string; fulfillment_id?: string; trigger: string }
): Promise<string | null> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  try {
    const { payment } = await orderWithBnplPayment(container, input.order_id)
    if (!payment) {
      return null
    }
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL shipping sync for order ${input.order_id}: payment not read, recorded to check again: ${(e as Error).message}`)
  }
  const record = await bnpl.createBnplShippingSyncs({
    order_id: input.order_id,
    fulfillment_id: input.fulfillment_id ?? null,
    trigger: input.trigger,
    status: "pending",
    next_attempt_at: new Date(Date.now() + UNPUSHED_RETRY_AFTER_MS),
  })
  return record.id
}

export type PushOutcome = {
  sync_id: string
  status: string
  attempts: number
  last_error?: string | null
  /** The client's error code of this attempt, when it failed. */
  error_code?: string
}

/**
 * One attempt at a pending sync, under a lock per order so two workers never push the same
 * information twice: build the order's shipping information as it is now, skip it if the
 * service already accepted the same, else push it. Never throws for a service or build
 * problem: the outcome is recorded and a pending sync is retried later by the scheduled job.
 * Building at push time means a late or retried sync always carries the current information:
 * no older payload can overwrite a newer one, whatever the servers' clocks say.
 */
export async function pushShippingSync(
  container: MedusaContainer,
  syncId: string,
  call: CallOptions = {}
): Promise<PushOutcome> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const first = await bnpl.retrieveBnplShippingSync(syncId)

  // `expire`: a lock left by a process that died mid-push frees after 15 s instead of 60 (the
  // redis provider renews it while the push runs; in-memory and postgres providers ignore it).
  return locking.execute(`bnpl-shipping-sync:${first.order_id}`, async () => {
    const sync = await bnpl.retrieveBnplShippingSync(syncId)
    const outcome = (s: typeof sync): PushOutcome => ({
      sync_id: s.id,
      status: s.status,
      attempts: s.attempts,
      last_error: s.last_error,
    })
    if (sync.status !== "pending") {
      return outcome(sync)
    }
    const attempts = sync.attempts + 1
    const failed = async (message: string, final: boolean, error_code?: string): Promise<PushOutcome> => {
      logger.warn(
        `BNPL shipping sync ${sync.id} for order ${sync.order_id} failed (attempt ${attempts}${final ? ", giving up" : ""}): ${message}`
      )
      const updated = await bnpl.updateBnplShippingSyncs({
        id: sync.id,
        status: final ? "failed" : "pending",
        attempts,
        last_error: message,
        next_attempt_at: final ? null : new Date(Date.now() + nextAttemptDelayMs(attempts)),
      })
      return { ...outcome(updated), ...(error_code ? { error_code } : {}) }
    }

    let info: Awaited<ReturnType<typeof buildOrderShippingInfo>>
    let options: Awaited<ReturnType<BnplModuleService["getOptions"]>>
    try {
      options = await bnpl.getOptions()
      info = await buildOrderShippingInfo(container, sync.order_id, options.shippingMethodOverrides)
    } catch (e) {
      return failed(`shipping information not built: ${(e as Error).message}`, attempts >= MAX_SYNC_ATTEMPTS)
    }
    if (info.kind === "ignored") {
      // Recorded while the order could not be read, and not paid with the plugin after all.
      await bnpl.deleteBnplShippingSyncs(sync.id)
      return { sync_id: sync.id, status: "ignored", attempts: sync.attempts }
    }
    if (info.kind === "skipped") {
      return outcome(
        await bnpl.updateBnplShippingSyncs({
          id: sync.id,
          payment_id: info.payment_id,
          status: "skipped",
          last_error: info.reason,
          next_attempt_at: null,
        })
      )
    }
    const built = {
      id: sync.id,
      payment_id: info.payment_id,
      bnpl_payment_id: info.bnpl_payment_id,
      payload: info.shipping_info as Record<string, unknown>,
      payload_hash: hashShippingInfo(info.shipping_info),
    }
    if (!options.shippingSyncEnabled && sync.trigger !== "manual") {
      return outcome(
        await bnpl.updateBnplShippingSyncs({
          ...built,
          status: "skipped",
          next_attempt_at: null,
          last_error: "automatic shipping sync is turned off (plugin settings or options)",
        })
      )
    }
    // Idempotent: what the service last accepted for this payment is not sent again.
    const lastAccepted = await lastAcceptedSync(bnpl, info.bnpl_payment_id)
    if (lastAccepted && lastAccepted.payload_hash === built.payload_hash) {
      return outcome(
        await bnpl.updateBnplShippingSyncs({ ...built, status: "unchanged", next_attempt_at: null, last_error: null })
      )
    }

    try {
      // The account of the payment's own mode, also after the store switched modes.
      const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const client = clientFor(await bnpl.getOptions(await recordedMode(knex, info.bnpl_payment_id)), logger)
      await client.updateShippingInfo(info.bnpl_payment_id, info.shipping_info, call)
    } catch (e) {
      await bnpl.updateBnplShippingSyncs(built)
      // A request the service refuses as invalid will not succeed by waiting.
      const final = attempts >= MAX_SYNC_ATTEMPTS || (isBnplError(e) && e.code === "invalid_request")
      return failed((e as Error).message, final, isBnplError(e) ? e.code : undefined)
    }
    if (info.warning) {
      logger.warn(`BNPL shipping sync ${sync.id} for order ${sync.order_id}: ${info.warning}`)
    }
    return outcome(
      await bnpl.updateBnplShippingSyncs({
        ...built,
        status: "synced",
        attempts,
        synced_at: new Date(),
        accepted_sequence: (lastAccepted?.accepted_sequence ?? 0) + 1,
        next_attempt_at: null,
        last_error: info.warning ?? null,
      })
    )
  }, { timeout: 30, expire: 15 })
}

/**
 * What the service last accepted for a payment: the highest `accepted_sequence` (numbered
 * under the lock), else, for syncs recorded before it existed, the latest `synced_at`. One
 * query: a payment has a handful of accepted syncs.
 */
async function lastAcceptedSync(bnpl: BnplModuleService, bnplPaymentId: string) {
  const accepted = await bnpl.listBnplShippingSyncs(
    { bnpl_payment_id: bnplPaymentId, status: "synced" },
    { select: ["id", "payload_hash", "accepted_sequence", "synced_at"] }
  )
  const rank = (s: (typeof accepted)[number]) => [s.accepted_sequence ?? 0, new Date(s.synced_at ?? 0).getTime()]
  return accepted.reduce<(typeof accepted)[number] | undefined>((best, s) => {
    if (!best) return s
    const [a, b] = [rank(s), rank(best)]
    return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) ? s : best
  }, undefined)
}

/** Pending syncs whose next attempt is due (for the scheduled retry job). */
export async function dueShippingSyncs(container: MedusaContainer, limit = 100): Promise<string[]> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const due = await bnpl.listBnplShippingSyncs(
    { status: "pending", next_attempt_at: { $lte: new Date() } },
    { order: { next_attempt_at: "ASC" }, take: limit, select: ["id"] }
  )
  return due.map((s) => s.id)
}
