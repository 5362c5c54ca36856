import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { messagesFor, orderReference, type MessageTrigger, type OrderMessage } from "../../lib/messages/content"
import { TRIGGER_EVENT } from "../../lib/pay-at-shipment"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { readOrderForMessages } from "../messages/read"

export type ReadOrderMessagesInput = {
  order_id: string
  trigger: MessageTrigger
  fulfillment_id?: string
  /** The order and payment already read by the caller (with `ORDER_MESSAGE_FIELDS`): not read again. */
  read?: Awaited<ReturnType<typeof readOrderForMessages>>
}

export type ReadOrderMessagesOutput = {
  order_id: string
  payment_id?: string
  bnpl_payment_id?: string
  messages: OrderMessage[]
  /** The order reference, for an order whose reference was never recorded (placed before this). */
  reference?: OrderMessage
}

/**
 * Reads the order once (unless the caller did) and builds what this event tells the service.
 * No messages for an order not paid with the plugin.
 */
export const readOrderMessagesStep = createStep(
  "bnpl-read-order-messages",
  async (input: ReadOrderMessagesInput, { container }) => {
    const { order, payment } = input.read ?? (await readOrderForMessages(container, input.order_id))
    if (!order || !payment) {
      return new StepResponse<ReadOrderMessagesOutput>({ order_id: input.order_id, messages: [] })
    }
    const { backendUrl, triggerOn } = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    const startsOn = payment.data.pay_at_shipment ? TRIGGER_EVENT[triggerOn] : undefined
    return new StepResponse<ReadOrderMessagesOutput>({
      order_id: input.order_id,
      payment_id: payment.id,
      bnpl_payment_id: payment.data.bnpl_payment_id,
      messages: messagesFor(input.trigger, order, { fulfillment_id: input.fulfillment_id, backendUrl, startsOn }),
      reference: { kind: "order_reference", payload: orderReference(order, backendUrl) },
    })
  }
  // Nothing to compensate: it only reads.
)
