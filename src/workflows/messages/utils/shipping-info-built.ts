import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  decideShippingInfo,
  hashShippingInfo,
  shippingInfoKind,
  type BuiltShippingInfo,
} from "../../../lib/messages/kinds/shipping-info"
import { lastAccepted, mayBeSuperseded } from "../../../lib/messages/policy"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { readOrderShipping, shippingInfoOf } from "../../shipping/utils/read-order-shipping"
import { close, outcome, recordFailure, send, write, type Attempt, type PushOutcome, type Row } from "./attempt"
import type { BuiltKind } from "./built-kind"

const KIND = shippingInfoKind.kind

/** The shipping information read with the order, and what the push needs to trust it. */
export type ShippingRead = {
  info: BuiltShippingInfo
  /** The last accepted `shipping_info` before the order was read (see `mayBeSuperseded`). */
  accepted_mark: string | null
  sync_enabled: boolean
}

const readyOf = (read: ShippingRead | undefined) => (read?.info.kind === "ready" ? read.info : undefined)

/**
 * One attempt at the order's shipping information, as it is now: read with the event (re-read
 * under the lock if another push was accepted since), sent only when it differs from what the
 * service last accepted for the payment (`decideShippingInfo`).
 */
async function attemptShippingInfo(a: Attempt, row: Row): Promise<PushOutcome> {
  if (row.status !== "pending") return outcome(row)
  const shipping = a.built?.[KIND] as ShippingRead | undefined
  const bnpl = a.container.resolve<BnplModuleService>(BNPL_MODULE)
  const accepted = () => a.rows.filter((r) => r.kind === KIND && r.status === "accepted")
  let info: BuiltShippingInfo = shipping?.info ?? { kind: "unbuilt", error: "the order was not read" }
  if (!shipping || (info.kind === "ready" && mayBeSuperseded(shipping.accepted_mark, lastAccepted(accepted())?.id))) {
    // Another push was accepted since the order was read: read it again, under the lock.
    info = (await readOrderShipping(a.container, row.order_id, (await bnpl.getOptions()).shippingMethodOverrides)).info
  }
  const ready = info.kind === "ready" ? info : undefined
  const last = ready ? lastAccepted(accepted().filter((r) => r.bnpl_payment_id === ready.bnpl_payment_id)) : undefined
  const syncEnabled = shipping?.sync_enabled ?? (await bnpl.getOptions()).shippingSyncEnabled
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
  const { sent, failed } = await send(a, shippingInfoKind, pushed, ready!.shipping_info, { ...built, attempts })
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

/**
 * The shipping information as the pipeline runs it: read with the event's order, read again for
 * a retry (the order as it is now), recorded as read, attempted by `attemptShippingInfo`.
 */
export const shippingInfoBuilt: BuiltKind<ShippingRead> = {
  readWithEvent: async (container, orderId, { order, payment, recorded, options }) => ({
    info: await shippingInfoOf(container, orderId, { order, payment }, options.shippingMethodOverrides),
    accepted_mark: lastAccepted(recorded.filter((r) => r.kind === KIND && r.status === "accepted"))?.id ?? null,
    sync_enabled: options.shippingSyncEnabled,
  }),
  readForRetry: async (container, orderId, options) => {
    const { info, accepted_mark, payment_id, bnpl_payment_id } = await readOrderShipping(
      container,
      orderId,
      options.shippingMethodOverrides
    )
    return { read: { info, accepted_mark, sync_enabled: options.shippingSyncEnabled }, payment_id, bnpl_payment_id }
  },
  recorded: (read) => {
    const ready = readyOf(read)
    return {
      payload: (ready?.shipping_info ?? null) as Record<string, unknown> | null,
      payload_hash: ready ? hashShippingInfo(ready.shipping_info) : null,
    }
  },
  paymentOf: (read) => readyOf(read)?.bnpl_payment_id,
  attempt: attemptShippingInfo,
}
