import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { lastAccepted } from "../../lib/shipping/sync-policy"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { readOrderShipping, type OrderShippingRead } from "../shipping/read"

export type ReadOrderShippingInput = { order_id: string }

export type ReadOrderShippingOutput = OrderShippingRead & {
  sync_enabled: boolean
  /**
   * The last sync the service accepted for the payment when the order was read (null: none),
   * so the push can tell whether another was accepted since (see `mayBeSuperseded`).
   */
  accepted_mark?: string | null
}

/** Reads the order, its BNPL payment and its shipping information once, for the steps that follow. */
export const readOrderShippingStep = createStep(
  "bnpl-read-order-shipping",
  async (input: ReadOrderShippingInput, { container }) => {
    const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
    const options = await bnpl.getOptions()
    const read = await readOrderShipping(container, input.order_id, options.shippingMethodOverrides)
    return new StepResponse<ReadOrderShippingOutput>({
      ...read,
      sync_enabled: options.shippingSyncEnabled,
      accepted_mark: read.bnpl_payment_id ? await acceptedMark(bnpl, read.bnpl_payment_id) : undefined,
    })
  }
  // Nothing to compensate: it only reads (and may fill the snapshot's offered options, a cache).
)

/** The id of the sync the service last accepted for a payment, null for none. */
export async function acceptedMark(bnpl: BnplModuleService, bnplPaymentId: string): Promise<string | null> {
  return (await lastAcceptedSyncOf(bnpl, bnplPaymentId))?.id ?? null
}

/** What the service last accepted for a payment (one query: a payment has a handful). */
export async function lastAcceptedSyncOf(bnpl: BnplModuleService, bnplPaymentId: string) {
  const accepted = await bnpl.listBnplShippingSyncs(
    { bnpl_payment_id: bnplPaymentId, status: "synced" },
    { select: ["id", "payload_hash", "accepted_sequence", "synced_at"] }
  )
  return lastAccepted(accepted)
}
