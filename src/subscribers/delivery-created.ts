import type { SubscriberConfig } from "@medusajs/framework"
import { fulfillmentMessagesSubscriber } from "../workflows/messages/fulfillment-event"

/** A fulfillment delivered: the status `delivered` goes to the service (recorded, retried). */
export default fulfillmentMessagesSubscriber("delivery_created")

export const config: SubscriberConfig = {
  event: "delivery.created",
  context: { subscriberId: "bnpl-delivery-created" },
}
