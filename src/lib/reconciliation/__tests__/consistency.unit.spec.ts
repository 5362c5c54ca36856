import { charged, driftsOf, type MedusaSide, type ServiceSide } from "../consistency"

const service = (over: Partial<ServiceSide> = {}): ServiceSide => ({
  state: "in_progress",
  purchase_cents: 30000,
  refunded_cents: 0,
  deferred_trigger: false,
  trigger_applied: false,
  ...over,
})
const medusa = (over: Partial<MedusaSide> = {}): MedusaSide => ({
  held_by_live_order: true,
  order_id: "order_1",
  captured_cents: 30000,
  refunded_cents: 0,
  shipped: false,
  listed: false,
  auto_capture: true,
  ...over,
})
const kinds = (s: ServiceSide, m: MedusaSide) => driftsOf(s, m).map((d) => [d.kind, d.cents, d.action])

describe("one definition of consistent (the model's invariants and the reconciliation)", () => {
  it("both sides agree: no difference", () => {
    expect(driftsOf(service(), medusa())).toEqual([])
    expect(driftsOf(service({ refunded_cents: 5000 }), medusa({ refunded_cents: 5000 }))).toEqual([])
    // Ended without an order and given back in full: nothing to say.
    expect(
      driftsOf(service({ refunded_cents: 30000 }), medusa({ held_by_live_order: false, captured_cents: 0 }))
    ).toEqual([])
  })

  it("the service gave back more than Medusa records on a live order: record it in Medusa", () => {
    expect(kinds(service({ refunded_cents: 5000 }), medusa())).toEqual([
      ["refunded_beyond_medusa", 5000, "record_refund"],
    ])
    // Not held by a live order (cancelled, or none): not this difference.
    expect(kinds(service({ refunded_cents: 30000 }), medusa({ held_by_live_order: false }))).toEqual([])
  })

  it("Medusa records refunds the service did not make: refund at the service", () => {
    expect(kinds(service({ refunded_cents: 1000 }), medusa({ refunded_cents: 3000 }))).toEqual([
      ["refund_not_made", 2000, "refund_at_service"],
    ])
  })

  it("charged, kept, no order holds it and not listed: listed here, no action", () => {
    expect(kinds(service({ refunded_cents: 1000 }), medusa({ held_by_live_order: false, captured_cents: 0 }))).toEqual([
      ["charged_without_order", 29000, null],
    ])
    // Listed among the payments without an order already: the settle job is on it.
    expect(kinds(service(), medusa({ held_by_live_order: false, listed: true }))).toEqual([])
  })

  it("pay at shipment: not charged until started; shipped and not started: start it", () => {
    const waiting = service({ deferred_trigger: true })
    expect(charged(waiting)).toBe(false)
    expect(kinds(waiting, medusa({ captured_cents: 0 }))).toEqual([])
    expect(kinds(waiting, medusa({ captured_cents: 0, shipped: true }))).toEqual([
      ["not_started_after_shipment", 30000, "start_payment"],
    ])
    expect(charged(service({ deferred_trigger: true, trigger_applied: true }))).toBe(true)
  })

  it("captured in Medusa when the store captures: what the service took and Medusa did not capture is listed", () => {
    expect(kinds(service(), medusa({ captured_cents: 0 }))).toEqual([["not_captured", 30000, null]])
    expect(kinds(service(), medusa({ captured_cents: 0, auto_capture: false }))).toEqual([])
    expect(kinds(service({ state: "scored_maybe" }), medusa({ captured_cents: 0 }))).toEqual([])
  })
})
