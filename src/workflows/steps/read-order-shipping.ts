import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { readOrderShipping, type OrderShippingRead } from "../shipping/read"

export type ReadOrderShippingInput = { order_id: string }

export type ReadOrderShippingOutput = OrderShippingRead & { sync_enabled: boolean }

/** Reads the order, its BNPL payment and its shipping information once, for the steps that follow. */
export const readOrderShippingStep = createStep(
  "bnpl-read-order-shipping",
  async (input: ReadOrderShippingInput, { container }) => {
    const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    const read = await readOrderShipping(container, input.order_id, options.shippingMethodOverrides)
    return new StepResponse<ReadOrderShippingOutput>({ ...read, sync_enabled: options.shippingSyncEnabled })
  }
  // Nothing to compensate: it only reads (and may fill the snapshot's offered options, a cache).
)
