import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { KINDS } from "../../../lib/messages/kinds"
import type { MessageRow } from "../../../lib/messages/policy"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"

/** The order a fulfillment belongs to (shipment and delivery events name only the fulfillment). */
export async function orderIdOfFulfillment(container: MedusaContainer, fulfillmentId: string) {
  // The link's own table: one statement (through the fulfillment, three).
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order_fulfillment",
    fields: ["order_id"],
    filters: { fulfillment_id: fulfillmentId },
  })
  return (data[0] as any)?.order_id as string | undefined
}

/** Fields the pipeline compares a message with (the payment's other messages). */
const ROW_FIELDS = [
  "id",
  "kind",
  "status",
  "attempts",
  "order_id",
  "trigger",
  "payment_id",
  "bnpl_payment_id",
  "payload_hash",
  "accepted_sequence",
  "service_order_id",
  "accepted_at",
  "created_at",
  "payload",
] as const

export type RecordedMessageRow = MessageRow & {
  order_id: string
  trigger: string
  payment_id?: string | null
  accepted_at?: Date | string | null
}

/** An order's messages of every kind (not its unhandled events): a handful, one query. */
export async function orderMessagesOf(container: MedusaContainer, orderId: string): Promise<RecordedMessageRow[]> {
  return (await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .listBnplServiceMessages(
      { order_id: orderId, kind: KINDS.map((k) => k.kind) },
      { select: [...ROW_FIELDS] }
    )) as unknown as RecordedMessageRow[]
}
