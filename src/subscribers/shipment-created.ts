import type { SubscriberConfig } from "@medusajs/framework"
import { orderEventSubscriber } from "../workflows/messages/workflows/handle-order-event"

/**
 * A fulfillment shipped (its labels carry the tracking numbers): each new parcel, `shipped` and
 * a trigger go to the service. Never fails the shipment: problems are recorded and retried.
 */
export default orderEventSubscriber("shipment_created", (data: { id: string }) => ({ fulfillment_id: data.id }))

export const config: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "bnpl-shipment-created" },
}
