import type { SubscriberConfig } from "@medusajs/framework"
import { orderEventSubscriber } from "../workflows/messages/workflows/handle-order-event"

/**
 * An order canceled: the status `canceled` goes to the service. The payment itself is released
 * by the cancel workflow's hook (`workflows/hooks/order-canceled.ts`); this only tells the order's status.
 */
export default orderEventSubscriber("order_canceled", (data: { id: string }) => ({ order_id: data.id }))

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "bnpl-order-canceled" },
}
