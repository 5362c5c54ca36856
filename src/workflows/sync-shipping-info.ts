import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CallOptions } from "../client"
import type { MessageEvent } from "../lib/messages/kinds"
import { orderEventComposition, retryMessageComposition } from "./messages/workflows"

/**
 * The package's public workflows (`medusa-plugin-bnpl/workflows`), kept under their ids (the
 * Redis workflow engine stores executions under them): the one order-event pipeline limited to
 * the order's shipping information, and the one retry. Answer the shipping sync's outcome (null
 * for an order not paid with the plugin).
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

export type PushShippingInfoInput = { sync_id: string; call?: CallOptions }

/** Another attempt at a recorded message (the old name of `retryMessageWorkflow`). */
export const retryShippingSyncWorkflow = createWorkflow(
  "bnpl-retry-shipping-sync",
  (input: PushShippingInfoInput) =>
    new WorkflowResponse(
      retryMessageComposition(transform({ input }, ({ input }) => ({ message_id: input.sync_id, call: input.call })))
    )
)
