import { ACCEPTED_STATES, type BnplClient, type CallOptions, type Payment } from "../../client"
import { isTriggerApplied, readFlag } from "../../client/schemas"

/** States in which the customer has been charged something: ending the payment means refunding. */
export const CHARGED_STATES: readonly string[] = [
  ...ACCEPTED_STATES,
  "late_dunning",
  "late_contact_customer",
  "default",
  "collection_done",
]

/**
 * Pay at shipment, not triggered yet: accepted, but nothing was taken from the customer. The
 * client gives both fields as booleans; read here the way it reads the service's answer too
 * (`deferred_trigger` true or 1; `deferred_trigger_applied` applied when present and not
 * false/null, e.g. a timestamp), so a payment built elsewhere is never misread.
 */
export const awaitsTrigger = (payment: Pick<Payment, "deferred_trigger" | "deferred_trigger_applied">): boolean =>
  readFlag(payment.deferred_trigger) === true && !isTriggerApplied(payment.deferred_trigger_applied)

/**
 * Charged: an accepted state (unless it awaits its trigger), or a `stopped` payment that had
 * already collected instalments.
 */
export function hasCharged(payment: Payment): boolean {
  if (awaitsTrigger(payment)) {
    return false
  }
  if (CHARGED_STATES.includes(payment.state)) {
    return true
  }
  return payment.state === "stopped" && (payment.payment_plan ?? []).some((i: any) => i?.state === "paid")
}

/** Cents the service has given back on this payment so far. */
export function refundedTotal(payment: Pick<Payment, "refunds">): number {
  return (payment.refunds ?? []).reduce((sum, r) => sum + r.amount, 0)
}

export type Settlement = { status: "cancelled" | "refunded"; refunded: number | null }

/**
 * Ends a payment that will never belong to an order: fetched first, then refunded in full if
 * the customer was charged, cancelled otherwise. Safe to repeat: a refund whose answer was
 * lost shows in the next fetch (nothing left to refund), and a cancel refused because the
 * customer accepted meanwhile fails this attempt so the next one refunds. A 404 is thrown on:
 * it means the account asked does not know the payment (another key, mode or URL), never that
 * nothing is owed.
 */
export async function settlePayment(client: BnplClient, pid: string, call: CallOptions = {}): Promise<Settlement> {
  const payment = await client.getPayment(pid, call)
  if (hasCharged(payment)) {
    const remaining = payment.purchase_amount - refundedTotal(payment)
    if (remaining > 0) {
      await client.refundPayment(pid, { amount: remaining, merchant_reference: `medusa-settle-${pid}` }, call)
    }
    return { status: "refunded", refunded: payment.purchase_amount }
  }
  if (payment.expired_at || ["scored_no", "stopped"].includes(payment.state)) {
    return { status: "cancelled", refunded: null }
  }
  await client.cancelPayment(pid, call)
  return { status: "cancelled", refunded: null }
}
