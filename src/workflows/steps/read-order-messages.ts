import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { messagesFor, orderReference, type MessageTrigger, type OrderMessage } from "../../lib/messages/content"
import { TRIGGER_EVENT } from "../../lib/pay-at-shipment"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { bnplPaymentsOf } from "../../lib/order-payments"
import { readOrderForMessages } from "../messages/read"
import type { BnplOrderPayment } from "../payment/order-payment"

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
 * No messages for an order not paid with the plugin; a cancelled order's status names its
 * payment even when Medusa cancelled it.
 */
export const readOrderMessagesStep = createStep(
  "bnpl-read-order-messages",
  async (input: ReadOrderMessagesInput, { container }) => {
    const { order, payment: live } = input.read ?? (await readOrderForMessages(container, input.order_id))
    // A cancelled order's payment is cancelled too (Medusa cancels what it had not captured before
    // the event is handled): the service is still told the order's status.
    const payment =
      live ?? (input.trigger === "order_canceled" ? bnplPaymentsOf<BnplOrderPayment>(order).at(-1) : undefined)
    if (!order || !payment) {
      return new StepResponse<ReadOrderMessagesOutput>({ order_id: input.order_id, messages: [] })
    }
    const { backendUrl, triggerOn } = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    const startsOn = payment.data?.pay_at_shipment && !payment.canceled_at ? TRIGGER_EVENT[triggerOn] : undefined
    return new StepResponse<ReadOrderMessagesOutput>({
      order_id: input.order_id,
      payment_id: payment.id,
      bnpl_payment_id: payment.data?.bnpl_payment_id,
      messages: messagesFor(input.trigger, order, { fulfillment_id: input.fulfillment_id, backendUrl, startsOn }),
      reference: { kind: "order_reference", payload: orderReference(order, backendUrl) },
    })
  }
  // Nothing to compensate: it only reads.
)
