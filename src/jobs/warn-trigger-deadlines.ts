import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TRIGGER_WARNING_DAYS } from "../lib/payment/pay-at-shipment"
import type { Knex } from "../modules/bnpl/ledger"
import { markDeadlineWarned } from "../modules/bnpl/orders-to-ship"
import { ordersToShip } from "../workflows/payment/utils/orders-to-ship"
import { fillMissingDeadlines } from "../workflows/payment/utils/trigger-deadline"
import { jobTime, type JobTime } from "../lib/infrastructure/job-time"

const DAY_MS = 86_400_000

/**
 * Every hour: deadlines the service could not give when their order was placed are asked
 * again; each pay-at-shipment order not started is warned about once when its deadline is
 * three days away or less, and once more (an error) when the deadline passed; each warning is
 * marked in the ledger, so a missed run warns at the next one and none warns twice. Names
 * orders and payments, nothing else. The admin's "Orders to ship" lists the same orders with
 * their state and a "Start the payment" action.
 */
export default async function warnTriggerDeadlines(container: MedusaContainer, at?: JobTime) {
  const now = jobTime(at)
  const logger = container.resolve("logger")
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const unknown = await fillMissingDeadlines(container)
  if (unknown) {
    logger.warn(
      `BNPL: ${unknown} pay-at-shipment order(s) without a deadline yet: the service did not give the account's plans; asked again next hour`
    )
  }
  const soon = await ordersToShip(container, { upTo: new Date(now + TRIGGER_WARNING_DAYS * DAY_MS) }, now)
  for (const order of soon) {
    const name = `BNPL pay-at-shipment order ${order.display_id ?? order.order_id} (${order.order_id})`
    if (order.state === "deadline_passed" && !order.deadline_passed_warned_at) {
      logger.error(
        `${name}: its deadline ${order.deadline} passed and its payment ${order.bnpl_payment_id} was not started${order.reason ? ` (${order.reason})` : ""}: ship it or start the payment (admin: Orders to ship), or cancel the order`
      )
      await markDeadlineWarned(knex, order.bnpl_payment_id, "passed", new Date(now))
    } else if (order.state !== "deadline_passed" && !order.deadline_warned_at) {
      logger.warn(
        `${name} must ship before ${order.deadline} (${order.days_left} day(s) left): its payment ${order.bnpl_payment_id} starts only when it ships` +
          (order.reason ? `; it was not started: ${order.reason}` : "")
      )
      await markDeadlineWarned(knex, order.bnpl_payment_id, "near", new Date(now))
    }
  }
}

export const config = {
  name: "bnpl-warn-trigger-deadlines",
  schedule: "0 * * * *",
}
