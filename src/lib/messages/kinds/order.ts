import type { OrderReference } from "../../../client"
import { defineKind, type OrderRead, type SendInput } from "./kind"

/** The shop order as the service's merchants see it: its number, and where it is in the admin. */
export function orderReference(order: Pick<OrderRead, "id" | "display_id">, backendUrl?: string): OrderReference {
  const reference: OrderReference = { merchant_reference: String(order.display_id ?? order.id) }
  if (backendUrl) {
    reference.merchant_url = `${backendUrl.replace(/\/+$/, "")}/app/orders/${order.id}`
  }
  return reference
}

/**
 * The shop's order attached to the payment (`POST /v1/payments/<id>/orders`, replace: the same
 * list twice is the same state). Status and tracking name it, so it goes first.
 */
export const orderReferenceKind = defineKind({
  kind: "order",
  oncePerContent: false,
  fixedAtRecord: true,
  needsAttachedOrder: false,
  bringsReference: false,
  on: ["order_placed"],
  orderFields: ["display_id"],
  build: ({ order, backendUrl }) => [{ payload: orderReference(order, backendUrl) }],
  send: async ({ client, pid, payload, call }: SendInput<OrderReference>) => ({
    service_order_id: (await client.attachOrder(pid, payload, call)).id,
  }),
})
