import { DEFAULT_TRIGGER_LIMIT_DAYS, deferredDescription, triggerDeadline, triggerLimitDays } from "../pay-at-shipment"

describe("pay at shipment", () => {
  it("the deadline counts the account's trigger limit for the plan, else 30 days", () => {
    const fee = { allowed: true, min_purchase_amount: 5000, max_purchase_amount: 500000 } as const
    const feePlans = [
      { ...fee, installments_count: 3, deferred_days: 0, deferred_months: 0, deferred_trigger_limit_days: 14 },
      { ...fee, installments_count: 4, deferred_days: 0, deferred_months: 0, deferred_trigger_limit_days: 0 },
      { ...fee, installments_count: 1, deferred_days: 30, deferred_months: 0, deferred_trigger_limit_days: 45 },
      {
        ...fee,
        installments_count: 2,
        deferred_days: 0,
        deferred_months: 0,
        deferred_trigger_limit_days: 20,
        allowed: false,
      },
    ] as any[]
    expect(triggerLimitDays(feePlans, 3)).toBe(14)
    expect(triggerLimitDays(feePlans, 4)).toBe(DEFAULT_TRIGGER_LIMIT_DAYS)
    expect(triggerLimitDays(feePlans, 1)).toBe(DEFAULT_TRIGGER_LIMIT_DAYS)
    expect(triggerLimitDays(feePlans, 2)).toBe(DEFAULT_TRIGGER_LIMIT_DAYS)
    expect(triggerLimitDays(undefined, 3)).toBe(30)
    const placed = new Date("2026-11-25T10:00:00Z")
    expect(triggerDeadline(placed, 14).toISOString()).toBe("2026-12-09T10:00:00.000Z")
  })

  it("the customer reads when the first instalment is taken in their language, else English", () => {
    expect(deferredDescription("fr-FR")).toMatch(/^Rien à payer aujourd'hui/)
    expect(deferredDescription("xx")).toBe(deferredDescription("en"))
    expect(deferredDescription(undefined)).toMatch(/^Nothing to pay today/)
  })
})
