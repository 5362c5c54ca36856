import { daysLeft, latestTrigger, toShipState } from "../trigger-deadlines"

const DAY = 86_400_000
const NOW = Date.UTC(2026, 10, 25, 8, 0, 0)

describe("pay-at-shipment deadlines", () => {
  it("days left, rounded up: 0 on the last day, negative once past", () => {
    expect(daysLeft(new Date(NOW + 30 * DAY), NOW)).toBe(30)
    expect(daysLeft(new Date(NOW + 2.5 * DAY), NOW)).toBe(3)
    expect(daysLeft(new Date(NOW), NOW)).toBe(0)
    expect(daysLeft(new Date(NOW - 1.5 * DAY).toISOString(), NOW)).toBe(-1)
  })

  it("where an order not started stands: a passed deadline first (with the trigger's reason), then its latest trigger record", () => {
    const later = NOW + 5 * DAY
    expect(toShipState(later, undefined, NOW)).toEqual({ state: "to_ship", reason: null })
    expect(toShipState(NOW - 1, undefined, NOW)).toEqual({ state: "deadline_passed", reason: null })
    expect(toShipState(later, { status: "pending", last_error: "HTTP 503" }, NOW)).toEqual({
      state: "starting",
      reason: "HTTP 503",
    })
    // Review 4 (R5): a refused or retried trigger no longer hides a passed deadline.
    expect(toShipState(NOW - 1, { status: "failed", last_error: "trigger refused: limit passed" }, NOW)).toEqual({
      state: "deadline_passed",
      reason: "trigger refused: limit passed",
    })
    expect(toShipState(NOW - 1, { status: "pending", last_error: "HTTP 503" }, NOW).state).toBe("deadline_passed")
    expect(toShipState(later, { status: "failed", last_error: "HTTP 400" }, NOW)).toEqual({
      state: "not_started",
      reason: "HTTP 400",
    })
    expect(toShipState(later, { status: "skipped" }, NOW).state).toBe("not_started")
    const rows = [
      { status: "failed", created_at: new Date(NOW - DAY) },
      { status: "pending", created_at: new Date(NOW) },
    ]
    expect(latestTrigger(rows)).toBe(rows[1])
    expect(latestTrigger([])).toBeUndefined()
  })
})
