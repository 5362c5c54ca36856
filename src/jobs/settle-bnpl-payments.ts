import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { BNPL_MODULE } from "../modules/bnpl/module-name"
import type BnplModuleService from "../modules/bnpl/service"
import { BACKGROUND_CALL, PAYMENT_EXPIRY_MINUTES } from "../providers/bnpl/constants"
import {
  checkAgainAt,
  markToSettle,
  orderOfCart,
  settleBackoffMs,
  staleOpenPayments,
  type Knex,
  type LedgerRow,
} from "../modules/bnpl/ledger"
import { holdingOf } from "../modules/bnpl/medusa-holding"
import { paymentsToSettle, retryAfterAccountChange, settleAndRecord } from "../modules/bnpl/ledger-settling"
import { resolveAwaitingOrder } from "../workflows/payment/utils/awaiting-order"
import { recordEndedPaymentsOfOrder } from "../workflows/messages/utils/ended-payments"
import { orderHoldsPayment } from "../workflows/payment/utils/trigger-deadline"
import { recordUnnotifiedOwedPayment } from "../workflows/payment/utils/process-accepted"
import { isBnplError, isConfigured } from "../client"
import { modeOf, MODES, type Mode } from "../lib/settings/mode"
import { forLog } from "../lib/payment/signature"
import type { ResolvedOptions } from "../modules/bnpl/settings"

/** A payment page expires after PAYMENT_EXPIRY_MINUTES; its last notification comes soon after. */
export const STALE_AFTER_MS = (PAYMENT_EXPIRY_MINUTES + 5) * 60_000

/** Seconds the job waits for a cart's lock (held by its completion) before leaving the payment to the next run. */
const CART_LOCK_TIMEOUT_S = 2

/**
 * Every service payment ends in an order, a cancellation or a full refund. Every minute:
 * 1. payments an account did not know (404) are tried again once that account changed;
 * 2. payments still open once their page has expired: held by an order (→ ordered; an order
 *    placed while the service was still reviewing is completed or cancelled now, or checked
 *    again later; what an order owes, paid by link and accepted but never recorded, is
 *    recorded on it now), or else claimed to settle under the cart's lock (no completion runs then);
 * 3. payments to settle whose attempt is due (cancel or refund, fetched first): one short
 *    attempt each, backoff between runs, `failed` for the merchant after the last. Only the
 *    accounts that have a key are worked on, and an account the service cannot serve now is
 *    left until the next run without stopping the other account.
 */
export default async function settleBnplPayments(container: MedusaContainer) {
  await settleBnplPaymentsAt(container, Date.now())
}

/** The job's run as of `now` (tests pass a later time: pages expired). */
export async function settleBnplPaymentsAt(container: MedusaContainer, now: number) {
  const accounts = await configuredAccounts(container)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  for (const [mode, options] of accounts) {
    await retryAfterAccountChange(knex, mode, options)
  }
  await endStalePayments(container, now)
  await settleDuePayments(container, accounts, now)
}

/** Each mode's account, read once per run; accounts without a key or URL are left out. */
async function configuredAccounts(container: MedusaContainer): Promise<Map<Mode, ResolvedOptions>> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const accounts = new Map<Mode, ResolvedOptions>()
  for (const mode of MODES) {
    const options = await bnpl.getOptions(mode)
    if (isConfigured(options)) {
      accounts.set(mode, options)
    }
  }
  return accounts
}

/**
 * Open (or authorized) payments whose page has expired: what Medusa's records say decides.
 * Held by an order's live payment → ordered; an order placed awaiting the service's review →
 * completed or cancelled now, or checked again later; held by nobody (a second session paid on
 * a completed cart, a completion that failed after authorizing it) → claimed to settle.
 */
