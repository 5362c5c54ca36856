import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { sendOrderMessagesWorkflow } from "../workflows/send-order-messages"
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
  // Pay at shipment started by the first fulfillment (option `triggerOn: "fulfillment"`).
  const { triggerOn } = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
  if (triggerOn === "fulfillment") {
    await sendOrderMessagesWorkflow(container)
      .run({
        input: {
          order_id: event.data.order_id,
          trigger: "fulfillment_created",
          fulfillment_id: event.data.fulfillment_id,
        },
      })
      .catch((e) =>
        container
          .resolve("logger")
          .warn(`BNPL trigger for order ${event.data.order_id} not recorded: ${(e as Error).message}`)
      )
  }
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "bnpl-shipping-sync" },
}
