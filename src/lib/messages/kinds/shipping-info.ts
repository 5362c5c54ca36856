import type { ShippingInfo } from "../../../client"
import { ORDER_SHIPPING_FIELDS } from "../../shipping/order"
import { hashShippingInfo } from "../../shipping/sync-policy"
import { defineKind, type MessageEvent, type SendInput } from "./kind"

/** Events that change an order after its information was pushed: pushed again only then. */
const CHANGES: MessageEvent[] = ["order_edit_confirmed", "claim_created", "exchange_created"]

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
