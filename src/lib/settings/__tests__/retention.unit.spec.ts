import {
  DEFAULT_CHECKOUT_RETENTION_DAYS,
  inBatches,
  retentionCutoffs,
  retentionDaysProblem,
  UNPAID_CHECKOUT_MINUTES,
} from "../retention"

const DAY = 24 * 3600_000

describe("checkout data retention", () => {
  it("keeps checkout data 30 days by default, and an unpaid checkout half an hour", () => {
    expect(DEFAULT_CHECKOUT_RETENTION_DAYS).toBe(30)
    expect(UNPAID_CHECKOUT_MINUTES).toBe(30)
  })

  it("gives the moments before which data goes", () => {
    const now = Date.UTC(2026, 10, 30, 12)
    expect(retentionCutoffs(now, 7)).toEqual({
      keptBefore: new Date(now - 7 * DAY),
      unpaidBefore: new Date(now - 30 * 60_000),
    })
  })

  it.each([0, -1, 1.5, "30", null, 3651])("refuses %p days, naming the option", (value) => {
    expect(retentionDaysProblem(value, "checkoutRetentionDays")).toMatch(
      /^checkoutRetentionDays must be a whole number of days from 1 to 3650/
    )
  })

  it.each([1, 30, 3650])("accepts %p days", (value) => {
    expect(retentionDaysProblem(value, "checkoutRetentionDays")).toBeUndefined()
  })
})

describe("inBatches", () => {
  it("stops at the first batch that is not full, or after maxBatches", async () => {
    const left = [3, 3, 1]
    const batch = jest.fn(async (size: number) => Math.min(size, left.shift() ?? 0))
    expect(await inBatches(batch, 3, 10)).toBe(7)
    expect(batch).toHaveBeenCalledTimes(3)
    const full = jest.fn(async (size: number) => size)
    expect(await inBatches(full, 500, 2)).toBe(1000)
    expect(full).toHaveBeenCalledTimes(2)
  })
})
