import { createHash } from "node:crypto"
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { isBnplError, type CallOptions, type ShippingInfo } from "../client"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { clientFor } from "./options"
import { buildOrderShippingInfo } from "./order-shipping-info"

/** After this many failed attempts a sync stays `failed` (visible, pushed again by hand). */
export const MAX_SYNC_ATTEMPTS = 12

/** 1, 2, 4, ... minutes, at most 30: twelve attempts span about three and a half hours. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 30) * 60_000
}

/** Stable across key order, so the same information always has the same hash. */
export function hashShippingInfo(info: ShippingInfo): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, stable((v as any)[k])]))
        : v
  return createHash("sha256").update(JSON.stringify(stable(info))).digest("hex")
}

/**
 * Records what must be pushed for an order (or why nothing is): returns the sync record id
 * to push, or null. Orders not paid with the plugin are ignored without a trace.
 */
export async function prepareShippingSync(
  container: MedusaContainer,
  input: { order_id: string; fulfillment_id?: string; trigger: string }
): Promise<string | null> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const options = await bnpl.getOptions()
  const info = await buildOrderShippingInfo(container, input.order_id, options.shippingMethodOverrides)
  if (info.kind === "ignored") {
    return null
  }
  const base = { order_id: input.order_id, fulfillment_id: input.fulfillment_id ?? null, trigger: input.trigger }
  if (info.kind === "skipped") {
    await bnpl.createBnplShippingSyncs({ ...base, payment_id: info.payment_id, status: "skipped", last_error: info.reason })
    return null
  }
  if (!options.shippingSyncEnabled && input.trigger !== "manual") {
    await bnpl.createBnplShippingSyncs({
      ...base,
      payment_id: info.payment_id,
      bnpl_payment_id: info.bnpl_payment_id,
      payload: info.shipping_info as Record<string, unknown>,
      status: "skipped",
      last_error: "automatic shipping sync is turned off (plugin settings or options)",
    })
    return null
  }
  const record = await bnpl.createBnplShippingSyncs({
    ...base,
    payment_id: info.payment_id,
    bnpl_payment_id: info.bnpl_payment_id,
    payload: info.shipping_info as Record<string, unknown>,
    payload_hash: hashShippingInfo(info.shipping_info),
    status: "pending",
    next_attempt_at: new Date(),
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
 * One attempt at pushing a pending sync, under a lock per service payment so two workers
 * never push the same information twice. Never throws for a service problem: the outcome is
 * recorded and a pending sync is retried later by the scheduled job.
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
  return locking.execute(`bnpl-shipping-sync:${first.bnpl_payment_id ?? first.order_id}`, async () => {
    const sync = await bnpl.retrieveBnplShippingSync(syncId)
    const outcome = (s: typeof sync): PushOutcome => ({
      sync_id: s.id,
      status: s.status,
      attempts: s.attempts,
      last_error: s.last_error,
    })
    if (sync.status !== "pending" || !sync.bnpl_payment_id) {
      return outcome(sync)
    }
    // A later sync of the same payment (a newer fulfillment) carries the current information:
    // never push an older payload over it.
    const [newer] = await bnpl.listBnplShippingSyncs(
      {
        bnpl_payment_id: sync.bnpl_payment_id,
        created_at: { $gt: sync.created_at },
        status: ["pending", "synced", "unchanged"],
      },
      { take: 1, select: ["id"] }
    )
    if (newer) {
      return outcome(
        await bnpl.updateBnplShippingSyncs({
          id: sync.id,
          status: "unchanged",
          next_attempt_at: null,
          last_error: `superseded by the newer sync ${newer.id}`,
        })
      )
    }
    // Idempotent: what the service last accepted for this payment is not sent again.
    const [lastAccepted] = await bnpl.listBnplShippingSyncs(
      { bnpl_payment_id: sync.bnpl_payment_id, status: "synced" },
      { order: { synced_at: "DESC" }, take: 1 }
    )
    if (lastAccepted && lastAccepted.payload_hash === sync.payload_hash) {
      return outcome(
        await bnpl.updateBnplShippingSyncs({ id: sync.id, status: "unchanged", next_attempt_at: null, last_error: null })
      )
    }

    const attempts = sync.attempts + 1
    try {
      const client = clientFor(await bnpl.getOptions(), logger)
      await client.updateShippingInfo(sync.bnpl_payment_id, sync.payload as ShippingInfo, call)
      return outcome(
        await bnpl.updateBnplShippingSyncs({
          id: sync.id,
          status: "synced",
          attempts,
          synced_at: new Date(),
          next_attempt_at: null,
          last_error: null,
        })
      )
    } catch (e) {
      const message = (e as Error).message
      // A request the service refuses as invalid will not succeed by waiting.
      const final = attempts >= MAX_SYNC_ATTEMPTS || (isBnplError(e) && e.code === "invalid_request")
      logger.warn(
        `BNPL shipping sync ${sync.id} for order ${sync.order_id} failed (attempt ${attempts}${final ? ", giving up" : ""}): ${message}`
      )
      return {
        ...outcome(
          await bnpl.updateBnplShippingSyncs({
            id: sync.id,
            status: final ? "failed" : "pending",
          attempts,
          last_error: message,
            next_attempt_at: final ? null : new Date(Date.now() + nextAttemptDelayMs(attempts)),
          })
        ),
        error_code: isBnplError(e) ? e.code : undefined,
      }
    }
  }, { timeout: 30, expire: 15 })
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
