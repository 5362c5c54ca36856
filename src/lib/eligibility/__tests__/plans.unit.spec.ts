import {
  DEFAULT_PLANS,
  groupByDeferral,
  normalizePlan,
  planIssues,
  planKey,
  planLabel,
  planProblem,
  samePlan,
} from "../plans"

describe("planProblem", () => {
  it.each<[string, unknown]>([
    ["3 instalments", { installments_count: 3 }],
    ["1 instalment", { installments_count: 1 }],
    ["48 instalments", { installments_count: 48 }],
    ["deferred by days", { installments_count: 1, deferred_days: 30 }],
    ["deferred by months", { installments_count: 1, deferred_months: 1 }],
    ["zero deferrals", { installments_count: 3, deferred_days: 0, deferred_months: 0 }],
    ["null deferrals", { installments_count: 3, deferred_days: null, deferred_months: null }],
    ["a zero day deferral with months", { installments_count: 2, deferred_days: 0, deferred_months: 2 }],
  ])("accepts %s", (_label, plan) => {
    expect(planProblem(plan)).toBeUndefined()
  })

  it.each<[string, unknown, string]>([
    ["undefined", undefined, 'a plan must be an object like {"installments_count": 3}'],
    ["null", null, 'a plan must be an object like {"installments_count": 3}'],
    ["a number", 3, 'a plan must be an object like {"installments_count": 3}'],
    ["a string", "3x", 'a plan must be an object like {"installments_count": 3}'],
    ["no count", {}, "installments_count is required (a whole number from 1 to 48)"],
    ["count 0", { installments_count: 0 }, "installments_count must be a whole number from 1 to 48, got 0"],
    ["count -1", { installments_count: -1 }, "installments_count must be a whole number from 1 to 48, got -1"],
    ["count 49", { installments_count: 49 }, "installments_count must be a whole number from 1 to 48, got 49"],
    ["count 2.5", { installments_count: 2.5 }, "installments_count must be a whole number from 1 to 48, got 2.5"],
    [
      "count as a string",
      { installments_count: "3" },
      'installments_count must be a whole number from 1 to 48, got the string "3" (send a number)',
    ],
    ["count null", { installments_count: null }, "installments_count must be a whole number from 1 to 48, got null"],
    [
      "negative days",
      { installments_count: 1, deferred_days: -1 },
      "deferred_days must be a whole number from 0 to 365, got -1",
    ],
    [
      "fractional days",
      { installments_count: 1, deferred_days: 1.5 },
      "deferred_days must be a whole number from 0 to 365, got 1.5",
    ],
    [
      "days as a string",
      { installments_count: 1, deferred_days: "30" },
      'deferred_days must be a whole number from 0 to 365, got the string "30" (send a number)',
    ],
    [
      "negative months",
      { installments_count: 1, deferred_months: -2 },
      "deferred_months must be a whole number from 0 to 24, got -2",
    ],
    [
      "days and months",
      { installments_count: 1, deferred_days: 15, deferred_months: 1 },
      "a plan is deferred by days or by months, not both",
    ],
  ])("refuses %s", (_label, plan, message) => {
    expect(planProblem(plan)).toBe(message)
  })
})

describe("normalizePlan / planKey / samePlan", () => {
  it("drops zero and null deferrals", () => {
    expect(normalizePlan({ installments_count: 3, deferred_days: 0, deferred_months: undefined })).toEqual({
      installments_count: 3,
    })
    expect(normalizePlan({ installments_count: 1, deferred_days: 30, deferred_months: 0 })).toEqual({
      installments_count: 1,
      deferred_days: 30,
    })
  })

  it("keys plans", () => {
    expect(planKey({ installments_count: 3 })).toBe("3x-d0-m0")
    expect(planKey({ installments_count: 1, deferred_days: 30 })).toBe("1x-d30-m0")
    expect(planKey({ installments_count: 4, deferred_months: 1 })).toBe("4x-d0-m1")
  })

  it("compares plans after normalisation", () => {
    expect(samePlan({ installments_count: 3 }, { installments_count: 3, deferred_days: 0 })).toBe(true)
    expect(samePlan({ installments_count: 3 }, { installments_count: 4 })).toBe(false)
    expect(samePlan({ installments_count: 1, deferred_days: 30 }, { installments_count: 1, deferred_months: 1 })).toBe(
      false
    )
  })

  it("offers 3 and 4 instalments by default", () => {
    expect(DEFAULT_PLANS).toEqual([{ installments_count: 3 }, { installments_count: 4 }])
  })
})

describe("planLabel", () => {
  it.each<[object, string]>([
    [{ installments_count: 3 }, "3 instalments"],
    [{ installments_count: 10 }, "10 instalments"],
    [{ installments_count: 1 }, "pay now"],
    [{ installments_count: 1, deferred_days: 0 }, "pay now"],
    [{ installments_count: 1, deferred_days: 30 }, "pay in 30 days"],
    [{ installments_count: 1, deferred_days: 15 }, "pay in 15 days"],
    [{ installments_count: 1, deferred_months: 1 }, "pay in 1 month"],
    [{ installments_count: 1, deferred_months: 2 }, "pay in 2 months"],
    [{ installments_count: 4, deferred_months: 1 }, "4 instalments, first in 1 month"],
    [{ installments_count: 3, deferred_days: 30 }, "3 instalments, first in 30 days"],
    [{ installments_count: 3, deferred_days: 0, deferred_months: 0 }, "3 instalments"],
  ])("%j → %s", (plan, label) => {
    expect(planLabel(plan as any)).toBe(label)
  })
})

