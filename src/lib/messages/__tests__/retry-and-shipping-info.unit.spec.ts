import { decideShippingInfo, hashShippingInfo } from "../kinds/shipping-info"
import { lastAccepted, mayBeSuperseded } from "../policy"
import { failedAttempt, MAX_MESSAGE_ATTEMPTS, nextAttemptDelayMs } from "../retry"

const colissimo = { title: "Colissimo Home", amount: 490, shipping_method: "postal" as const, express_delivery: false }
const express = { title: "Express 24h", amount: 1290, shipping_method: "postal" as const, express_delivery: true }
const relay = { title: "Relay point", amount: 390, shipping_method: "pickup_point" as const, express_delivery: false }

describe("hashShippingInfo", () => {
  it("does not depend on the order of keys or of the options", () => {
    const a = hashShippingInfo({
      selected_options: [colissimo, express],
      available_options: [colissimo, express, relay],
    })
    const b = hashShippingInfo({
      available_options: [
        relay,
        { express_delivery: true, amount: 1290, title: "Express 24h", shipping_method: "postal" },
        colissimo,
      ],
      selected_options: [express, colissimo],
    })
    expect(b).toBe(a)
  })

  it("changes with the information", () => {
    const base = hashShippingInfo({ selected_options: [colissimo], available_options: [colissimo, express] })
    expect(hashShippingInfo({ selected_options: [express], available_options: [colissimo, express] })).not.toBe(base)
    expect(
      hashShippingInfo({ selected_options: [{ ...colissimo, amount: 588 }], available_options: [colissimo, express] })
    ).not.toBe(base)
    // An option moved from one array to the other is other information.
    expect(hashShippingInfo({ selected_options: [colissimo, express], available_options: [colissimo] })).not.toBe(base)
    // Unknown offered options (left out) are not "none offered".
    expect(hashShippingInfo({ selected_options: [colissimo] })).not.toBe(
      hashShippingInfo({ selected_options: [colissimo], available_options: [] })
    )
  })
})

describe("nextAttemptDelayMs", () => {
  it("doubles from one minute up to thirty", () => {
    expect([1, 2, 3, 6, 7, 12].map((n) => nextAttemptDelayMs(n) / 60_000)).toEqual([1, 2, 4, 30, 30, 30])
  })
})

describe("lastAccepted", () => {
  it("follows the acceptance sequence, not the clocks", () => {
    const ahead = new Date(Date.now() + 3600_000)
    const rows = [
      { id: "a", accepted_sequence: 1, accepted_at: ahead },
      { id: "b", accepted_sequence: 2, accepted_at: new Date() },
    ]
    expect(lastAccepted(rows)?.id).toBe("b")
  })

  it("falls back on accepted_at for syncs recorded before the sequence, and is undefined for none", () => {
    expect(
      lastAccepted([
        { id: "a", accepted_at: "2026-01-02" },
        { id: "b", accepted_at: "2026-01-01" },
      ])?.id
    ).toBe("a")
    expect(lastAccepted([])).toBeUndefined()
  })
})

describe("decideShippingInfo", () => {
  const ready = {
    kind: "ready" as const,
    payment_id: "pay_1",
    bnpl_payment_id: "pid",
    shipping_info: { selected_options: [colissimo] },
  }
  const pending = { status: "pending", trigger: "fulfillment_created", attempts: 0 }
  const decide = (over: Partial<Parameters<typeof decideShippingInfo>[0]> = {}) =>
    decideShippingInfo({ sync: pending, info: ready, syncEnabled: true, ...over })

  it("pushes new information, once", () => {
    expect(decide()).toEqual({ action: "push" })
    expect(decide({ lastAcceptedHash: hashShippingInfo(ready.shipping_info) })).toEqual({ action: "unchanged" })
    expect(decide({ lastAcceptedHash: hashShippingInfo({ selected_options: [express] }) })).toEqual({ action: "push" })
  })

  it("leaves a sync another attempt decided", () => {
    expect(decide({ sync: { ...pending, status: "accepted" } })).toEqual({ action: "done" })
  })

  it("fails an unbuilt sync, for good after the last attempt", () => {
    expect(decide({ info: { kind: "unbuilt", error: "db down" } })).toEqual({
      action: "fail",
      message: "shipping information not built: db down",
      final: false,
    })
    expect(
      decide({ sync: { ...pending, attempts: MAX_MESSAGE_ATTEMPTS - 1 }, info: { kind: "unbuilt", error: "x" } })
    ).toMatchObject({ final: true })
  })

  it("skips when turned off, except a manual push", () => {
    expect(decide({ syncEnabled: false })).toMatchObject({
      action: "skip",
      reason: expect.stringMatching(/turned off/),
    })
    expect(decide({ syncEnabled: false, sync: { ...pending, trigger: "manual" } })).toEqual({ action: "push" })
  })

  it("ignores an order not paid with the plugin, skips a payment without service id", () => {
    expect(decide({ info: { kind: "ignored" } })).toEqual({ action: "ignore" })
    expect(decide({ info: { kind: "skipped", payment_id: "pay_1", reason: "no id" } })).toEqual({
      action: "skip",
      reason: "no id",
    })
  })
})

describe("mayBeSuperseded", () => {
  it("is true only when another push was accepted after the read", () => {
    expect(mayBeSuperseded(null, undefined)).toBe(false)
    expect(mayBeSuperseded("a", "a")).toBe(false)
    expect(mayBeSuperseded(null, "a")).toBe(true)
    expect(mayBeSuperseded("a", "b")).toBe(true)
    // Not known at read time (the payment was not): nothing to compare.
    expect(mayBeSuperseded(undefined, "a")).toBe(false)
  })
})

describe("failedAttempt", () => {
  const now = Date.parse("2026-01-01T00:00:00Z")
  it("stays pending with backoff, until the last attempt or an invalid request", () => {
    expect(failedAttempt(3, {}, now)).toEqual({
      status: "pending",
      attempts: 3,
      next_attempt_at: new Date(now + 4 * 60_000),
    })
    expect(failedAttempt(MAX_MESSAGE_ATTEMPTS, {}, now)).toEqual({
      status: "failed",
      attempts: MAX_MESSAGE_ATTEMPTS,
      next_attempt_at: null,
    })
    expect(failedAttempt(1, { invalid: true }, now).status).toBe("failed")
    expect(failedAttempt(1, { final: true }, now).status).toBe("failed")
  })
})
