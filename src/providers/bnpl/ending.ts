import { forLog } from "../../lib/payment/signature"
import { findPayment, markCancelledOrder, markOrdered, markToSettle, settledAs } from "../../modules/bnpl/ledger"
import { markSettled, settleAndRecord } from "../../modules/bnpl/ledger-settling"
import { holdingOf } from "../../modules/bnpl/medusa-holding"
import { settlePayment } from "../../lib/payment/settlement"
import type { BnplSessionData } from "./types"
import type { Operation } from "./operation"

/**
 * How the provider ends payments, each with the account of the operation that asks (the
 * payment's own mode): a payment no order will hold, Medusa's own cancel, a payment the
 * ledger could not record.
 */

/**
 * A payment whose session Medusa deletes: claimed to settle, one short attempt now, never an
 * error; unless Medusa's records show an order holding it. Medusa 2.21 deletes every session of
 * a collection when a new one is posted on it, also the authorized session of a placed order
 * (a second tab, a retry, anyone with the collection's id): its payment stays the order's.
 */
export async function endPayment(op: Operation, paymentId: string, reason: string): Promise<void> {
  try {
    const known = await findPayment(op.knex, paymentId)
    const holding = known ? await holdingOf(op.knex, known.session_id) : { by: "nobody" as const }
    if (holding.by === "order") {
      await markOrdered(op.knex, paymentId, holding.order_id)
      return
    }
    // Also a payment authorized for an order never placed (its completion failed): its session
    // going means no order will ever hold it.
    if (!(await markToSettle(op.knex, paymentId, reason, { orderless: true }))) {
      return // an order holds it, or it was being settled already
    }
    const row = (await findPayment(op.knex, paymentId))!
    await settleAndRecord(
      op.knex,
      op.options,
      row,
      { timeoutMs: op.options.eligibilityTimeoutMs, retries: 0 },
      row,
      op.logger
    ).catch((e) =>
      op.logger.warn(
        `BNPL payment ${forLog(paymentId)} not settled yet (the retry job tries again): ${(e as Error).message}`
      )
    )
  } catch (e) {
    op.logger.warn(`BNPL payment ${forLog(paymentId)} could not be recorded as to settle: ${(e as Error).message}`)
  }
}

/**
 * Medusa cancels the payment (an order cancelled before capture, or the authorization undone
 * when the order could not be placed): refunded in full if the customer was charged, cancelled
 * otherwise, then recorded. Anything the service cannot do now, or a payment the account does
 * not know (404: another key, mode or URL), is an error: Medusa's cancel fails visibly, and
 * nothing is recorded as settled that the service did not confirm. The row is left as it was:
 * a cancelled order's hook records it to settle; an authorization undone with no order (cart
 * completion's compensation, which logs the error and goes on) is a claim without an order,
 * which the settle job refunds once the page expired and no order of its cart holds it (a
 * customer completing the cart again meanwhile gets the order, holding this live payment).
 */
export async function cancelForMedusa(op: Operation, session: BnplSessionData): Promise<BnplSessionData> {
  const pid = session.bnpl_payment_id
  if (!pid) {
    return session
  }
  const settled = await settledAs(op.knex, pid)
  if (settled) {
    return { ...session, cancelled: settled === "cancelled" } // the service ended it already: nothing to ask
  }
  const row = await findPayment(op.knex, pid)
  const reason = "its payment was cancelled in Medusa"
  const done = await settlePayment(op.client(), pid).catch(async (e) => {
    // Medusa's cancel fails visibly, and Medusa may keep the payment (a completion's
    // compensation logs it and goes on; the next completion places the order with it): the
    // service may have refunded it all the same (a lost answer), so the job settles it, and
    // records what it did on the order that holds it.
    await markCancelledOrder(op.knex, pid, row?.order_id ?? null, reason)
    throw e
  })
  await markCancelledOrder(op.knex, pid, row?.order_id ?? null, reason)
  await markSettled(op.knex, pid, done.status, done.refunded)
  return { ...session, cancelled: done.status === "cancelled" }
}

/** A payment the ledger could not record: one short attempt to cancel it, never an error (it expires on its own). */
export async function cancelQuietly(op: Operation, paymentId: string): Promise<void> {
  try {
    await op.client().cancelPayment(paymentId, { timeoutMs: op.options.eligibilityTimeoutMs, retries: 0 })
  } catch (e) {
    op.logger.warn(`BNPL payment ${paymentId} was not cancelled (it expires on its own): ${(e as Error).message}`)
  }
}
