import type { SubscriberConfig } from "@medusajs/framework"
import { orderEventSubscriber } from "../workflows/messages/workflows/handle-order-event"

/**
 * Every fulfillment of an order paid with the plugin pushes the order's shipping information,
 * and starts a pay-at-shipment payment when the store triggers on fulfillment: one order read,
 * one lock. Runs after the fulfillment is created and never fails it: problems are recorded and retried.
 */
export default orderEventSubscriber("fulfillment_created", (data: { order_id: string; fulfillment_id: string }) => ({
  order_id: data.order_id,
  fulfillment_id: data.fulfillment_id,
}))

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "bnpl-shipping-sync" },
}
