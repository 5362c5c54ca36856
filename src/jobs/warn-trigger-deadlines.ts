import type { MedusaContainer } from "@medusajs/framework/types"
import { TRIGGER_WARNING_DAYS } from "../lib/pay-at-shipment"
import { warningWindow } from "../lib/trigger-deadlines"
import { ordersToShip } from "../workflows/payment/orders-to-ship"

/**
 * Once a day: one warning per pay-at-shipment order whose deadline is three days away and that
 * has not shipped (its payment starts only then; past the deadline the service may refuse the
 * trigger). Each run covers the deadlines of one day (`warningWindow`), so daily runs warn
 * once per order. Names orders and payments, nothing else.
 */
export default async function warnTriggerDeadlines(container: MedusaContainer, now = Date.now()) {
  const logger = container.resolve("logger")
  for (const order of await ordersToShip(container, warningWindow(now), now)) {
    logger.warn(
      `BNPL pay-at-shipment order ${order.display_id ?? order.order_id} (${order.order_id}) must ship before ${order.deadline} ` +
        `(${TRIGGER_WARNING_DAYS} days): its payment ${order.bnpl_payment_id} starts only when it ships`
    )
  }
}

export const config = {
  name: "bnpl-warn-trigger-deadlines",
  schedule: "0 8 * * *",
}
