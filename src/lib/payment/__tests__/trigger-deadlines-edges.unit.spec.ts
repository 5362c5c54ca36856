import { latestTrigger, toShipState } from "../trigger-deadlines"

/** An order to ship's state at the edges (trigger-deadlines.ts): the deadline's own instant, a failure without its error, ties. */
describe("an order to ship's state at the edges (trigger-deadlines.ts)", () => {
  const now = Date.UTC(2026, 10, 1, 12)

  it("a trigger that failed, was skipped or unavailable, without its error: not started, saying so", () => {
    for (const status of ["failed", "skipped", "unavailable"]) {
      expect(toShipState(new Date(now + 1000), { status }, now)).toEqual({
        state: "not_started",
        reason: "the payment was not started",
      })
    }
    expect(toShipState(new Date(now + 1000), { status: "failed", last_error: "refused" }, now)).toEqual({
      state: "not_started",
      reason: "refused",
    })
  })

  it("the deadline's own instant has not passed yet", () => {
    expect(toShipState(new Date(now), undefined, now)).toEqual({ state: "to_ship", reason: null })
    expect(toShipState(new Date(now - 1), undefined, now)).toEqual({ state: "deadline_passed", reason: null })
  })

  it("the latest trigger record: the newest, the first of two made at the same instant", () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 1, 12, m))
    const newer = { status: "accepted", created_at: at(5) }
    const older = { status: "failed", created_at: at(1) }
    expect(latestTrigger([newer, older])).toBe(newer)
    expect(latestTrigger([older, newer])).toBe(newer)
    const twin = { status: "pending", created_at: at(5) }
    expect(latestTrigger([newer, twin])).toBe(newer)
    expect(latestTrigger([])).toBeUndefined()
  })
})
