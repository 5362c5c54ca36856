import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { modeOf } from "../../lib/mode"
import { triggerDeadline, triggerLimitDays } from "../../lib/pay-at-shipment"
import { accountFeePlans } from "../account/account-plans"
import { findPayment, markOrdered, setTriggerDeadline, type Knex } from "../../modules/bnpl/ledger"
import { catchUpOrderEvents } from "../messages/order-event"

/**
 * A pay-at-shipment order was placed: the last day it may ship for its payment to start is
 * noted in the ledger with its order (the provider that marked it ordered does not know the
 * order: the admin lists orders by it; a daily job warns before it).
 */
export async function payAtShipmentDeadline(
  container: MedusaContainer,
  pid: string,
  orderId: string,
  placedAt = new Date(),
  installmentsCount?: number
) {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const row = await findPayment(knex, pid)
  if (row?.pay_at_shipment && !row.trigger_deadline) {
    // The account's fee plan says how long the shop may wait (kept an hour; 30 days when unknown).
    const feePlans = await accountFeePlans(container, modeOf(row)).catch(() => undefined)
    const days = triggerLimitDays(feePlans, installmentsCount)
    await setTriggerDeadline(knex, pid, triggerDeadline(placedAt, days), orderId)
  }
}

/**
 * An order holds the payment (the customer came back, the notification or the job resolved an
 * order placed while the service reviewed it). A pay-at-shipment payment accepted after its
 * order was placed gets its deadline here (the order-placed subscriber saw no Medusa payment
 * then), counted from the payment's creation: the earliest the service may count from; and
 * what the order went through while it waited is told now (`catchUpOrderEvents`).
 */
export async function orderHoldsPayment(container: MedusaContainer, pid: string, orderId: string) {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  await markOrdered(knex, pid, orderId)
  const row = await findPayment(knex, pid)
  if (row?.status === "ordered" && row.pay_at_shipment && !row.trigger_deadline) {
    await payAtShipmentDeadline(container, pid, orderId, new Date(row.created_at))
  }
  if (row?.status === "ordered") {
    await catchUpOrderEvents(container, orderId).catch((e) =>
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(
          `BNPL order ${orderId}: what it went through while its payment was reviewed was not told: ${(e as Error).message}`
        )
    )
  }
}
