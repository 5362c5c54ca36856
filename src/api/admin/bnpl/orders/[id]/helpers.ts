import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { clientFor } from "../../../../../client"
import { BNPL_MODULE } from "../../../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../../../modules/bnpl/service"
import { orderWithBnplPayment } from "../../../../../workflows/common/utils/retrieve-order-payment"
import { modeOf } from "../../../../../lib/settings/mode"
import { findPayment } from "../../../../../modules/bnpl/ledger"
import { eventView, messageView } from "../../../../../lib/messages/view"

/**
 * A collection Medusa cancels, with its payments, when an order change (an edit, a claim, an
 * exchange) leaves the order owing anything (createOrUpdateOrderPaymentCollectionWorkflow, 2.21):
 * the customer is then asked for the whole order again.
 */
const UNCAPTURED = ["authorized", "partially_authorized"]

/**
 * What the admin shows on an order paid with the plugin: the service payment (state, plan,
 * schedule, refunds, fetched live when the service answers), the timeline of every message the
 * service was told about the order, and the order's events still waiting to be told.
 */
export async function orderView(container: MedusaContainer, orderId: string) {
  const { order, payment } = await orderWithBnplPayment(container, orderId, [
    "payment_collections.status",
    "fulfillments.id",
  ])
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  }
  if (!payment) {
    return { order_id: orderId, paid_with_bnpl: false as const }
  }
  const session = payment.data
  // Medusa's records: the payment's collection authorized, nothing captured yet.
  const collection = (order.payment_collections ?? []).find((c: any) =>
    c?.payments?.some((p: any) => p?.id === payment.id)
  )
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)

  let live: Awaited<ReturnType<ReturnType<typeof clientFor>["getPayment"]>> | undefined
  let serviceError: string | undefined
  if (session.bnpl_payment_id) {
    try {
      live = await clientFor(await bnpl.getOptions(modeOf(session)), logger).getPayment(session.bnpl_payment_id, {
        timeoutMs: 5000,
      })
    } catch (e) {
      serviceError = (e as Error).message
    }
  }
  // Pay at shipment: the ledger knows the deadline and whether the payment started.
  const ledger = session.bnpl_payment_id
    ? await findPayment(container.resolve(ContainerRegistrationKeys.PG_CONNECTION), session.bnpl_payment_id)
    : undefined
  // One read of what the service was told, one of the events still waiting to be.
  const [told, waiting] = await Promise.all([
    bnpl.listBnplServiceMessages({ order_id: orderId }, { order: { created_at: "DESC" }, take: 100 }),
    bnpl.listOrderEvents(order),
  ])
  return {
    order_id: orderId,
    paid_with_bnpl: true as const,
    payment: {
      id: payment.id,
      bnpl_payment_id: session.bnpl_payment_id ?? null,
      mode: modeOf(session),
      currency_code: session.currency_code ?? order.currency_code,
      purchase_amount: live?.purchase_amount ?? session.purchase_amount ?? null,
      installments_count: live?.installments_count ?? session.installments_count ?? null,
      deferred_days: live?.deferred_days ?? session.deferred_days ?? null,
      deferred_months: live?.deferred_months ?? session.deferred_months ?? null,
      state: live?.state ?? session.state ?? null,
      customer_fee: live?.customer_fee ?? null,
      customer_interest: live?.customer_interest ?? null,
      payment_plan: live?.payment_plan ?? session.payment_plan ?? [],
      refunds: live?.refunds ?? session.refunds ?? [],
      /** False when the service could not be asked: the figures are those kept at checkout. */
      live: !!live,
      service_error: serviceError ?? null,
      pay_at_shipment: !!ledger?.pay_at_shipment,
      /** The last day the order may ship for its payment to start (pay at shipment, not started yet). */
      trigger_deadline: ledger?.pay_at_shipment && !ledger.triggered_at ? (ledger.trigger_deadline ?? null) : null,
      triggered_at: ledger?.triggered_at ?? null,
      edit_cancels: UNCAPTURED.includes(collection?.status),
    },
    /** Every message to the service about the order, newest first, in the admin API's words. */
    messages: told.map(messageView),
    /** Events whose messages are not recorded yet (the order could not be read then): retried by the job. */
    events: waiting.map(eventView),
  }
}
