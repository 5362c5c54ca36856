import type { OrderStatus } from "../../../client"
import { defineKind, type MessageEvent } from "./kind"

/** The status word each event tells, and whether the goods left. */
const STATUSES: Partial<Record<MessageEvent, OrderStatus>> = {
  shipment_created: { status: "shipped", is_shipped: true },
  delivery_created: { status: "delivered", is_shipped: true },
  order_canceled: { status: "canceled", is_shipped: false },
}

/**
 * Where an order's status stands (`shipped` → `delivered` → `canceled`): a status never goes
 * back, whatever order its events were handled in (a shipment handled after its delivery).
 */
const RANK: Record<string, number> = { shipped: 1, delivered: 2, canceled: 3 }

/** The order's status (`POST /v1/payments/<id>/orders/<reference>/status`), on the attached order. */
export const orderStatusKind = defineKind({
  kind: "status",
  oncePerContent: false,
  fixedAtRecord: true,
  needsAttachedOrder: true,
  bringsReference: true,
  on: ["shipment_created", "delivery_created", "order_canceled"],
  orderFields: [],
  build: ({ event }) => (STATUSES[event] ? [{ payload: STATUSES[event] }] : []),
  rank: (payload: Partial<OrderStatus> | null) => RANK[payload?.status ?? ""] ?? 0,
  send: async ({ client, pid, payload, attached, call }) => {
    await client.setOrderStatus(pid, attached!.merchant_reference, payload as OrderStatus, call)
  },
})
