import { charged, driftsOf, type MedusaSide, type ServiceSide } from "../consistency"

/**
 * The one definition of "consistent" (consistency.ts), drift by drift. The model reads only
 * `refunded_beyond_medusa`; the mutation run (docs/figures.md, "Mutation testing") found the
 * other kinds, their amounts and their edges untested.
 */
const service = (fields: Partial<ServiceSide> = {}): ServiceSide => ({
  state: "paid",
  purchase_cents: 10_000,
  refunded_cents: 0,
  deferred_trigger: false,
  trigger_applied: false,
  ...fields,
})
const medusa = (fields: Partial<MedusaSide> = {}): MedusaSide => ({
  held_by_live_order: true,
  order_id: "order_1",
  captured_cents: 10_000,
  refunded_cents: 0,
  shipped: false,
  listed: false,
  auto_capture: true,
  ...fields,
})

describe("reconciliation: what the service did against what Medusa recorded", () => {
  it("charged: an accepted payment (in progress or paid), a pay-at-shipment one once started", () => {
    expect(charged(service({ state: "paid" }))).toBe(true)
    expect(charged(service({ state: "in_progress" }))).toBe(true)
    for (const state of ["pending", "cancelled", "refunded", "expired", ""]) {
      expect(charged(service({ state }))).toBe(false)
    }
    expect(charged(service({ deferred_trigger: true }))).toBe(false)
    expect(charged(service({ deferred_trigger: true, trigger_applied: true }))).toBe(true)
  })

  it("a consistent payment has no drift", () => {
    expect(driftsOf(service(), medusa())).toEqual([])
    // Refunded alike on both sides, captured: nothing either.
    expect(driftsOf(service({ refunded_cents: 2_500 }), medusa({ refunded_cents: 2_500 }))).toEqual([])
  })

  it("the service gave back more than Medusa records, on a live order: record the refund", () => {
    expect(driftsOf(service({ refunded_cents: 3_000 }), medusa({ refunded_cents: 1_000 }))).toEqual([
      {
        kind: "refunded_beyond_medusa",
        cents: 2_000,
        reason: "the service gave back 2000 cents that Medusa does not record on order order_1",
        action: "record_refund",
      },
    ])
    // No live order holds it: the ledger's settling gave it back, not a drift of an order.
    expect(
      driftsOf(service({ refunded_cents: 10_000 }), medusa({ held_by_live_order: false, listed: true })).map(
        (d) => d.kind
      )
    ).toEqual([])
  })

  it("Medusa records refunds the service did not make: refund at the service", () => {
    expect(driftsOf(service({ refunded_cents: 1_000 }), medusa({ refunded_cents: 4_000 }))).toEqual([
      {
        kind: "refund_not_made",
        cents: 3_000,
        reason: "Medusa records 3000 cents of refunds the service did not make",
        action: "refund_at_service",
      },
    ])
    expect(driftsOf(service({ refunded_cents: 1_000 }), medusa({ refunded_cents: 1_001 }))[0].cents).toBe(1)
  })

  it("charged with no order holding it and not listed to the merchant: what the service kept", () => {
    const orphan = medusa({ held_by_live_order: false, order_id: null, captured_cents: 0 })
    expect(driftsOf(service({ refunded_cents: 4_000 }), orphan)).toEqual([
      {
        kind: "charged_without_order",
        cents: 6_000,
        reason: "the customer was charged and no order holds the payment (6000 cents kept)",
        action: null,
      },
    ])
    // Listed (to settle, failed): the merchant sees it already.
    expect(driftsOf(service(), { ...orphan, listed: true })).toEqual([])
    // Given back in full, or never charged: nothing kept.
    expect(driftsOf(service({ refunded_cents: 10_000 }), orphan)).toEqual([])
    expect(driftsOf(service({ refunded_cents: 10_001 }), orphan)).toEqual([])
    expect(driftsOf(service({ state: "pending" }), orphan)).toEqual([])
    expect(driftsOf(service({ deferred_trigger: true }), orphan)).toEqual([])
  })

  it("the goods left and a pay-at-shipment payment was not started: start it", () => {
    const deferred = service({ deferred_trigger: true })
    const shipped = medusa({ shipped: true, captured_cents: 0 })
    expect(driftsOf(deferred, shipped)).toEqual([
      {
        kind: "not_started_after_shipment",
        cents: 10_000,
        reason: "the goods left and the pay-at-shipment payment was not started",
        action: "start_payment",
      },
    ])
    expect(driftsOf(service({ deferred_trigger: true, state: "in_progress" }), shipped).map((d) => d.kind)).toEqual([
      "not_started_after_shipment",
    ])
    // Not shipped yet, started, not a pay-at-shipment payment, not accepted, or no live order.
    expect(driftsOf(deferred, { ...shipped, shipped: false })).toEqual([])
    expect(driftsOf(service({ deferred_trigger: true, trigger_applied: true }), shipped).map((d) => d.kind)).toEqual([
      "not_captured",
    ])
    expect(driftsOf(service(), { ...shipped, auto_capture: false })).toEqual([])
    expect(driftsOf(service({ deferred_trigger: true, state: "pending" }), shipped)).toEqual([])
    expect(driftsOf(deferred, { ...shipped, held_by_live_order: false, listed: true })).toEqual([])
  })

  it("taken by the service and not captured in a store that captures: only with nothing captured or refunded", () => {
    const uncaptured = medusa({ captured_cents: 0 })
    expect(driftsOf(service(), uncaptured)).toEqual([
      {
        kind: "not_captured",
        cents: 10_000,
        reason: "the service took the payment and Medusa has not captured it",
        action: null,
      },
    ])
    expect(driftsOf(service(), { ...uncaptured, auto_capture: false })).toEqual([])
    expect(driftsOf(service(), { ...uncaptured, held_by_live_order: false, listed: true })).toEqual([])
    expect(driftsOf(service({ state: "pending" }), uncaptured)).toEqual([])
    expect(driftsOf(service({ refunded_cents: 1 }), { ...uncaptured, refunded_cents: 1 })).toEqual([])
    expect(driftsOf(service(), { ...uncaptured, captured_cents: 1 })).toEqual([])
  })

  it("several drifts of one payment are all told, in order", () => {
    const kinds = driftsOf(
      service({ refunded_cents: 2_000 }),
      medusa({ captured_cents: 0, refunded_cents: 0, auto_capture: true })
    ).map((d) => d.kind)
    expect(kinds).toEqual(["refunded_beyond_medusa"])
    expect(
      driftsOf(service({ deferred_trigger: true, refunded_cents: 500 }), medusa({ shipped: true })).map((d) => d.kind)
    ).toEqual(["refunded_beyond_medusa", "not_started_after_shipment"])
  })
})
