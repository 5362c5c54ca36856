import { MAX_MESSAGE_ATTEMPTS } from "../retry"
import { defineKind, type GateDecision, type MessageEvent } from "./kind"

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
 * Pay at shipment: whether the trigger may start the payment, from the ledger's status of it.
 * Never for a payment no order holds any more (the order was cancelled, or the payment is
 * being settled or was): the customer would pay for goods that never leave. An order placed
 * while the service still reviews the payment (`open`) waits for its acceptance.
 */
export function triggerAllowed(ledgerStatus: string | undefined, attempts: number): GateDecision | undefined {
  if (ledgerStatus && ["to_settle", "cancelled", "refunded", "failed"].includes(ledgerStatus)) {
    return { action: "skip", reason: `no order holds the payment any more (${ledgerStatus}): it is not started` }
  }
  if (ledgerStatus === "open") {
    return {
      action: "fail",
      message: "waiting for the service to accept the payment",
      final: attempts + 1 >= MAX_MESSAGE_ATTEMPTS,
    }
  }
  return undefined
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
  gate: triggerAllowed,
  send: async ({ client, pid, call, effects }) => {
    await client.triggerPayment(pid, call)
    // Medusa records the capture; a refusal is kept on the message (the service did start it).
    return { problem: await effects.paymentStarted() }
  },
})
