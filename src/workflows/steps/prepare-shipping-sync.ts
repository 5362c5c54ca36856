import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { hashShippingInfo, UNPUSHED_RETRY_AFTER_MS } from "../../lib/shipping/sync-policy"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import type { ReadOrderShippingOutput } from "./read-order-shipping"

export type PrepareShippingSyncInput = { order_id: string; fulfillment_id?: string; trigger: string }

/**
 * Records that an order's shipping information must be pushed, before the push can fail: the
 * row exists first (with the information read, when it was), and the push step then the retry
 * job act on it. Null for an order not paid with the plugin (ignored without a trace). When the
 * order could not be read, the row is written anyway: the push decides later.
 */
export const prepareShippingSyncStep = createStep(
  "bnpl-prepare-shipping-sync",
  async (input: PrepareShippingSyncInput & { read: ReadOrderShippingOutput }, { container }) => {
    const { read } = input
    if (read.paid === false) {
      return new StepResponse(null)
    }
    if (read.paid === undefined) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `BNPL shipping sync for order ${input.order_id}: payment not read, recorded to check again: ${(read.info as any).error}`
        )
    }
    const ready = read.info.kind === "ready" ? read.info : undefined
    const record = await container.resolve<BnplModuleService>(BNPL_MODULE).createBnplShippingSyncs({
      order_id: input.order_id,
      fulfillment_id: input.fulfillment_id ?? null,
      trigger: input.trigger,
      status: "pending",
      payment_id: read.payment_id ?? null,
      bnpl_payment_id: read.bnpl_payment_id ?? null,
      payload: (ready?.shipping_info as Record<string, unknown> | undefined) ?? null,
      payload_hash: ready ? hashShippingInfo(ready.shipping_info) : null,
      next_attempt_at: new Date(Date.now() + UNPUSHED_RETRY_AFTER_MS),
    })
    return new StepResponse(record.id as string | null)
  }
  // Deliberately no compensation: the row is the durable trace the retry job works from. A
  // later step failing (the lock not taken in time, a crash) must leave it pending, not delete it.
)
