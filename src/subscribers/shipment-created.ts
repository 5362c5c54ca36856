import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { orderIdOfFulfillment } from "../workflows/messages/read"
import { sendOrderMessagesWorkflow } from "../workflows/send-order-messages"

/**
 * A fulfillment shipped (its labels carry the tracking numbers): each new parcel and the status
 * `shipped` go to the service. Never fails the shipment: problems are recorded and retried.
 */
export default async function bnplShipmentCreated({ event, container }: SubscriberArgs<{ id: string }>) {
  try {
    const orderId = await orderIdOfFulfillment(container, event.data.id)
    if (orderId) {
      await sendOrderMessagesWorkflow(container).run({
        input: { order_id: orderId, trigger: "shipment_created", fulfillment_id: event.data.id },
      })
    }
  } catch (e) {
    container
      .resolve("logger")
      .warn(`BNPL shipment of fulfillment ${event.data.id}: messages not recorded: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "shipment.created",
  context: { subscriberId: "bnpl-shipment-created" },
}
