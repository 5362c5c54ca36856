import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { orderWithBnplPayment } from "../workflows/payment/order-payment"
import { offeredOptionsForOrder } from "../workflows/shipping/read"
import { syncShippingInfoWorkflow } from "../workflows/sync-shipping-info"
import { sendOrderMessagesWorkflow } from "../workflows/send-order-messages"
import { payAtShipmentDeadline } from "../workflows/payment/trigger-deadline"

/**
 * When an order paid with the plugin is placed: attach it to the service payment (its number
 * and admin URL, from this one read), note a pay-at-shipment payment's deadline, read the shipping options offered for its cart as it was
 * completed (kept for every later sync), and, for an order with nothing to ship (no fulfillment
 * will ever come), push its shipping information now.
 */
export default async function bnplOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const orderId = event.data.id
  try {
    const { order, payment } = await orderWithBnplPayment(container, orderId, ["display_id", "items.requires_shipping"])
    if (!payment) {
      return
    }
    // Only what the reference is built from: a placed order has no fulfillment yet.
    const read = {
      order: { id: order.id, display_id: order.display_id },
      payment: { id: payment.id, data: payment.data },
    }
    await sendOrderMessagesWorkflow(container)
      .run({ input: { order_id: orderId, trigger: "order_placed", read } })
      .catch((e) =>
        container.resolve("logger").warn(`BNPL order ${orderId} placed, not attached: ${(e as Error).message}`)
      )
    if (payment.data.pay_at_shipment && payment.data.bnpl_payment_id) {
      await payAtShipmentDeadline(
        container,
        payment.data.bnpl_payment_id,
        orderId,
        new Date(),
        payment.data.installments_count
      )
    }
    const { shippingMethodOverrides } = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    await offeredOptionsForOrder(container, orderId, payment, shippingMethodOverrides)
    const nothingToShip = (order.items ?? []).length > 0 && order.items.every((i: any) => i.requires_shipping === false)
    if (nothingToShip) {
      await syncShippingInfoWorkflow(container).run({ input: { order_id: orderId, trigger: "order_placed" } })
    }
  } catch (e) {
    container
      .resolve("logger")
      .warn(`BNPL order ${orderId} placed, shipping information not recorded: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "bnpl-order-placed" },
}
