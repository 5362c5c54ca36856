import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { orderIdOfFulfillment } from "../workflows/messages/read"
import { sendOrderMessagesWorkflow } from "../workflows/send-order-messages"

/** A fulfillment delivered: the status `delivered` goes to the service (recorded, retried). */
export default async function bnplDeliveryCreated({ event, container }: SubscriberArgs<{ id: string }>) {
  try {
    const orderId = await orderIdOfFulfillment(container, event.data.id)
    if (orderId) {
      await sendOrderMessagesWorkflow(container).run({
        input: { order_id: orderId, trigger: "delivery_created", fulfillment_id: event.data.id },
      })
    }
  } catch (e) {
    container
      .resolve("logger")
      .warn(`BNPL delivery of fulfillment ${event.data.id}: status not recorded: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "delivery.created",
  context: { subscriberId: "bnpl-delivery-created" },
}
