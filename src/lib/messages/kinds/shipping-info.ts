import type { ShippingInfo } from "../../../client"
import { stableHash } from "../../infrastructure/stable-hash"
import { ORDER_SHIPPING_FIELDS, type OrderShippingInfo } from "../../shipping/order"
import { MAX_MESSAGE_ATTEMPTS } from "../retry"
import { defineKind, type MessageEvent, type SendInput } from "./kind"

/** Events that change an order after its information was pushed: pushed again only then. */
const CHANGES: MessageEvent[] = ["order_edit_confirmed", "claim_created", "exchange_created"]

/**
 * Stable across key order and the order of arrays (the options are a set: listing them in
 * another order is the same information), so the same information always has the same hash.
 */
export function hashShippingInfo(info: ShippingInfo): string {
  return stableHash(info)
}

/** The information read for a sync, or why it could not be read. */
export type BuiltShippingInfo = OrderShippingInfo | { kind: "unbuilt"; error: string }

export type ShippingInfoDecision =
  /** Already decided by another attempt (not pending): nothing to do. */
  | { action: "done" }
  /** Recorded while the order could not be read, and not paid with the plugin after all. */
  | { action: "ignore" }
  | { action: "fail"; message: string; final: boolean }
  | { action: "skip"; reason: string }
  /** The service already accepted the same information for this payment. */
  | { action: "unchanged" }
  | { action: "push" }

/**
 * What one attempt at the shipping information does, given what is known under the payment's lock. Pure: the
 * push step reads, decides here, then writes the one outcome.
 */
export function decideShippingInfo(input: {
  sync: { status: string; trigger: string; attempts: number }
  info: BuiltShippingInfo
  syncEnabled: boolean
  lastAcceptedHash?: string | null
}): ShippingInfoDecision {
  const { sync, info } = input
  if (sync.status !== "pending") return { action: "done" }
  if (info.kind === "unbuilt") {
    return {
      action: "fail",
      message: `shipping information not built: ${info.error}`,
      final: sync.attempts + 1 >= MAX_MESSAGE_ATTEMPTS,
    }
  }
  if (info.kind === "ignored") return { action: "ignore" }
  if (info.kind === "skipped") return { action: "skip", reason: info.reason }
  if (!input.syncEnabled && sync.trigger !== "manual") {
    return { action: "skip", reason: "automatic shipping sync is turned off (plugin settings or options)" }
  }
  // Idempotent: what the service last accepted for this payment is not sent again.
  if (input.lastAcceptedHash && input.lastAcceptedHash === hashShippingInfo(info.shipping_info)) {
    return { action: "unchanged" }
  }
  return { action: "push" }
}

/**
 * The contract's `shipping_info` (`POST /v1/payment/<id>`): the order's shipping as it is at
 * each attempt (rebuilt from the order, never older information over newer), sent when it
 * differs from what the service last accepted for the payment.
 */
export const shippingInfoKind = defineKind({
  kind: "shipping_info",
  oncePerContent: false,
  fixedAtRecord: false,
  needsAttachedOrder: false,
  bringsReference: false,
  on: ["fulfillment_created", "order_placed", ...CHANGES, "manual"],
  orderFields: ORDER_SHIPPING_FIELDS,
  // Before the first push there is nothing to correct: the first fulfillment sends the current information.
  wanted: (event, recorded) => !CHANGES.includes(event) || recorded.some((r) => r.kind === "shipping_info"),
  build: ({ event, order }) => {
    // An order with nothing to ship (a digital product) is pushed when placed: no fulfillment will come.
    const items = order.items ?? []
    const nothingToShip = items.length > 0 && items.every((i) => i.requires_shipping === false)
    return event !== "order_placed" || nothingToShip ? [{ payload: null }] : []
  },
  // Its own hash (options as a set): rows recorded before compare with it.
  hash: (payload: ShippingInfo) => hashShippingInfo(payload),
  send: async ({ client, pid, payload, call }: SendInput<ShippingInfo>) => {
    await client.updateShippingInfo(pid, payload, call)
  },
})
