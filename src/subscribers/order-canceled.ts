import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { handleOrderEvent } from "../workflows/messages/order-event"

/**
 * An order canceled: the status `canceled` goes to the service. The payment itself is released
 * by the cancel workflow's hook (`workflows/hooks/order-canceled.ts`); this only tells the order's status.
 */
export default async function bnplOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  await handleOrderEvent(container, { trigger: "order_canceled", order_id: event.data.id })
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "bnpl-order-canceled" },
}
