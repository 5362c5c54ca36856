import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { fromCents } from "../../../lib/money/money"
import { earlierBnplPayments, ENDED_PAYMENT_FIELDS, type EarlierPayment } from "../../../lib/payment/order-payments"
import { findPayment, type Knex } from "../../../modules/bnpl/ledger"
import { orderWithBnplPayment } from "../../common/utils/retrieve-order-payment"

/** Ledger states in which the service confirmed a payment ended: given back, or never charged. */
const SETTLED = ["refunded", "cancelled"]

/**
 * Medusa records what the service did with an order's earlier payments (`earlierBnplPayments`:
 * authorized by a completion that failed, whose session then went, so the plugin ended them),
 * and with the one it was placed with when the plugin had ended that one before the order.
 * Only once the ledger says the service ended one: what Medusa captured of it is refunded, an
 * uncaptured one is cancelled; the provider answers both from the ledger, with no service call.
 * One still being settled is recorded by the settle job once it is. Safe to repeat: a payment
 * recorded already has nothing left to refund, or is cancelled. Returns the payments recorded.
 */
export async function recordEndedPayments(
  container: MedusaContainer,
  earlier: EarlierPayment[],
  currency: string
): Promise<string[]> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const recorded: string[] = []
  for (const payment of earlier) {
    const row = await findPayment(knex, payment.bnpl_payment_id)
    if (!row || !SETTLED.includes(row.status)) {
      continue
    }
    const left = payment.captured_cents - payment.refunded_cents
    if (left > 0) {
      await refundPaymentWorkflow(container).run({
        input: {
          payment_id: payment.id,
          amount: fromCents(left, currency),
          note: "Given back by the payment service: no order held it when it was ended",
        },
      })
    } else if (payment.captured_cents === 0) {
      await container.resolve<IPaymentModuleService>(Modules.PAYMENT).cancelPayment(payment.id)
    } else {
      continue
    }
    recorded.push(payment.id)
  }
  return recorded
}

/** The same for one order, read here (the settle job, once it ended a payment of a cart that has an order). */
export async function recordEndedPaymentsOfOrder(container: MedusaContainer, orderId: string): Promise<string[]> {
  const { order } = await orderWithBnplPayment(container, orderId, ENDED_PAYMENT_FIELDS)
  return order
    ? recordEndedPayments(container, earlierBnplPayments(order, { withLive: true }), order.currency_code ?? "eur")
    : []
}
