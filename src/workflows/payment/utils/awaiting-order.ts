import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { markCancelledOrder, type Knex, type LedgerRow } from "../../../modules/bnpl/ledger"
import { BACKGROUND_CALL, REVIEW_STATES } from "../../../providers/bnpl/constants"
import { isAcceptedState, statusOf, webhookActionOf } from "../../../providers/bnpl/status"
import { fromCents } from "../../../lib/money/money"
import { clientFor } from "../../../client"
import { modeOf } from "../../../lib/settings/mode"

/**
 * An order placed while the service was still reviewing its payment (`pending_authorization`),
 * whose notification did not settle it: the payment is fetched, then the order gets its
 * payment (accepted), or is cancelled (refused, expired, stopped). True once an order holds the
 * payment, false while the service still reviews it or when the order was cancelled.
 */
export async function resolveAwaitingOrder(
  container: MedusaContainer,
  row: LedgerRow,
  orderId: string
): Promise<boolean> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(row))
  const payment = await clientFor(options).getPayment(row.bnpl_payment_id, BACKGROUND_CALL)
  if (isAcceptedState(payment.state)) {
    await processPaymentWorkflow(container).run({
      input: {
        // Accepted: captured or authorized (autoCapture), through the provider's own tables.
        action: webhookActionOf(statusOf(payment, row.purchase_amount, options.autoCapture).status),
        data: { session_id: row.session_id, amount: fromCents(payment.purchase_amount, row.currency_code) },
      },
    })
    return true
  }
  // Still under review, unless its page expired meanwhile: then the service will never accept it.
  if (REVIEW_STATES.includes(payment.state) && !payment.expired_at) {
    return false
  }
  await cancelAwaitingOrder(
    container,
    knex,
    row,
    orderId,
    `the service did not accept the payment (state ${payment.state})`
  )
  return false
}

/**
 * The service refused (or let expire, or stopped) the payment an order was waiting for: the
 * order is cancelled, and its payment settled like any cancelled order's (the order-canceled
 * hook fetches it first: a stopped payment that collected instalments is refunded, not marked
 * cancelled on trust).
 */
export async function cancelAwaitingOrder(
  container: MedusaContainer,
  knex: Knex,
  row: LedgerRow,
  orderId: string,
  reason: string
): Promise<void> {
  await markCancelledOrder(knex, row.bnpl_payment_id, orderId, `order ${orderId} cancelled: ${reason}`)
  await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
}
