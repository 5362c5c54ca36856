import { forLog } from "../../lib/signature"
import { findPayment, markCancelledOrder, markToSettle, settleAndRecord } from "../../modules/bnpl/ledger"
import { settlePayment } from "../../lib/settlement"
import type { BnplSessionData } from "./types"
import type { Operation } from "./operation"

/**
 * How the provider ends payments, each with the account of the operation that asks (the
 * payment's own mode): a payment no order will hold, Medusa's own cancel, a payment the
 * ledger could not record.
 */

/** A payment no order will hold: claimed to settle, one short attempt now, never an error. */
export async function endPayment(op: Operation, paymentId: string, reason: string): Promise<void> {
  try {
    if (!(await markToSettle(op.knex, paymentId, reason))) {
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
 * when the order could not be placed): recorded to settle first, so that whatever happens next
 * the settle job ends it (a charge is never left without an order), then one attempt: refunded
 * in full if the customer was charged, cancelled otherwise. Anything the service cannot do now,
 * or a payment the account does not know (404: another key, mode or URL), is an error: Medusa's
 * cancel fails visibly (its cart-completion compensation logs and goes on), the job retries,
 * and nothing is recorded as settled that the service did not confirm.
 */
export async function cancelForMedusa(op: Operation, session: BnplSessionData): Promise<BnplSessionData> {
  const pid = session.bnpl_payment_id
  if (!pid) {
    return session
  }
  const recorded = await findPayment(op.knex, pid)
  await markCancelledOrder(op.knex, pid, recorded?.order_id ?? null, "its payment was cancelled in Medusa")
  const row = await findPayment(op.knex, pid)
  if (!row) {
    // Made before the ledger existed: the service's answer alone.
    const done = await settlePayment(op.client(), pid)
    return { ...session, cancelled: done.status === "cancelled" }
  }
  if (row.status === "cancelled" || row.status === "refunded") {
    return { ...session, cancelled: row.status === "cancelled" } // settled already (a repeated cancel)
  }
  const done = await settleAndRecord(op.knex, op.options, row, {}, row, op.logger)
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
