import { jobTime } from "../job-time"

describe("the time a scheduled job runs for", () => {
  it("Medusa's context: the time it was scheduled for", () => {
    expect(jobTime({ scheduledFor: new Date("2026-11-29T02:15:00Z") })).toBe(Date.parse("2026-11-29T02:15:00Z"))
  })

  it("a time of the caller's own (tests, the model)", () => {
    expect(jobTime(1234)).toBe(1234)
  })

  it("no time, or a context without a valid one: now", () => {
    for (const at of [undefined, {}, { scheduledFor: new Date("not a date") }]) {
      const before = Date.now()
      const t = jobTime(at)
      expect(t).toBeGreaterThanOrEqual(before)
      expect(t).toBeLessThanOrEqual(Date.now())
    }
  })
})
