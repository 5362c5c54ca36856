import type { SwitchOptions } from "../settings/switches"
import {
  hashMessage,
  kindOf,
  kindsFor,
  type EventContext,
  type Message,
  type MessageEvent,
  type OrderRead,
  type RecordedRow,
} from "./kinds"
import { orderReference } from "./kinds/order"

export { hashMessage, type MessageKind } from "./kinds"
export type { Message, MessageEvent, OrderRead } from "./kinds"
export { orderReference } from "./kinds/order"
export { carrierOf, trackingOf } from "./kinds/tracking"
export { startsPayment } from "./kinds/trigger"

/**
 * What an order event tells the service, built from the one read of the order, in the kinds'
 * order (`KINDS`): e.g. placed → the order reference; fulfillment → the shipping information;
 * shipment → each parcel of that fulfillment, then `shipped`; and a pay-at-shipment payment's
 * trigger on the event that starts it. Pure.
 */
export function messagesFor(
  event: MessageEvent,
  order: OrderRead,
  context: Omit<EventContext, "event" | "order"> & {
    recorded?: RecordedRow[]
    only?: readonly string[]
    switches?: SwitchOptions
  } = {}
): Message[] {
  return kindsFor(event, context.recorded ?? [], context.only, context.switches).flatMap((spec) =>
    spec.build({ ...context, event, order }).map((m) => ({ kind: spec.kind, ...m }))
  )
}

/**
 * The messages an event records, given what the order's record holds: a parcel or a trigger
 * already recorded is not recorded again (unless it failed for good), and an order placed
 * before the plugin attached orders gets its reference first when a message needs it.
 */
export function messagesToRecord(
  messages: Message[],
  recorded: RecordedRow[],
  reference: { order: Pick<OrderRead, "id" | "display_id">; backendUrl?: string }
): (Message & { hash: string | null })[] {
  const known = new Set(recorded.filter((r) => r.status !== "failed").map((r) => `${r.kind}:${r.payload_hash}`))
  const referenced = recorded.some((r) => r.kind === "order") || messages.some((m) => m.kind === "order")
  const withReference: Message[] =
    !referenced && messages.some((m) => kindOf(m.kind)?.bringsReference)
      ? [{ kind: "order", payload: orderReference(reference.order, reference.backendUrl) }, ...messages]
      : messages
  return withReference
    .map((m) => ({ ...m, hash: m.payload === null ? null : hashMessage(m.kind, m.payload) }))
    .filter((m) => !kindOf(m.kind)?.oncePerContent || !known.has(`${m.kind}:${m.hash}`))
}
