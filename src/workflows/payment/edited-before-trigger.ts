import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { BNPL_PROVIDER_ID } from "../../lib/provider-registration"

/**
 * Pay at shipment: an order edited to a lower total before it shipped still started the
 * payment's original schedule (the service's payment cannot be lowered before the trigger, and
 * Medusa captures the payment's own amount). Once Medusa records the capture, the difference the
 * order owes the customer (its negative pending difference) is refunded through Medusa's own
 * refund workflow: recorded on the order, given back at the service, never left for the
 * merchant to find. Plain plans are left to Medusa's usual refund.
 */
export async function refundEditedDifference(container: MedusaContainer, paymentId: string): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: ["id", "provider_id", "data", "payment_collection_id"],
    filters: { id: paymentId },
  })
  const payment = payments[0] as any
  if (payment?.provider_id !== BNPL_PROVIDER_ID || !payment.data?.pay_at_shipment) {
    return
  }
  const { data: links } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: payment.payment_collection_id },
  })
  const orderId = (links[0] as any)?.order_id
  if (!orderId) {
    return
  }
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "summary.*"], filters: { id: orderId } })
  const pending = (orders[0] as any)?.summary?.pending_difference ?? 0
  if (!MathBN.lt(pending, 0)) {
    return
  }
  await refundPaymentWorkflow(container).run({
    input: {
      payment_id: paymentId,
      amount: MathBN.mult(pending, -1).toNumber(),
      note: "The order was edited to a lower total before it shipped: the difference is refunded",
    },
  })
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`BNPL order ${orderId}: edited before it shipped, the difference (${MathBN.mult(pending, -1)}) refunded`)
}
