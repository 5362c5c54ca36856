import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CallOptions } from "../../../client"
import { messagesFor, type Message, type MessageEvent } from "../../../lib/messages/content"
import { kindsFor, orderFieldsFor } from "../../../lib/messages/kinds"
import {
  placedWithPaymentOf,
  earlierBnplPayments,
  ENDED_PAYMENT_FIELDS,
  type EarlierPayment,
} from "../../../lib/payment/order-payments"
import { TRIGGER_EVENT } from "../../../lib/payment/pay-at-shipment"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { orderWithBnplPayment, type BnplOrderPayment } from "../../common/utils/retrieve-order-payment"
import { builtKindOf } from "../utils/built-kinds"
import { orderIdOfFulfillment, orderMessagesOf, type RecordedMessageRow } from "../utils/read-order-messages"

export type OrderEventInput = {
  event: MessageEvent
  order_id?: string | null
  fulfillment_id?: string | null
  /** The event's own record (`bnpl_order_event`), written before anything could fail: deleted once its messages are. */
  event_id?: string | null
  /** Only these kinds (the admin's "Send shipping information": `shipping_info`). */
  only?: string[]
  /** How the pushes call the service (the admin's "Try again now": one short attempt each). */
  call?: CallOptions
}

export type EventRead = {
  order_id: string | null
  payment?: Pick<BnplOrderPayment, "id" | "data">
  /** The payment's lock (the order's while the payment is unknown). */
  lock_name: string
  messages: Message[]
  /** The messages recorded for the payment (the order's record, less other payments' rows). */
  recorded: RecordedMessageRow[]
  reference: { order: { id: string; display_id?: number | string | null }; backendUrl?: string }
  /** What each kind built at each attempt read with the order, by kind (`built-kinds.ts`). */
  built?: Record<string, unknown>
  /** An order placed: its earlier payments Medusa keeps beside the live one (see `recordEndedPayments`). */
  earlier?: { payments: EarlierPayment[]; currency: string }
}

/**
 * Reads what an event's messages are built from, once: the order's record (before the order,
 * so nothing accepted after the read goes unseen), then the order and its payment with the
 * union of the fields of the kinds the event may record, and builds its messages (`KINDS`).
 * Nothing for an order not paid with the plugin; a cancelled order's status names its payment
 * even when Medusa cancelled it. Throws when the order cannot be read: the event's record stays.
 */
export const readEventStep = createStep("bnpl-read-order-event", async (input: OrderEventInput, { container }) => {
  const orderId =
    input.order_id || (input.fulfillment_id ? await orderIdOfFulfillment(container, input.fulfillment_id) : undefined)
  const none = (order_id: string | null): EventRead => ({
    order_id,
    lock_name: order_id ?? "",
    messages: [],
    recorded: [],
    reference: { order: { id: order_id ?? "" } },
  })
  if (!orderId) {
    return new StepResponse(none(null)) // a fulfillment of no order (a return's): nothing to tell
  }
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const [recorded, options] = await Promise.all([orderMessagesOf(container, orderId), bnpl.getOptions()])
  const kinds = kindsFor(input.event, recorded, input.only, options)
  if (!kinds.length) {
    return new StepResponse(none(orderId))
  }
  // An order placed may keep earlier payments a failed completion authorized: read with it.
  const placed = input.event === "order_placed"
  const read = await orderWithBnplPayment(container, orderId, [
    ...orderFieldsFor(kinds),
    ...(placed ? ENDED_PAYMENT_FIELDS : []),
  ])
  const { order } = read
  // A cancelled order's payment is cancelled too (Medusa cancels what it had not captured before
  // the event is handled): the service is still told the order's status, on the payment the
  // order was placed with (the one the service attached it to), not a later link's.
  const payment =
    input.event === "order_canceled" ? (placedWithPaymentOf<BnplOrderPayment>(order) ?? read.payment) : read.payment
  if (!order || !payment) {
    return new StepResponse(none(orderId))
  }
  const startsOn = payment.data?.pay_at_shipment && !payment.canceled_at ? TRIGGER_EVENT[options.triggerOn] : undefined
  const messages = messagesFor(input.event, order, {
    fulfillment_id: input.fulfillment_id ?? undefined,
    backendUrl: options.backendUrl,
    startsOn,
    recorded,
    only: input.only,
    switches: options,
  })
  const builtKinds = [...new Set(messages.map((m) => m.kind))].filter((kind) => builtKindOf(kind))
  const built = builtKinds.length
    ? Object.fromEntries(
        await Promise.all(
          builtKinds.map(async (kind) => [
            kind,
            await builtKindOf(kind)!.readWithEvent(container, orderId, { order, payment, recorded, options }),
          ])
        )
      )
    : undefined
  return new StepResponse<EventRead>({
    order_id: orderId,
    payment: { id: payment.id, data: payment.data },
    lock_name: payment.data?.bnpl_payment_id ?? payment.id ?? orderId,
    messages,
    // The record that decides what is recorded is the payment's: what was sent to a payment
    // Medusa cancelled (an edit's) is sent again to the one that replaced it (a link's).
    recorded: recorded.filter((r) => !r.bnpl_payment_id || r.bnpl_payment_id === payment.data?.bnpl_payment_id),
    reference: { order: { id: order.id, display_id: order.display_id }, backendUrl: options.backendUrl },
    built,
    ...(placed
      ? {
          earlier: { payments: earlierBnplPayments(order, { withLive: true }), currency: order.currency_code ?? "eur" },
        }
      : {}),
  })
})
// Nothing to compensate: it only reads (and may fill the snapshot's offered options, a cache).
