import type { SubscriberConfig } from "@medusajs/framework"
import { fulfillmentMessagesSubscriber } from "../workflows/messages/fulfillment-event"

/**
 * A fulfillment shipped (its labels carry the tracking numbers): each new parcel and the status
 * `shipped` go to the service. Never fails the shipment: problems are recorded and retried.
 */
export default fulfillmentMessagesSubscriber("shipment_created")

export const config: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "bnpl-shipment-created" },
}
