import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { findPayment, markCancelledOrder, markSettleFailed, markSettled, type Knex } from "../../modules/bnpl/ledger"
import { settlePayment } from "../../lib/settlement"
import { servicePaymentIdsOf } from "../../lib/order-payments"
import { BACKGROUND_CALL } from "../../providers/bnpl/constants"
import { clientFor } from "../../client"
import { modeOf } from "../../lib/mode"
import { forLog } from "../../lib/signature"

/**
 * A cancelled order releases all of its instalment payment. Medusa refunds what was captured
 * and cancels payments with no capture, but a partly captured payment keeps its uncaptured rest
 * at the service (the customer paid 100 €, 60 € captured: 60 € refunded, 40 € kept). After
 * Medusa's refunds, whatever the service still holds is refunded here; if the service cannot
 * take it now, the settle job retries (never failing the cancellation itself).
 */
async function releaseRest(container: MedusaContainer, orderId: string) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.provider_id", "payment_collections.payments.data"],
    filters: { id: orderId },
  })
  const order = data[0] as any
  for (const pid of servicePaymentIdsOf(order)) {
    await releasePayment(container, pid, order.id).catch((e) =>
      logger.warn(`BNPL payment ${forLog(pid)} of cancelled order ${order.id} not released: ${(e as Error).message}`)
    )
  }
}

/** Recorded to settle, then one short attempt with the account of the payment's own mode. */
async function releasePayment(container: MedusaContainer, pid: string, orderId: string) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  await markCancelledOrder(knex, pid, orderId)
  const row = await findPayment(knex, pid)
  try {
    // The account of the payment's own mode, also after the store switched modes.
    const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(row))
    const done = await settlePayment(clientFor(options, logger), pid, BACKGROUND_CALL)
    await markSettled(knex, pid, done.status, done.refunded)
  } catch (e) {
    if (row) {
      await markSettleFailed(knex, row, (e as Error).message)
    }
    logger.warn(
      `BNPL payment ${forLog(pid)} of cancelled order ${orderId}: the rest is refunded later (${(e as Error).message})`
    )
  }
}

cancelOrderWorkflow.hooks.orderCanceled(async ({ order }, { container }) => {
  await releaseRest(container, (order as any).id).catch((e) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL payments of cancelled order ${(order as any).id} not released: ${(e as Error).message}`)
  )
})
