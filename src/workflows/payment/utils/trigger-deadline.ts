import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { modeOf } from "../../../lib/settings/mode"
import { triggerDeadline, triggerLimitDays } from "../../../lib/payment/pay-at-shipment"
import { accountPlansRecord } from "../../eligibility/utils/account-plans"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import {
  findPayment,
  markOrdered,
  paymentSession,
  paymentsWithoutDeadline,
  setTriggerDeadline,
  type Knex,
  type LedgerRow,
} from "../../../modules/bnpl/ledger"
import { catchUpOrderEvents } from "../../messages/workflows/handle-order-event"

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
    const days = await accountTriggerLimit(container, row, installmentsCount)
    if (days !== undefined) {
      await setTriggerDeadline(knex, pid, triggerDeadline(placedAt, days), orderId)
    }
  }
}

/**
 * How long the account lets the shop wait (its fee plan sold at shipment; the default for an
 * older account that lists no plans), or undefined while the service cannot say: a guess would
 * be stored for good, so the hourly deadline job asks again instead (`fillMissingDeadlines`).
 */
async function accountTriggerLimit(
  container: MedusaContainer,
  row: LedgerRow,
  installmentsCount: number | undefined
): Promise<number | undefined> {
  const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(row))
  const record = await accountPlansRecord(container, options).catch(() => undefined)
  if (record?.fee_plans || record?.problem?.code === "not_available") {
    // The plan's own limit: its count from the caller, else from the payment's session (Medusa's).
    const count =
      installmentsCount ??
      ((await paymentSession(knex(container), row.session_id))?.data?.installments_count as number | undefined)
    return triggerLimitDays(record.fee_plans, count)
  }
  return undefined
}

const knex = (container: MedusaContainer) => container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex

/**
 * Pay-at-shipment orders whose deadline could not be read when they were placed: read again
 * (counted from the payment's creation, the earliest the service may count from). How many are
 * still unknown.
 */
export async function fillMissingDeadlines(container: MedusaContainer): Promise<number> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  let unknown = 0
  for (const row of await paymentsWithoutDeadline(knex)) {
    await payAtShipmentDeadline(container, row.bnpl_payment_id, row.order_id!, new Date(row.created_at))
    if (!(await findPayment(knex, row.bnpl_payment_id))?.trigger_deadline) unknown++
  }
  return unknown
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
    await catchUpOrderEvents(container, orderId, pid).catch((e) =>
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .error(
          `BNPL order ${orderId}: what it went through while its payment was reviewed was not told: ${(e as Error).message}`
        )
    )
  }
}
