import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { ACCEPTED_STATES, type Payment, type PaymentState } from "../../client"
import { awaitsTrigger, refundedTotal } from "../../lib/payment/settlement"
import { REVIEW_STATES } from "./constants"

/** A session status, and why when it is not the happy one (for the log and `failure_reason`). */
export type StatusVerdict = { status: PaymentSessionStatus; reason?: string }

/** The service accepted the payment (the customer was charged its first instalment or all of it). */
export function isAcceptedState(state: string): boolean {
  return (ACCEPTED_STATES as readonly string[]).includes(state)
}

/** Medusa may place the order with this status (a payment is created for it). */
export function isAuthorizedStatus(status: PaymentSessionStatus): boolean {
  return status === PaymentSessionStatus.AUTHORIZED || status === PaymentSessionStatus.CAPTURED
}

/** What a service state means for Medusa, for a payment neither accepted nor expired. */
export const STATUS_BY_STATE: Partial<Record<PaymentState, StatusVerdict>> = {
  stopped: { status: PaymentSessionStatus.CANCELED, reason: "the service stopped the payment" },
  // The customer submitted, the service is still reviewing: the order waits for its answer
  // (the notification or the settle job completes or cancels it).
  ...Object.fromEntries(REVIEW_STATES.map((state) => [state, { status: PaymentSessionStatus.PENDING_AUTHORIZATION }])),
  scored_no: { status: PaymentSessionStatus.ERROR, reason: "the service refused the payment" },
}

/**
 * What a service payment's state means for Medusa. An accepted payment for another amount than
 * the session's is an error, and one with refunds (given back, in part or in full, before any
 * order held it) is cancelled: neither is ever authorized. An expired page ends the payment
 * whatever its last state; any other state not in the table is "not accepted yet".
 */
export function statusOf(payment: Payment, expectedCents: number, autoCapture: boolean): StatusVerdict {
  const refunded = refundedTotal(payment)
  if (refunded > 0) {
    return {
      status: PaymentSessionStatus.CANCELED,
      reason: `the payment was refunded (${refunded} of ${payment.purchase_amount} cents): it cannot become an order`,
    }
  }
  if (isAcceptedState(payment.state)) {
    if (payment.purchase_amount !== expectedCents) {
      return {
        status: PaymentSessionStatus.ERROR,
        reason: `amount mismatch: the service accepted ${payment.purchase_amount} cents, the session expects ${expectedCents}`,
      }
    }
    // Pay at shipment: nothing is taken until the trigger, so nothing is captured before it.
    return {
      status: autoCapture && !awaitsTrigger(payment) ? PaymentSessionStatus.CAPTURED : PaymentSessionStatus.AUTHORIZED,
    }
  }
  if (payment.expired_at) {
    return { status: PaymentSessionStatus.CANCELED, reason: "the payment was cancelled or expired" }
  }
  return (
    STATUS_BY_STATE[payment.state] ?? {
      status: PaymentSessionStatus.PENDING,
      reason: `the payment is not accepted yet (state ${payment.state})`,
    }
  )
}

/** The webhook action Medusa takes for a session status; anything else waits (`pending`). */
export const WEBHOOK_ACTION_BY_STATUS: Partial<Record<PaymentSessionStatus, PaymentActions>> = {
  [PaymentSessionStatus.CAPTURED]: PaymentActions.SUCCESSFUL,
  [PaymentSessionStatus.AUTHORIZED]: PaymentActions.AUTHORIZED,
  [PaymentSessionStatus.CANCELED]: PaymentActions.CANCELED,
  [PaymentSessionStatus.ERROR]: PaymentActions.FAILED,
}

export function webhookActionOf(status: PaymentSessionStatus): PaymentActions {
  return WEBHOOK_ACTION_BY_STATUS[status] ?? PaymentActions.PENDING
}
