import type { SubscriberArgs } from "@medusajs/framework"
import { sendOrderMessagesWorkflow } from "../send-order-messages"
import { orderIdOfFulfillment } from "./read"

type Trigger = "shipment_created" | "delivery_created"

/**
 * The subscriber of a fulfillment event (shipment, delivery): the order's messages for it are
 * recorded and sent. Never fails the merchant's action: a problem is logged, and what was
 * recorded is retried by the job.
 */
export function fulfillmentMessagesSubscriber(trigger: Trigger, what: string) {
  return async function ({ event, container }: SubscriberArgs<{ id: string }>) {
    try {
      const orderId = await orderIdOfFulfillment(container, event.data.id)
      if (orderId) {
        await sendOrderMessagesWorkflow(container).run({
          input: { order_id: orderId, trigger, fulfillment_id: event.data.id },
        })
      }
    } catch (e) {
      container
        .resolve("logger")
        .warn(`BNPL ${what} of fulfillment ${event.data.id}: messages not recorded: ${(e as Error).message}`)
    }
  }
}