async function endStalePayments(container: MedusaContainer, now: number) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  for (const row of await staleOpenPayments(knex, STALE_AFTER_MS, now)) {
    const holding = await holdingOf(knex, row.session_id)
    if (holding.by === "order") {
      await orderHoldsPayment(container, row.bnpl_payment_id, holding.order_id)
      continue
    }
    if (holding.by === "awaiting") {
      // The order waits for the service's decision.
      const resolved = await resolveAwaitingOrder(container, row, holding.order_id).catch((e) => {
        logger.warn(`BNPL payment ${forLog(row.bnpl_payment_id)} awaiting the service: ${(e as Error).message}`)
        return false
      })
      if (resolved) {
        await orderHoldsPayment(container, row.bnpl_payment_id, holding.order_id)
      } else {
        await checkAgainAt(knex, row, new Date(now + settleBackoffMs(row.attempts + 1)))
      }
      continue
    }
    if (!row.cart_id && holding.by === "nobody") {
      // What an order owes (a payment link), accepted but never recorded: the order's, not given back.
      const owed = await recordUnnotifiedOwedPayment(container, row.bnpl_payment_id).catch(() => "retry" as const)
      if (owed === "recorded") {
        continue
      }
      if (owed === "retry") {
        await checkAgainAt(knex, row, new Date(now + settleBackoffMs(row.attempts + 1)))
        continue
      }
    }
    await claimUnlessHeld(container, knex, row, now).catch((e) =>
      logger.warn(`BNPL payment ${forLog(row.bnpl_payment_id)} left for the next run: ${(e as Error).message}`)
    )
  }
}

/**
 * No order holds the payment: claimed to settle, under the cart's lock (the one cart completion
 * holds), read again there, so a customer completing the cart at this moment either gets the
 * order first (the payment is then left to it) or finds the payment claimed (and authorization
 * refuses it).
 */
async function claimUnlessHeld(container: MedusaContainer, knex: Knex, row: LedgerRow, now: number) {
  const claim = async () => {
    const holding = await holdingOf(knex, row.session_id)
    if (holding.by === "order") {
      return orderHoldsPayment(container, row.bnpl_payment_id, holding.order_id)
    }
    if (holding.by === "nobody" || holding.by === "no order") {
      await markToSettle(knex, row.bnpl_payment_id, "no order holds it after its payment page expired", {
        orderless: true,
        dueAt: new Date(now), // this run settles it right after
      })
    }
  }
  if (!row.cart_id) {
    return claim()
  }
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  await locking.execute(row.cart_id, claim, { timeout: CART_LOCK_TIMEOUT_S })
}

/** Payments to settle whose attempt is due, of the accounts that have a key. */
async function settleDuePayments(container: MedusaContainer, accounts: Map<Mode, ResolvedOptions>, now: number) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const paused = new Set<Mode>()
  for (const row of await paymentsToSettle(knex, [...accounts.keys()], now)) {
    const mode = modeOf(row)
    if (paused.has(mode)) {
      continue
    }
    try {
      const done = await settleAndRecord(knex, accounts.get(mode)!, row, BACKGROUND_CALL, row, logger)
      logger.info(
        `BNPL payment ${forLog(row.bnpl_payment_id)} settled without an order (${done.status}): ${row.reason}`
      )
      if (!row.order_id) {
        await recordInLaterOrder(container, knex, row.cart_id)
      }
    } catch (e) {
      if (isBnplError(e) && e.code === "unavailable") {
        // This account's service is down: its other payments wait for the next run, the other account's go on.
        logger.warn(
          `BNPL payments to settle of the ${mode} account paused until the next run: the service is unavailable`
        )
        paused.add(mode)
      }
    }
  }
}

/**
 * A payment a failed completion authorized stays in its cart's collection: when the cart was
 * completed since with a later payment, Medusa records on that order what the service just did
 * (`recordEndedPayments`). A failure here is logged: the payment is settled either way.
 */
async function recordInLaterOrder(container: MedusaContainer, knex: Knex, cartId: string | null) {
  const orderId = await orderOfCart(knex, cartId)
  if (!orderId) {
    return
  }
  await recordEndedPaymentsOfOrder(container, orderId).catch((e) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(
        `BNPL order ${orderId}: an earlier payment the service ended is not recorded in Medusa: ${(e as Error).message}`
      )
  )
}

export const config = {
  name: "bnpl-settle-payments",
  schedule: "* * * * *",
}
