import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MessageEvent } from "../lib/messages/kinds"
import { handleOrderEvent } from "../workflows/messages/workflows/handle-order-event"

const EVENTS: Record<string, MessageEvent> = {
  "order-edit.confirmed": "order_edit_confirmed",
  "order.claim_created": "claim_created",
  "order.exchange_created": "exchange_created",
}

/**
 * An order edit, claim or exchange can change an order's shipping after its information was
 * pushed: pushed again (sent only if it changed). Before the first push there is nothing to
 * correct (the shipping information's kind decides: `lib/messages/kinds/shipping-info.ts`).
 */
export default async function bnplOrderShippingChanged({ event, container }: SubscriberArgs<{ order_id: string }>) {
  await handleOrderEvent(container, { event: EVENTS[event.name], order_id: event.data.order_id })
}

export const config: SubscriberConfig = {
  event: Object.keys(EVENTS),
  context: { subscriberId: "bnpl-order-shipping-changed" },
}
