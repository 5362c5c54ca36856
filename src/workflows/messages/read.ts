import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ORDER_MESSAGE_FIELDS } from "../../lib/messages/content"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { orderWithBnplPayment } from "../payment/order-payment"

/** The order a fulfillment belongs to (shipment and delivery events name only the fulfillment). */
export async function orderIdOfFulfillment(container: MedusaContainer, fulfillmentId: string) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "fulfillment",
    fields: ["id", "order.id"],
    filters: { id: fulfillmentId },
  })
  return (data[0] as any)?.order?.id as string | undefined
}

/** An order with everything its messages are built from, and its BNPL payment: one read. */
export const readOrderForMessages = (container: MedusaContainer, orderId: string, fields: string[] = []) =>
  orderWithBnplPayment(container, orderId, [...ORDER_MESSAGE_FIELDS, ...fields])

/** Fields the push compares a message with (the payment's other messages, read under its lock). */
const ROW_FIELDS = [
  "id",
  "kind",
  "status",
  "attempts",
  "bnpl_payment_id",
  "payload_hash",
  "accepted_sequence",
  "service_order_id",
  "created_at",
  "payload",
] as const

/** An order's messages of every kind but `shipping_info` (which has its own push): a handful. */
export async function orderMessagesOf(container: MedusaContainer, orderId: string) {
  return container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .listBnplShippingSyncs(
      { order_id: orderId, kind: ["order_reference", "order_status", "tracking", "trigger"] },
      { select: [...ROW_FIELDS] }
    )
}