describe("groupByDeferral", () => {
  it("puts plans without deferral in one group, in order", () => {
    expect(groupByDeferral([{ installments_count: 4 }, { installments_count: 2 }, { installments_count: 3 }])).toEqual([
      { deferral: {}, counts: [4, 2, 3] },
    ])
  })

  it("keeps the counts of one deferral together, groups in first-seen order, counts in order", () => {
    const groups = groupByDeferral([
      { installments_count: 1, deferred_days: 30 },
      { installments_count: 3 },
      { installments_count: 1, deferred_months: 1 },
      { installments_count: 4 },
      { installments_count: 2, deferred_days: 30 },
      { installments_count: 1, deferred_days: 15 },
      { installments_count: 10 },
    ])
    expect(groups).toEqual([
      { deferral: { deferred_days: 30 }, counts: [1, 2] },
      { deferral: {}, counts: [3, 4, 10] },
      { deferral: { deferred_months: 1 }, counts: [1] },
      { deferral: { deferred_days: 15 }, counts: [1] },
    ])
  })

  it("treats zero and null deferrals as no deferral", () => {
    expect(
      groupByDeferral([
        { installments_count: 3, deferred_days: 0 },
        { installments_count: 4, deferred_months: 0 },
        { installments_count: 2, deferred_days: null as any, deferred_months: null as any },
      ])
    ).toEqual([{ deferral: {}, counts: [3, 4, 2] }])
  })

  it("asks for a count only once per deferral", () => {
    expect(
      groupByDeferral([
        { installments_count: 3 },
        { installments_count: 4 },
        { installments_count: 3, deferred_days: 0 },
        { installments_count: 1, deferred_days: 30 },
        { installments_count: 1, deferred_days: 30 },
      ])
    ).toEqual([
      { deferral: {}, counts: [3, 4] },
      { deferral: { deferred_days: 30 }, counts: [1] },
    ])
  })

  it("returns nothing for no plans", () => {
    expect(groupByDeferral([])).toEqual([])
  })
})

describe("plan bounds", () => {
  it("caps deferrals like the admin settings do", () => {
    expect(planProblem({ installments_count: 1, deferred_days: 365 })).toBeUndefined()
    expect(planProblem({ installments_count: 1, deferred_days: 366 })).toBe(
      "deferred_days must be a whole number from 0 to 365, got 366"
    )
    expect(planProblem({ installments_count: 1, deferred_months: 25 })).toBe(
      "deferred_months must be a whole number from 0 to 24, got 25"
    )
  })
})

describe("planIssues", () => {
  it("names the plan's field and lists every problem", () => {
    expect(planIssues({ installments_count: 0, deferred_days: 3, deferred_months: 1 }, "plans[1]")).toEqual([
      "plans[1].installments_count must be a whole number from 1 to 48, got 0",
      "plans[1]: a plan is deferred by days or by months, not both",
    ])
  })

  it("refuses unknown fields only when strict (the admin's saves; a storefront may send a label)", () => {
    const plan = { installments_count: 3, label: "3x" }
    expect(planIssues(plan)).toEqual([])
    expect(planIssues(plan, "plans[0]", { strict: true })).toEqual([
      "plans[0] has unknown fields: label (allowed: installments_count, deferred_days, deferred_months, pay_at_shipment)",
    ])
  })
})

describe("pay at shipment", () => {
  it("is its own plan, asked of the service as the plain plan in the same request", () => {
    const ship = normalizePlan({ installments_count: 3, payAtShipment: true } as any)
    expect(ship).toEqual({ installments_count: 3, pay_at_shipment: true })
    expect(normalizePlan({ installments_count: 3, pay_at_shipment: false } as any)).toEqual({ installments_count: 3 })
    expect(samePlan(ship, { installments_count: 3 })).toBe(false)
    expect(planKey(ship)).toBe("3x-d0-m0-ship")
    expect(planLabel(ship)).toBe("3 instalments, from shipment")
    expect(planLabel({ installments_count: 1, pay_at_shipment: true })).toBe("pay at shipment")
    expect(
      groupByDeferral([{ installments_count: 3 }, ship, { installments_count: 4, pay_at_shipment: true }])
    ).toEqual([{ deferral: {}, counts: [3, 4] }])
  })

  it("refuses a deferral beside it, and a pay_at_shipment that is not a boolean", () => {
    expect(planIssues({ installments_count: 3, pay_at_shipment: true, deferred_days: 15 }, "plans[2]")).toEqual([
      "plans[2]: a pay-at-shipment plan starts when the order ships: it takes no deferred_days or deferred_months",
    ])
    expect(planIssues({ installments_count: 3, pay_at_shipment: "yes" }, "plans[0]")).toEqual([
      'plans[0].pay_at_shipment must be true or false, got "yes"',
    ])
  })
})
