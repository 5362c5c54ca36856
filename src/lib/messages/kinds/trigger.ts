import { defineKind, type MessageEvent } from "./kind"

/**
 * The events that hand goods over, in the order they happen to a parcel. A pay-at-shipment
 * payment starts on the first of them at or after the one the store triggers on: goods marked
 * delivered (a pickup: "Mark as picked up") without ever being shipped start it too.
 */
const HANDOVER: MessageEvent[] = ["fulfillment_created", "shipment_created", "delivery_created"]

/** Whether `event` starts a pay-at-shipment payment whose store triggers on `startsOn`. */
export function startsPayment(event: MessageEvent, startsOn: MessageEvent | undefined): boolean {
  const at = HANDOVER.indexOf(event)
  return !!startsOn && at >= 0 && at >= HANDOVER.indexOf(startsOn)
}

/**
 * Pay at shipment: start the payment (`POST /v1/payments/<id>/trigger`), once per payment
 * whatever event sent it (its content is the event, its hash covers nothing): switching
 * `triggerOn`, or a delivery after a shipment, never starts it twice. It needs no attached
 * order, and the money matters most: it goes before the parcels and the status.
 */
export const triggerKind = defineKind({
  kind: "trigger",
  oncePerContent: true,
  fixedAtRecord: true,
  needsAttachedOrder: false,
  bringsReference: true,
  on: HANDOVER,
  orderFields: [],
  build: ({ event, startsOn }) => (startsPayment(event, startsOn) ? [{ payload: { on: event } }] : []),
  hashed: () => ({}),
  send: async ({ client, pid, call, effects }) => {
    await client.triggerPayment(pid, call)
    // Medusa records the capture; a refusal is kept on the message (the service did start it).
    return { problem: await effects.paymentStarted() }
  },
})
