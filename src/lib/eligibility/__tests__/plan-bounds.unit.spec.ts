import { planProblem } from "../plans"
import { boundsOf, describeOutside, inPlanOrder, planBoundsProblems, splitByBounds } from "../plan-bounds"

const three = { installments_count: 3 }
const four = { installments_count: 4 }
const deferred = { installments_count: 1, deferred_days: 30 }

describe("splitByBounds", () => {
  const bounds = [{ installments_count: 4, min_amount: 100, max_amount: 2000 }]

  it.each([
    ["below the minimum", 9999, false],
    ["at the minimum (inclusive)", 10000, true],
    ["inside", 50000, true],
    ["at the maximum (inclusive, unlike the PrestaShop plugin)", 200000, true],
    ["above the maximum", 200001, false],
  ])("%s: asked = %s", (_case, cents, asked) => {
    const { ask, outside } = splitByBounds([three, four], bounds, cents as number, "eur")
    expect(ask).toContainEqual(three) // no bounds: always asked
    expect(ask.some((p) => p.installments_count === 4)).toBe(asked)
    if (!asked) {
      expect(outside).toEqual([
        {
          eligible: false,
          installments_count: 4,
          reasons: { purchase_amount: "invalid_value" },
          constraints: { purchase_amount: { minimum: 10000, maximum: 200000 } },
        },
      ])
    } else {
      expect(outside).toEqual([])
    }
  })

  it("gives only the bounds that are set as constraints", () => {
    const { outside } = splitByBounds([deferred], [{ ...deferred, min_amount: 50 }], 4000, "eur")
    expect(outside[0]).toMatchObject({ deferred_days: 30, constraints: { purchase_amount: { minimum: 5000 } } })
    expect(outside[0].constraints.purchase_amount).not.toHaveProperty("maximum")
  })

  it("converts the bounds with the currency's exponent", () => {
    const { outside } = splitByBounds([three], [{ ...three, min_amount: 10000 }], 9999, "jpy")
    expect(outside[0].constraints.purchase_amount).toEqual({ minimum: 10000 })
  })

  it("matches bounds to the plan with its deferral", () => {
    expect(
      boundsOf({ installments_count: 1, deferred_days: 30 }, [{ installments_count: 1, min_amount: 5 }])
    ).toBeUndefined()
    expect(boundsOf(deferred, [{ ...deferred, max_amount: 5 }])).toEqual({ max: 5 })
    expect(boundsOf(three, [{ ...three, min_amount: null, max_amount: null }])).toBeUndefined()
  })
})

describe("planBoundsProblems", () => {
  const problems = (value: unknown) => planBoundsProblems(value, "plan_bounds", planProblem)

  it("accepts bounds on offered plans", () => {
    expect(
      problems([
        { installments_count: 3, min_amount: 100, max_amount: 100 },
        { ...deferred, max_amount: 99.9 },
      ])
    ).toEqual([])
  })

  it("names the field and says what is wrong", () => {
    expect(problems({})).toEqual([expect.stringContaining("plan_bounds must be a list")])
    expect(problems([{ installments_count: 3, min_amount: "100" }])).toEqual([
      'plan_bounds[0].min_amount must be an amount in major units from 0 to 10000000 (e.g. 150 or 99.90), got "100"',
    ])
    expect(problems([{ installments_count: 3, min_amount: 300, max_amount: 200 }])).toEqual([
      "plan_bounds[0]: min_amount (300) is above max_amount (200)",
    ])
    expect(problems([{ installments_count: 0 }])[0]).toMatch(/^plan_bounds\[0\]: installments_count/)
    expect(problems([{ installments_count: 3, minimum: 1 }])[0]).toMatch(/unknown fields: minimum/)
    expect(problems([three, { installments_count: 3, max_amount: 9 }])).toEqual([
      "plan_bounds[1]: this plan has bounds twice",
    ])
  })
})

describe("describeOutside and inPlanOrder", () => {
  it("says the bounds in words", () => {
    const [both] = splitByBounds([three], [{ ...three, min_amount: 100, max_amount: 200 }], 1, "eur").outside
    expect(describeOutside(both, "eur")).toBe("the amount must be between 100.00 EUR and 200.00 EUR")
    const [max] = splitByBounds([three], [{ ...three, max_amount: 200 }], 30000, "eur").outside
    expect(describeOutside(max, "eur")).toBe("the amount must be at most 200.00 EUR")
  })

  it("puts answers in the merchant's order of plans", () => {
    const order = [four, deferred, three]
    expect(inPlanOrder(order, [three, deferred, four])).toEqual([four, deferred, three])
  })
})
