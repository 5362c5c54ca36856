import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_MODULE } from "../../modules/bnpl/module-name"
import type BnplModuleService from "../../modules/bnpl/service"
import {
  findPayment,
  markCancelledOrder,
  paymentsOfCart,
  paymentsOfSessions,
  type Knex,
} from "../../modules/bnpl/ledger"
import { sessionsOfOrder } from "../../modules/bnpl/medusa-holding"
import { settleAndRecord } from "../../modules/bnpl/ledger-settling"
import { servicePaymentIdsOf } from "../../lib/payment/order-payments"
import { BACKGROUND_CALL } from "../../providers/bnpl/constants"
import { modeOf } from "../../lib/settings/mode"
import { forLog } from "../../lib/payment/signature"

/**
 * A cancelled order releases all of its instalment payments. Medusa refunds what was captured
 * and cancels payments with no capture, but a partly captured payment keeps its uncaptured rest
 * at the service (the customer paid 100 €, 60 € captured: 60 € refunded, 40 € kept), and an
 * order placed while the service was still reviewing has no Medusa payment at all (only the
 * ledger knows its payment, through the order's cart). After Medusa's refunds, whatever the
 * service still holds is refunded here (fetched first), or cancelled when nothing was charged;
 * if the service cannot take it now, the settle job retries (never failing the cancellation).
 */
async function releaseOrderPayments(container: MedusaContainer, orderId: string) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  // The order's Medusa payments, and the ledger's payments of its cart: either is enough to
  // release a payment the order held, so a failed order read leaves the ledger's to release.
  const data = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({
      entity: "order",
      fields: ["id", "payment_collections.payments.provider_id", "payment_collections.payments.data"],
      filters: { id: orderId },
    })
    .then(
      (read) => read.data,
      (e: Error) => {
        logger.warn(`BNPL cancelled order ${orderId} could not be read, its cart's payments are released: ${e.message}`)
        return []
      }
    )
  const cart = await knex("order_cart").where({ order_id: orderId }).whereNull("deleted_at").first("cart_id")
  const ofCart = cart ? await paymentsOfCart(knex, cart.cart_id) : []
  // And the payments of sessions on its own collections (what it owed: an edit, a payment link)
  // not paid yet: a link of a cancelled order must not be paid.
  const ofSessions = await paymentsOfSessions(knex, await sessionsOfOrder(knex, orderId))
  const pids = new Set([
    ...servicePaymentIdsOf(data[0]),
    ...ofCart.map((row) => row.bnpl_payment_id),
    ...ofSessions.map((row) => row.bnpl_payment_id),
  ])
  for (const pid of pids) {
    await releasePayment(container, knex, pid, orderId).catch((e) =>
      logger.warn(`BNPL payment ${forLog(pid)} of cancelled order ${orderId} not released: ${(e as Error).message}`)
    )
  }
}

/** Recorded to settle, then one short attempt with the account of the payment's own mode. */
async function releasePayment(container: MedusaContainer, knex: Knex, pid: string, orderId: string) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  await markCancelledOrder(knex, pid, orderId)
  const row = await findPayment(knex, pid)
  if (!row || row.status !== "to_settle") {
    return // settled already (Medusa's cancel of an uncaptured payment records it), or not this store's
  }
  // The account of the payment's own mode, also after the store switched modes.
  const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(row))
  await settleAndRecord(knex, options, row, BACKGROUND_CALL, row, logger).catch((e) =>
    logger.warn(
      `BNPL payment ${forLog(pid)} of cancelled order ${orderId}: the rest is refunded later (${(e as Error).message})`
    )
  )
}

cancelOrderWorkflow.hooks.orderCanceled(async ({ order }, { container }) => {
  await releaseOrderPayments(container, (order as any).id).catch((e) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL payments of cancelled order ${(order as any).id} not released: ${(e as Error).message}`)
  )
})
