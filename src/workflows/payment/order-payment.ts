import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentActions } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { ACCEPTED_STATES } from "../../client"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { REVIEW_STATES } from "../../providers/bnpl/constants"
import { markSettled, markToSettle, type Knex, type LedgerRow } from "../../modules/bnpl/ledger"
import type { BnplSessionData } from "../../providers/bnpl/types"
import { fromCents } from "../../lib/money"
import { BNPL_PROVIDER_ID as PROVIDER_ID } from "../../lib/provider-registration"
import { clientFor } from "../../utils/options"
import { modeOf } from "../../lib/mode"

export type BnplOrderPayment = { id: string; data: BnplSessionData; amount?: unknown; canceled_at?: string | null }

/**
 * An order (with the extra `fields` asked) and its payment made with this plugin, if any.
 * The one place that knows how an order leads to its BNPL payment.
 */
export async function orderWithBnplPayment(
  container: MedusaContainer,
  orderId: string,
  fields: string[] = []
): Promise<{ order: any; payment?: BnplOrderPayment }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "currency_code",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.amount",
      "payment_collections.payments.canceled_at",
      ...fields,
    ],
    filters: { id: orderId },
  })
  const order = data[0] as any
  const payment = (order?.payment_collections ?? [])
    .flatMap((pc: any) => pc?.payments ?? [])
    .find((p: any) => p?.provider_id === PROVIDER_ID && !p.canceled_at)
  return { order, payment: payment ? { ...payment, data: payment.data ?? {} } : undefined }
}

/**
 * An order placed while the service was still reviewing its payment (`pending_authorization`),
 * whose notification did not settle it: the payment is fetched, then the order gets its
 * payment (accepted), or is cancelled (refused, expired, stopped). True once an order holds the
 * payment, false while the service still reviews it or when the order was cancelled.
 */
export async function resolveAwaitingOrder(container: MedusaContainer, row: LedgerRow, orderId: string): Promise<boolean> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions(modeOf(row))
  const payment = await clientFor(options).getPayment(row.bnpl_payment_id, { timeoutMs: 5_000, retries: 0 })
  if ((ACCEPTED_STATES as readonly string[]).includes(payment.state)) {
    await processPaymentWorkflow(container).run({
      input: {
        action: options.autoCapture ? PaymentActions.SUCCESSFUL : PaymentActions.AUTHORIZED,
        data: { session_id: row.session_id, amount: fromCents(payment.purchase_amount, row.currency_code) },
      },
    })
    return true
  }
  if (REVIEW_STATES.includes(payment.state)) {
    return false
  }
  await cancelAwaitingOrder(container, knex, row, orderId, `the service did not accept the payment (state ${payment.state})`)
  return false
}

/** The service refused (or let expire) the payment an order was waiting for: the order is cancelled. */
export async function cancelAwaitingOrder(
  container: MedusaContainer,
  knex: Knex,
  row: LedgerRow,
  orderId: string,
  reason: string
): Promise<void> {
  await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
  await markToSettle(knex, row.bnpl_payment_id, `order ${orderId} cancelled: ${reason}`)
  await markSettled(knex, row.bnpl_payment_id, "cancelled", null)
}
