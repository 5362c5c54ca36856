import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { MessageEvent } from "../../../lib/messages/kinds"
import { orderEventComposition } from "./order-event"

/**
 * The order's shipping information pushed now (the admin's "Send shipping information", and
 * `medusa-plugin-bnpl/workflows` for a store's own code): the one order-event pipeline limited to
 * that kind. Answers the push's outcome (null for an order not paid with the plugin).
 */
export type SyncShippingInfoInput = { order_id: string; fulfillment_id?: string; trigger: string }

export const syncShippingInfoWorkflow = createWorkflow("bnpl-sync-shipping-info", (input: SyncShippingInfoInput) => {
  const event = transform({ input }, ({ input }) => ({
    event: input.trigger as MessageEvent,
    order_id: input.order_id,
    fulfillment_id: input.fulfillment_id,
    only: ["shipping_info"],
  }))
  const result = orderEventComposition(event)
  return new WorkflowResponse(transform({ result }, ({ result }) => result.outcomes[0] ?? null))
})
