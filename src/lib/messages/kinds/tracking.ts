import type { Tracking } from "../../../client"
import { defineKind, type FulfillmentRead, type SendInput } from "./kind"

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
export function trackingOf(fulfillment: FulfillmentRead) {
  const seen = new Set<string>()
  const messages: { kind: "tracking"; payload: Tracking; fulfillment_id: string }[] = []
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

/** Each parcel of a shipped fulfillment, once (`POST /v2/orders/<service order id>/shipment`). */
export const trackingKind = defineKind({
  kind: "tracking",
  oncePerContent: true,
  fixedAtRecord: true,
  needsAttachedOrder: true,
  bringsReference: true,
  on: ["shipment_created"],
  orderFields: [
    "fulfillments.id",
    "fulfillments.provider_id",
    "fulfillments.labels.tracking_number",
    "fulfillments.labels.tracking_url",
    "fulfillments.shipping_option.name",
    "fulfillments.shipping_option.metadata",
    "fulfillments.shipping_option.data",
  ],
  build: ({ order, fulfillment_id }) => {
    const fulfillment = (order.fulfillments ?? []).find((f) => f.id === fulfillment_id)
    return fulfillment
      ? trackingOf(fulfillment).map(({ payload, fulfillment_id }) => ({ payload, fulfillment_id }))
      : []
  },
  send: async ({ client, pid, payload, attached, call }: SendInput<Tracking>) => {
    await client.addTracking(pid, attached!.service_order_id, payload, call)
  },
})
