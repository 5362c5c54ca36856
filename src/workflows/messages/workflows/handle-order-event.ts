import type { SubscriberArgs } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CallOptions } from "../../../client"
import type { MessageEvent } from "../../../lib/messages/kinds"
import { failedAttempt, UNPUSHED_RETRY_AFTER_MS } from "../../../lib/messages/retry"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { orderWithBnplPayment } from "../../common/utils/retrieve-order-payment"
import { builtKindOf } from "../utils/built-kinds"
import { orderMessagesOf } from "../utils/read-order-messages"
import type { PushOutcome } from "../utils/attempt"
import { orderEventWorkflow, retryMessageWorkflow, type OrderEventResult } from "./order-event"

/** An order event the plugin tells the service about (shipment and delivery name only the fulfillment). */
export type OrderEvent = { event: MessageEvent; order_id?: string | null; fulfillment_id?: string | null }

const describe = (event: OrderEvent) =>
  `BNPL ${event.event} of order ${event.order_id || `(fulfillment ${event.fulfillment_id})`}`

/**
 * Handles an order event: it is recorded first (`bnpl_order_event`, due for the retry job in a
 * minute), then the event's workflow reads the order once, records its messages in place of the
 * event, and sends them under the payment's lock. Never fails the merchant's action and never
 * loses the event: when the order cannot be read (a dropped connection), the event stays, and
 * the job handles it again. Handling it again records nothing twice (tracking and the trigger
 * once, a status unchanged).
 */
export async function handleOrderEvent(
  container: MedusaContainer,
  event: OrderEvent
): Promise<OrderEventResult | undefined> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const eventId = await recordEvent(container, event).catch((e) => {
    logger.error(`${describe(event)}: the event could not be recorded: ${(e as Error).message}`)
    return undefined // handled now all the same
  })
  try {
    return await runEvent(container, event, eventId)
  } catch (e) {
    logger.warn(`${describe(event)}: messages not sent now, handled again by the retry job: ${(e as Error).message}`)
    await failedEvent(container, eventId, 0, (e as Error).message)
    return undefined
  }
}

/** A subscriber of an order event: a few lines naming the event and where its ids are. */
export function orderEventSubscriber(event: MessageEvent, ids: (data: any) => Omit<OrderEvent, "event">) {
  return async function ({ event: { data }, container }: SubscriberArgs<any>) {
    await handleOrderEvent(container, { event, ...ids(data) })
  }
}

async function runEvent(container: MedusaContainer, event: OrderEvent, eventId?: string, call?: CallOptions) {
  const { result } = await orderEventWorkflow(container).run({ input: { ...event, event_id: eventId, call } })
  return result
}

async function recordEvent(container: MedusaContainer, event: OrderEvent): Promise<string> {
  // One statement on every order event's path (the data layer's create is a transaction of three).
  return container.resolve<BnplModuleService>(BNPL_MODULE).recordOrderEvent({
    event: event.event,
    // Unknown yet when the event names only the fulfillment: found when read.
    order_id: event.order_id ?? null,
    fulfillment_id: event.fulfillment_id ?? null,
    next_attempt_at: new Date(Date.now() + UNPUSHED_RETRY_AFTER_MS),
  })
}

/** An event not handled this time (its messages were not recorded): it backs off. */
async function failedEvent(container: MedusaContainer, eventId: string | undefined, attempts: number, error: string) {
  if (!eventId) return
  await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .updateBnplOrderEvents({ id: eventId, ...failedAttempt(attempts + 1), last_error: error.slice(0, 500) })
    .catch(() => undefined) // recorded its messages (and left) before failing: they are the job's now
}

/**
 * Another attempt at an order event whose messages were never recorded (the retry job, "Try
 * again now"): handled again (its messages recorded and sent, with `call`). Resolves the
 * service's "unavailable" when one of them met it.
 */
export async function retryOrderEvent(
  container: MedusaContainer,
  eventId: string,
  call?: CallOptions
): Promise<PushOutcome | null> {
  const [recorded] = await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .listBnplOrderEvents({ id: eventId, status: "pending" })
  if (!recorded) return null // handled meanwhile (its messages stand for it)
  const event: OrderEvent = {
    event: recorded.event as MessageEvent,
    order_id: recorded.order_id,
    fulfillment_id: recorded.fulfillment_id,
  }
  try {
    const result = await runEvent(container, event, eventId, call)
    return result?.outcomes.find((o) => o.error_code === "unavailable") ?? null
  } catch (e) {
    await failedEvent(container, eventId, recorded.attempts, (e as Error).message)
    throw e
  }
}

/** One attempt at a recorded message (the retry job, "Push again"), through its kind's push. */
export async function retryMessage(
  container: MedusaContainer,
  messageId: string,
  call: CallOptions
): Promise<PushOutcome | null> {
  return (await retryMessageWorkflow(container).run({ input: { message_id: messageId, call } })).result
}

/**
 * An order placed while the service still reviewed its payment had no payment of the plugin's
 * when its events happened: nothing was recorded then. So with a payment that replaced the
 * order's own after Medusa cancelled it (an edit with autoCapture off, paid again by link): its
 * events were told to the payment that ended. Once the order holds payment `pid` as its live one,
 * what it went through is told to it now, in order: the reference, then each fulfillment's
 * handover (its shipping information, a shipment, a delivery: the trigger of a pay-at-shipment
 * payment among them). Every event records before it sends and never sends a content twice. A
 * payment already told something costs one read; a link that pays a difference while the order
 * keeps its own payment is told nothing (the order's messages go to its live payment).
 */
export async function catchUpOrderEvents(container: MedusaContainer, orderId: string, pid: string): Promise<void> {
  // A message built at each attempt (the shipping information) may have been recorded for it and
  // skipped; any other message says the events were handled.
  const told = (await orderMessagesOf(container, orderId)).filter((r) => !builtKindOf(r.kind))
  if (told.some((r) => r.bnpl_payment_id === pid)) {
    return
  }
  if (told.length && (await orderWithBnplPayment(container, orderId)).payment?.data?.bnpl_payment_id !== pid) {
    return
  }
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: [
      "id",
      "fulfillments.id",
      "fulfillments.created_at",
      "fulfillments.shipped_at",
      "fulfillments.delivered_at",
    ],
    filters: { id: orderId },
  })
  type Fulfillment = { id: string; created_at?: string; shipped_at?: string | null; delivered_at?: string | null }
  const fulfillments = [...(((data[0] as any)?.fulfillments ?? []) as Fulfillment[])].sort(
    (a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime()
  )
  await handleOrderEvent(container, { event: "order_placed", order_id: orderId })
  for (const f of fulfillments) {
    const ids = { order_id: orderId, fulfillment_id: f.id }
    await handleOrderEvent(container, { event: "fulfillment_created", ...ids })
    if (f.shipped_at) await handleOrderEvent(container, { event: "shipment_created", ...ids })
    if (f.delivered_at) await handleOrderEvent(container, { event: "delivery_created", ...ids })
  }
}
