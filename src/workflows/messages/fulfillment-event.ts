import type { SubscriberArgs } from "@medusajs/framework"
import { handleOrderEvent } from "./order-event"

type Trigger = "shipment_created" | "delivery_created"

/**
 * The subscriber of a fulfillment event (shipment, delivery): the order's messages for it are
 * recorded and sent (`handleOrderEvent`: never fails the merchant's action, never lost).
 */
export function fulfillmentMessagesSubscriber(trigger: Trigger) {
  return async function ({ event, container }: SubscriberArgs<{ id: string }>) {
    await handleOrderEvent(container, { trigger, fulfillment_id: event.data.id })
  }
}
