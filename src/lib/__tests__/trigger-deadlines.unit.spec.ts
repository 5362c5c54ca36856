import { daysLeft, warningWindow } from "../trigger-deadlines"

const DAY = 86_400_000
const NOW = Date.UTC(2026, 10, 25, 8, 0, 0)

describe("pay-at-shipment deadlines", () => {
  it("days left, rounded up: 0 on the last day, negative once past", () => {
    expect(daysLeft(new Date(NOW + 30 * DAY), NOW)).toBe(30)
    expect(daysLeft(new Date(NOW + 2.5 * DAY), NOW)).toBe(3)
    expect(daysLeft(new Date(NOW), NOW)).toBe(0)
    expect(daysLeft(new Date(NOW - 1.5 * DAY).toISOString(), NOW)).toBe(-1)
  })

  it("daily runs warn each deadline once, three days before it", () => {
    const deadline = NOW + 2.5 * DAY
    const warnedOn = [-1, 0, 1, 2, 3].filter((day) => {
      const { after, upTo } = warningWindow(NOW + day * DAY)
      return deadline > after.getTime() && deadline <= upTo.getTime()
    })
    expect(warnedOn).toEqual([0])
    expect(warningWindow(NOW)).toEqual({ after: new Date(NOW + 2 * DAY), upTo: new Date(NOW + 3 * DAY) })
  })
})
