import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BnplSessionData } from "../../../providers/bnpl/types"
import { liveBnplPaymentOf } from "../../../lib/payment/order-payments"

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
      "payment_collections.payments.created_at",
      ...fields,
    ],
    filters: { id: orderId },
  })
  const order = data[0] as any
  const payment = liveBnplPaymentOf<any>(order)
  return { order, payment: payment ? { ...payment, data: payment.data ?? {} } : undefined }
}
