import { isBnplError, type Payment } from "../../client"
import { addAmounts, refundCents, toCents, type MedusaAmount } from "../../lib/money"
import type { BnplSessionData } from "./types"
import type { Operation } from "./operation"

/**
 * A refund Medusa asks for, made once however often it is retried. Medusa's refund id cannot name
 * it (Medusa deletes the refund when the provider call fails, and a retry makes a new one), so
 * the reference is what a retry of the same refund repeats: the payment, what Medusa had
 * refunded before it (kept in the payment's data, updated only on success) and the cents. The
 * payment is fetched first: a refund whose answer was lost is found there and not made again.
 * Cents are rounded against the running total (`refundCents`).
 */
export async function refundForMedusa(
  op: Operation,
  session: BnplSessionData,
  paymentId: string,
  amount: MedusaAmount
): Promise<BnplSessionData> {
  const currency = session.currency_code ?? "eur"
  const before = session.medusa_refunded ?? "0"
  const cents = refundCents(amount, before, currency)
  const reference = `medusa-refund-${paymentId}-${toCents(before, currency)}-${cents}`
  const client = op.client()
  const current = await client.getPayment(paymentId)
  const done = current.refunds.some((r) => r.merchant_reference === reference)
    ? current
    : await client.refundPayment(paymentId, { amount: cents, merchant_reference: reference }).catch(async (e) => {
        // The answer was lost (timeout, garbled): the refund may have happened. Look for it
        // before reporting a failure (and a retry finds it by its reference anyway).
        if (!isBnplError(e) || !["unavailable", "malformed_answer"].includes(e.code)) {
          throw e
        }
        return (await findRefund(op, paymentId, reference)) ?? Promise.reject(e)
      })
  return { ...session, state: done.state, refunds: done.refunds, medusa_refunded: addAmounts(before, amount) }
}

/** A refund whose answer was lost: the service may show it a moment later, so look a few times. */
async function findRefund(op: Operation, paymentId: string, reference: string): Promise<Payment | undefined> {
  for (let look = 0; look < 3; look++) {
    if (look) {
      await new Promise((r) => setTimeout(r, 500 * look))
    }
    const current = await op
      .client()
      .getPayment(paymentId)
      .catch(() => undefined)
    if (current?.refunds.some((r) => r.merchant_reference === reference)) {
      return current
    }
  }
  return undefined
}
