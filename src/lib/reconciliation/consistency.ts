/**
 * One definition of "consistent" between what the service did with a payment and what Medusa
 * recorded of it: the model's invariants (src/__tests__/model/invariants.ts) and the
 * reconciliation (job and admin page) both call `driftsOf`. Pure: the callers read both sides.
 * Cents throughout (Medusa's amounts converted with the currency's exponent by the caller).
 */

/** The service's side of one payment (its `GET /v1/payments/<id>`). */
export type ServiceSide = {
  state: string
  purchase_cents: number
  refunded_cents: number
  /** Pay at shipment: nothing is charged until the trigger was accepted. */
  deferred_trigger: boolean
  trigger_applied: boolean
}

/** Medusa's side: its payment of this service payment, if any, and who holds it. */
export type MedusaSide = {
  /** A live (not cancelled) Medusa payment held by an order that is not cancelled. */
  held_by_live_order: boolean
  order_id: string | null
  captured_cents: number
  refunded_cents: number
  /** Whether the order's goods were handed over (a fulfillment shipped or delivered). */
  shipped: boolean
  /** The plugin's ledger: listed to the merchant as to deal with (to settle, failed). */
  listed: boolean
  /** The store captures what the service took (`autoCapture`). */
  auto_capture: boolean
}

export type DriftKind =
  "refunded_beyond_medusa" | "refund_not_made" | "charged_without_order" | "not_started_after_shipment" | "not_captured"

/** What can be done about a drift from the reconciliation page, where it is safe. */
export type DriftAction = "record_refund" | "refund_at_service" | "start_payment"

export type Drift = { kind: DriftKind; cents: number; reason: string; action: DriftAction | null }

const ACCEPTED = ["in_progress", "paid"]

/** The customer was charged: an accepted payment, a pay-at-shipment one once started. */
export function charged(s: ServiceSide): boolean {
  return ACCEPTED.includes(s.state) && (!s.deferred_trigger || s.trigger_applied)
}

/** Every difference between the two sides, with why it matters and what may be done. */
export function driftsOf(service: ServiceSide, medusa: MedusaSide): Drift[] {
  const out: Drift[] = []
  if (medusa.held_by_live_order && service.refunded_cents > medusa.refunded_cents) {
    const cents = service.refunded_cents - medusa.refunded_cents
    out.push({
      kind: "refunded_beyond_medusa",
      cents,
      reason: `the service gave back ${cents} cents that Medusa does not record on order ${medusa.order_id}`,
      action: "record_refund",
    })
  }
  if (medusa.refunded_cents > service.refunded_cents) {
    const cents = medusa.refunded_cents - service.refunded_cents
    out.push({
      kind: "refund_not_made",
      cents,
      reason: `Medusa records ${cents} cents of refunds the service did not make`,
      action: "refund_at_service",
    })
  }
  const kept = service.purchase_cents - service.refunded_cents
  if (charged(service) && kept > 0 && !medusa.held_by_live_order && !medusa.listed) {
    out.push({
      kind: "charged_without_order",
      cents: kept,
      reason: `the customer was charged and no order holds the payment (${kept} cents kept)`,
      action: null,
    })
  }
  if (
    medusa.held_by_live_order &&
    medusa.shipped &&
    service.deferred_trigger &&
    !service.trigger_applied &&
    ACCEPTED.includes(service.state)
  ) {
    out.push({
      kind: "not_started_after_shipment",
      cents: service.purchase_cents,
      reason: "the goods left and the pay-at-shipment payment was not started",
      action: "start_payment",
    })
  }
  if (
    medusa.auto_capture &&
    medusa.held_by_live_order &&
    charged(service) &&
    service.refunded_cents === 0 &&
    medusa.captured_cents === 0
  ) {
    out.push({
      kind: "not_captured",
      cents: service.purchase_cents,
      reason: "the service took the payment and Medusa has not captured it",
      action: null,
    })
  }
  return out
}
