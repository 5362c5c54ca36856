import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { handleOrderEvent } from "../workflows/messages/order-event"
import { syncShippingInfoWorkflow } from "../workflows/sync-shipping-info"

/**
 * Every fulfillment of an order paid with the plugin pushes the order's shipping information
 * (and starts a pay-at-shipment payment when the store triggers on fulfillment). Runs after the fulfillment is created and never fails it: problems are recorded and retried.
 */
export default async function bnplShippingSyncOnFulfillment({
  event,
  container,
}: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  try {
    await syncShippingInfoWorkflow(container).run({
      input: {
        order_id: event.data.order_id,
        fulfillment_id: event.data.fulfillment_id,
        trigger: "fulfillment_created",
      },
    })
  } catch (e) {
    container
      .resolve("logger")
      .warn(`BNPL shipping sync for order ${event.data.order_id} not recorded: ${(e as Error).message}`)
  }
  // Pay at shipment started by the first fulfillment (option `triggerOn: "fulfillment"`). An
  // options read that fails is handled like any event whose messages could not be built.
  const triggerOn = await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .getOptions()
    .then((o) => o.triggerOn)
    .catch(() => "fulfillment")
  if (triggerOn === "fulfillment") {
    await handleOrderEvent(container, {
      trigger: "fulfillment_created",
      order_id: event.data.order_id,
      fulfillment_id: event.data.fulfillment_id,
    })
  }
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "bnpl-shipping-sync" },
}
