import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { BACKGROUND_CALL, PAYMENT_EXPIRY_MINUTES } from "../providers/bnpl/constants"
import {
  markOrdered,
  markToSettle,
  orderOfCart,
  paymentSession,
  paymentsToSettle,
  settleAndRecord,
  staleOpenPayments,
  type Knex,
} from "../modules/bnpl/ledger"
import { resolveAwaitingOrder } from "../workflows/payment/awaiting-order"
import { clientFor } from "../client"
import type { BnplClient } from "../client"
import { modeOf, type Mode } from "../lib/mode"
import { forLog } from "../lib/signature"
import { isBnplError } from "../client"

/** A payment page expires after PAYMENT_EXPIRY_MINUTES; its last notification comes soon after. */
export const STALE_AFTER_MS = (PAYMENT_EXPIRY_MINUTES + 5) * 60_000

/**
 * Every service payment ends in an order, a cancellation or a full refund. Every minute:
 * 1. payments still open once their page has expired: held by an order (→ ordered; an order
 *    placed while the service was still reviewing is completed or cancelled now), or else
 *    recorded to settle;
 * 2. payments to settle whose attempt is due (cancel or refund, fetched first): one short
 *    attempt each, backoff between runs, `failed` for the merchant after the last. The run
 *    stops at the first one the service cannot take now.
 */
export default async function settleBnplPayments(container: MedusaContainer) {
  await settleBnplPaymentsAt(container, Date.now())
}

/** The job's run as of `now` (tests pass a later time: pages expired). */
export async function settleBnplPaymentsAt(container: MedusaContainer, now: number) {
  await endStalePayments(container, now)
  await settleDuePayments(container)
}

/** Open payments whose page has expired: ordered, completed or cancelled, or recorded to settle. */
async function endStalePayments(container: MedusaContainer, now: number) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  for (const row of await staleOpenPayments(knex, STALE_AFTER_MS, now)) {
    const session = await paymentSession(knex, row.session_id)
    const orderId = session && !session.deleted_at ? await orderOfCart(knex, row.cart_id) : undefined
    if (!orderId) {
      await markToSettle(knex, row.bnpl_payment_id, "no order holds it after its payment page expired")
      continue
    }
    if (session!.status === "pending") {
      // pending_authorization: the order waits for the service's decision.
      const resolved = await resolveAwaitingOrder(container, row, orderId).catch((e) => {
        logger.warn(`BNPL payment ${forLog(row.bnpl_payment_id)} awaiting the service: ${(e as Error).message}`)
        return false
      })
      if (!resolved) {
        continue
      }
    }
    await markOrdered(knex, row.bnpl_payment_id, orderId)
  }
}

/** Payments to settle whose attempt is due; stops at the first one the service cannot take now. */
async function settleDuePayments(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  // Each payment is settled with the account of its own mode; an account without a key or URL
  // is skipped (its payments wait until it is configured again).
  const clients = new Map<Mode, BnplClient | null>()
  const clientOf = async (mode: Mode) => {
    if (!clients.has(mode)) {
      const options = await bnpl.getOptions(mode)
      clients.set(mode, options.apiKey && options.apiUrl ? clientFor(options, logger) : null)
    }
    return clients.get(mode)
  }
  for (const row of await paymentsToSettle(knex)) {
    const client = await clientOf(modeOf(row))
    if (!client) {
      continue
    }
    try {
      const done = await settleAndRecord(knex, () => client, row, BACKGROUND_CALL)
      logger.info(
        `BNPL payment ${forLog(row.bnpl_payment_id)} settled without an order (${done.status}): ${row.reason}`
      )
    } catch (e) {
      if (isBnplError(e) && e.code === "unavailable") {
        logger.warn("BNPL payments to settle paused until the next run: the service is unavailable")
        return
      }
    }
  }
}

export const config = {
  name: "bnpl-settle-payments",
  schedule: "* * * * *",
}
