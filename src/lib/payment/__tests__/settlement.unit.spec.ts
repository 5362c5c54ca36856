import type { Payment } from "../../../client"
import { BnplServiceError } from "../../../client"
import { awaitsTrigger, hasCharged, settlePayment } from "../settlement"

const payment = (state: string, extra: Partial<Payment> = {}) =>
  ({ id: "payment_1", state, purchase_amount: 10_000, refunds: [], payment_plan: [], ...extra }) as unknown as Payment

describe("hasCharged", () => {
  it.each(["in_progress", "paid", "late_dunning", "late_contact_customer", "default", "collection_done"])(
    "%s has charged",
    (state) => {
      expect(hasCharged(payment(state))).toBe(true)
    }
  )

  it.each(["not_started", "scored_no", "scored_maybe", "scored_yes", "stopped"])("%s has not", (state) => {
    expect(hasCharged(payment(state))).toBe(false)
  })

  it("a stopped payment that collected an instalment has", () => {
    expect(hasCharged(payment("stopped", { payment_plan: [{ state: "paid" }] as any }))).toBe(true)
  })
})

describe("pay at shipment: awaitsTrigger and hasCharged", () => {
  // `deferred_trigger_applied` as each of the vendor's clients reads it (the client gives a
  // boolean; a payment built elsewhere with the service's own value is read the same way).
  const atShipment = (applied: unknown, deferred_trigger: unknown = true) =>
    payment("in_progress", { deferred_trigger, deferred_trigger_applied: applied } as any)

  it.each([
    ["an int timestamp", 1_767_225_600],
    ["a numeric string", "1767225600"],
    ["an ISO string", "2026-01-01T00:00:00Z"],
    ["true", true],
  ])("applied as %s: charged", (_, applied) => {
    expect(awaitsTrigger(atShipment(applied))).toBe(false)
    expect(hasCharged(atShipment(applied))).toBe(true)
  })

  it.each([
    ["null", null],
    ["absent", undefined],
    ["false", false],
    ["0", 0],
    ["an empty string", ""],
  ])("not applied (%s): awaits its trigger, nothing charged", (_, applied) => {
    expect(awaitsTrigger(atShipment(applied))).toBe(true)
    expect(hasCharged(atShipment(applied))).toBe(false)
  })

  it("deferred_trigger as 1 awaits like true; a plain payment (false, 0, absent) never awaits", () => {
    expect(awaitsTrigger(atShipment(null, 1))).toBe(true)
    for (const plain of [atShipment(null, false), atShipment(null, 0), payment("in_progress")]) {
      expect(awaitsTrigger(plain)).toBe(false)
      expect(hasCharged(plain)).toBe(true)
    }
  })

  it("a triggered payment, settled, is refunded; one awaiting its trigger is cancelled", async () => {
    const triggered = { getPayment: jest.fn(async () => atShipment(1_767_225_600)), refundPayment: jest.fn() }
    expect(await settlePayment(triggered as any, "payment_1")).toEqual({ status: "refunded", refunded: 10_000 })
    expect(triggered.refundPayment).toHaveBeenCalled()
    const waiting = { getPayment: jest.fn(async () => atShipment(null)), cancelPayment: jest.fn() }
    expect(await settlePayment(waiting as any, "payment_1")).toEqual({ status: "cancelled", refunded: null })
    expect(waiting.cancelPayment).toHaveBeenCalled()
  })
})

describe("settlePayment", () => {
  const client = (current: Payment | Error) => ({
    getPayment: jest.fn(async () => {
      if (current instanceof Error) {
        throw current
      }
      return current
    }),
    refundPayment: jest.fn(async () => current),
    cancelPayment: jest.fn(async () => current),
  })

  it("refunds what remains of a charged payment, once", async () => {
    const c = client(payment("paid", { refunds: [{ id: "r", created: 0, amount: 4_000 }] }))
    expect(await settlePayment(c as any, "payment_1")).toEqual({ status: "refunded", refunded: 10_000 })
    expect(c.refundPayment).toHaveBeenCalledWith(
      "payment_1",
      { amount: 6_000, merchant_reference: "medusa-settle-payment_1" },
      {}
    )
    expect(c.cancelPayment).not.toHaveBeenCalled()
  })

  it("refunds nothing when everything was given back already", async () => {
    const c = client(payment("paid", { refunds: [{ id: "r", created: 0, amount: 10_000 }] }))
    expect(await settlePayment(c as any, "payment_1")).toEqual({ status: "refunded", refunded: 10_000 })
    expect(c.refundPayment).not.toHaveBeenCalled()
  })

  it("cancels an unpaid payment; an ended or unknown one needs no call", async () => {
    const open = client(payment("not_started"))
    expect(await settlePayment(open as any, "payment_1")).toEqual({ status: "cancelled", refunded: null })
    expect(open.cancelPayment).toHaveBeenCalled()
    for (const ended of [payment("scored_no"), payment("stopped"), payment("not_started", { expired_at: 1 })]) {
      const c = client(ended)
      expect(await settlePayment(c as any, "payment_1")).toEqual({ status: "cancelled", refunded: null })
      expect(c.cancelPayment).not.toHaveBeenCalled()
    }
  })

  it("never settles on a 404: the account asked does not know the payment (another key, mode or URL)", async () => {
    const unknown = client(new BnplServiceError("invalid_request", "not found", { status: 404 }))
    await expect(settlePayment(unknown as any, "payment_1")).rejects.toMatchObject({ status: 404 })
    expect(unknown.cancelPayment).not.toHaveBeenCalled()
  })

  it("throws when the service cannot answer (the caller retries)", async () => {
    const down = client(new BnplServiceError("unavailable", "down"))
    await expect(settlePayment(down as any, "payment_1")).rejects.toThrow("down")
  })
})
