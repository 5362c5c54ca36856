import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { sendOrderMessagesWorkflow } from "../workflows/send-order-messages"

/**
 * An order canceled: the status `canceled` goes to the service. The payment itself is released
 * by the cancel workflow's hook (`workflows/hooks/order-canceled.ts`); this only tells the order's status.
 */
export default async function bnplOrderCanceled({ event, container }: SubscriberArgs<{ id: string }>) {
  try {
    await sendOrderMessagesWorkflow(container).run({ input: { order_id: event.data.id, trigger: "order_canceled" } })
  } catch (e) {
    container
      .resolve("logger")
      .warn(`BNPL order ${event.data.id} canceled: status not recorded: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.canceled",
  context: { subscriberId: "bnpl-order-canceled" },
}
