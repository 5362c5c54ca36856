import type { SubscriberConfig } from "@medusajs/framework"
import { orderEventSubscriber } from "../workflows/messages/workflows/handle-order-event"

/** A fulfillment delivered (also "Mark as picked up"): its messages to the service (`delivered`, a trigger). */
export default orderEventSubscriber("delivery_created", (data: { id: string }) => ({ fulfillment_id: data.id }))

export const config: SubscriberConfig = {
  event: "delivery.created",
  context: { subscriberId: "bnpl-delivery-created" },
}
