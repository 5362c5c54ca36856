import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../modules/bnpl/module-name"
import { markOrdered, type Knex } from "../modules/bnpl/ledger"
import type BnplModuleService from "../modules/bnpl/service"
import { handleOrderEvent } from "../workflows/messages/workflows/handle-order-event"
import { orderWithBnplPayment } from "../workflows/common/utils/retrieve-order-payment"
import { payAtShipmentDeadline } from "../workflows/payment/utils/trigger-deadline"
import { offeredOptionsForOrder } from "../workflows/shipping/utils/read-order-shipping"

/**
 * When an order paid with the plugin is placed: its messages (the order attached to the service
 * payment; an order with nothing to ship, whose fulfillment will never come, pushes its shipping
 * information), then, from the same read, the ledger names the order holding the payment, a pay-at-shipment payment's deadline and the shipping
 * options offered for its cart as it was completed (kept for every later sync).
 */
export default async function bnplOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const orderId = event.data.id
  const handled = await handleOrderEvent(container, { event: "order_placed", order_id: orderId })
  // Its messages not sent now (the job will): the deadline and the options are noted all the same.
  const payment = handled
    ? handled.payment
    : await orderWithBnplPayment(container, orderId).then(
        (read) => read.payment,
        () => undefined
      )
  if (!payment) {
    return
  }
  try {
    if (payment.data.bnpl_payment_id) {
      // Medusa's order holds this payment: the ledger names the order now, not an hour later.
      const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
      await markOrdered(knex, payment.data.bnpl_payment_id, orderId)
    }
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
  } catch (e) {
    container
      .resolve("logger")
      .warn(`BNPL order ${orderId} placed, deadline or offered options not recorded: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "bnpl-order-placed" },
}
