import { createHash } from "node:crypto"
import type { OrderReference, OrderStatus, Tracking } from "../../client"
import { hashShippingInfo } from "../shipping/sync-policy"

/** The kinds of message the plugin sends the service about an order (one record, `bnpl_shipping_sync`). */
export type MessageKind = "shipping_info" | "order_reference" | "order_status" | "tracking" | "trigger"

/** What an order event tells the service besides `shipping_info` (which has its own build). */
export type OrderMessage =
  | { kind: "order_reference"; payload: OrderReference }
  | { kind: "order_status"; payload: OrderStatus }
  | { kind: "tracking"; payload: Tracking; fulfillment_id: string }
  /** Pay at shipment: start the payment (once per payment; its content is the event that started it). */
  | { kind: "trigger"; payload: { on: MessageTrigger } }

/** The order events that send messages, as their record's `trigger`. */
export type MessageTrigger =
  "order_placed" | "fulfillment_created" | "shipment_created" | "delivery_created" | "order_canceled"

/** The order fields the messages are built from (read once with the order and its payment). */
export const ORDER_MESSAGE_FIELDS = [
  "display_id",
  "fulfillments.id",
  "fulfillments.provider_id",
  "fulfillments.labels.tracking_number",
  "fulfillments.labels.tracking_url",
  "fulfillments.shipping_option.name",
  "fulfillments.shipping_option.metadata",
  "fulfillments.shipping_option.data",
]

type Label = { tracking_number?: string | null; tracking_url?: string | null }
type FulfillmentRead = {
  id: string
  provider_id?: string | null
  labels?: Label[] | null
  shipping_option?: {
    name?: string | null
    metadata?: Record<string, any> | null
    data?: Record<string, any> | null
  } | null
}
export type OrderRead = { id: string; display_id?: number | string | null; fulfillments?: FulfillmentRead[] | null }

/** A stable SHA-256 of a message's content, per kind: `shipping_info` keeps its own (older rows compare with it). */
export function hashMessage(kind: MessageKind, payload: unknown): string {
  if (kind === "shipping_info") {
    return hashShippingInfo(payload as any)
  }
  // One trigger per payment whatever event sent it: switching `triggerOn`, or a delivery after a
  // shipment, never starts the payment twice.
  if (kind === "trigger") {
    payload = {}
  }
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .filter((k) => (v as any)[k] !== undefined)
              .map((k) => [k, stable((v as any)[k])])
          )
        : v
  return createHash("sha256")
    .update(`${kind}\n${JSON.stringify(stable(payload))}`)
    .digest("hex")
}

/** The shop order as the service's merchants see it: its number, and where it is in the admin. */
export function orderReference(order: OrderRead, backendUrl?: string): OrderReference {
  const reference: OrderReference = { merchant_reference: String(order.display_id ?? order.id) }
  if (backendUrl) {
    reference.merchant_url = `${backendUrl.replace(/\/+$/, "")}/app/orders/${order.id}`
  }
  return reference
}

/**
 * The events that hand goods over, in the order they happen to a parcel. A pay-at-shipment
 * payment starts on the first of them at or after the one the store triggers on: goods marked
 * delivered (a pickup: "Mark as picked up") without ever being shipped start it too.
 */
const HANDOVER: MessageTrigger[] = ["fulfillment_created", "shipment_created", "delivery_created"]

/** Whether `event` starts a pay-at-shipment payment whose store triggers on `startsOn`. */
export function startsPayment(event: MessageTrigger, startsOn: MessageTrigger | undefined): boolean {
  const at = HANDOVER.indexOf(event)
  return !!startsOn && at >= 0 && at >= HANDOVER.indexOf(startsOn)
}

/** The status words the shop sends, and whether the goods left. */
const STATUSES: Record<"shipped" | "delivered" | "canceled", OrderStatus> = {
  shipped: { status: "shipped", is_shipped: true },
  delivered: { status: "delivered", is_shipped: true },
  canceled: { status: "canceled", is_shipped: false },
}

/**
 * The parcel's carrier as the store names it, like the shipping options sent in
 * `shipping_info` (the option's `carrier` metadata or data), else the option's name, else the
 * fulfillment provider (`<provider>_<id>` → `<provider>`): the service requires one.
 */
export function carrierOf(fulfillment: FulfillmentRead): string {
  const option = fulfillment.shipping_option ?? {}
  const named = option.metadata?.carrier ?? option.data?.carrier
  if (typeof named === "string" && named.trim()) return named.trim()
  if (option.name?.trim()) return option.name.trim()
  return (fulfillment.provider_id ?? "").split("_")[0] || "unknown"
}

/** One tracking message per label with a tracking number (the same number twice is one parcel). */
export function trackingOf(fulfillment: FulfillmentRead): OrderMessage[] {
  const seen = new Set<string>()
  const messages: OrderMessage[] = []
  for (const label of fulfillment.labels ?? []) {
    const number = label.tracking_number?.trim()
    if (!number || seen.has(number)) continue
    seen.add(number)
    const url = label.tracking_url?.trim()
    const payload: Tracking = { carrier: carrierOf(fulfillment), tracking_number: number }
    if (url && /^https?:\/\//i.test(url)) payload.tracking_url = url
    messages.push({ kind: "tracking", payload, fulfillment_id: fulfillment.id })
  }
  return messages
}

/**
 * What an order event tells the service, built from the one read of the order: placed → the
 * order reference; shipment → each parcel of that fulfillment, then `shipped`; delivery →
 * `delivered`; canceled → `canceled`; and a pay-at-shipment payment's trigger on the event that
 * starts it. The order reference goes first: status and tracking need it.
 */
export function messagesFor(
  trigger: MessageTrigger,
  order: OrderRead,
  context: { fulfillment_id?: string; backendUrl?: string; startsOn?: MessageTrigger } = {}
): OrderMessage[] {
  // Pay at shipment: an event that hands goods over at or after the one that starts the payment
  // (`startsOn`, only for such a payment) sends the trigger first (recorded once per payment);
  // it needs no order reference, and the money matters most.
  const start: OrderMessage[] = startsPayment(trigger, context.startsOn)
    ? [{ kind: "trigger", payload: { on: trigger } }]
    : []
  switch (trigger) {
    case "order_placed":
      return [{ kind: "order_reference", payload: orderReference(order, context.backendUrl) }]
    case "fulfillment_created":
      return start
    case "shipment_created": {
      const fulfillment = (order.fulfillments ?? []).find((f) => f.id === context.fulfillment_id)
      return [
        ...start,
        ...(fulfillment ? trackingOf(fulfillment) : []),
        { kind: "order_status", payload: STATUSES.shipped },
      ]
    }
    case "delivery_created":
      return [...start, { kind: "order_status", payload: STATUSES.delivered }]
    case "order_canceled":
      return [{ kind: "order_status", payload: STATUSES.canceled }]
  }
}
