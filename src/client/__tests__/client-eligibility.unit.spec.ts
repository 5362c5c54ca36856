import { BnplClient } from "../client"
import { BnplServiceError } from "../errors"
import type { EligiblePlan, IneligiblePlan } from "../types"
import { ACTIVE_KEY, client, ELIGIBILITY, failure, sandbox, seen, useSandbox } from "./client-fixtures"

/** The client's construction, and eligibility answers as contract 4.1 has them (client-fixtures.ts: the sandbox). */

useSandbox()

describe("construction", () => {
  it("needs an API key", () => {
    let error: unknown
    try {
      new BnplClient({ apiKey: "", baseUrl: "http://127.0.0.1:1" })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(BnplServiceError)
    expect((error as BnplServiceError).code).toBe("unauthorized")
  })

  it.each(["", "127.0.0.1:4010", "ftp://example.com", "http://"])("refuses the base URL %p", (baseUrl) => {
    expect(() => new BnplClient({ apiKey: ACTIVE_KEY, baseUrl })).toThrow(
      expect.objectContaining({ code: "invalid_request" })
    )
  })

  it("accepts a base URL with trailing slashes", async () => {
    const result = await client({ baseUrl: `${sandbox.url}//` }).checkEligibility({ purchase_amount: 10000 })
    expect(result.eligible).toBe(true)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })
})

describe("checkEligibility: contract 4.1 response rules", () => {
  it("sends a number, gets one object with the full schedule", async () => {
    const result = await client().checkEligibility({ purchase_amount: 30000, installments_count: 3 })
    expect(Array.isArray(result)).toBe(false)
    expect(result.eligible).toBe(true)
    const plan = result as EligiblePlan
    expect(plan.installments_count).toBe(3)
    // 3x at 145 bps: fee 435 on the first instalment; principal 10000 × 3.
    expect(plan.customer_total_cost_amount).toBe(435)
    expect(plan.customer_total_cost_bps).toBe(145)
    expect(plan.payment_plan.map((i) => i.purchase_amount)).toEqual([10000, 10000, 10000])
    expect(plan.payment_plan.map((i) => i.customer_fee)).toEqual([435, 0, 0])
    expect(plan.payment_plan.map((i) => i.total_amount)).toEqual([10435, 10000, 10000])
    for (const instalment of plan.payment_plan) {
      expect(Number.isInteger(instalment.due_date)).toBe(true)
    }
    expect(seen("POST", ELIGIBILITY).map((r) => r.body)).toEqual([
      { payment: { purchase_amount: 30000, installments_count: 3 } },
    ])
  })

  it("without a count gets one object for the default 3 instalments", async () => {
    const result = await client().checkEligibility({ purchase_amount: 10001 })
    expect(Array.isArray(result)).toBe(false)
    expect(result.installments_count).toBe(3)
    expect((result as EligiblePlan).payment_plan.map((i) => i.purchase_amount)).toEqual([3335, 3333, 3333])
  })

  it("sends an array of one, gets an array of one", async () => {
    const result = await client().checkEligibility({ purchase_amount: 30000, installments_count: [3] })
    expect(Array.isArray(result)).toBe(true)
    expect(result).toHaveLength(1)
    expect(result[0].installments_count).toBe(3)
    expect(result[0].eligible).toBe(true)
    expect(seen("POST", ELIGIBILITY)[0].body).toEqual({ payment: { purchase_amount: 30000, installments_count: [3] } })
  })

  it("gets an array in request order", async () => {
    const result = await client().checkEligibility({ purchase_amount: 30000, installments_count: [4, 2, 3] })
    expect(result.map((r) => r.installments_count)).toEqual([4, 2, 3])
    expect(result.map((r) => r.eligible)).toEqual([true, true, true])
    expect(result.map((r) => (r as EligiblePlan).customer_total_cost_bps)).toEqual([220, 0, 145])
  })

  it("mixes eligible and ineligible plans, each with its own reasons and constraints", async () => {
    const result = await client().checkEligibility({ purchase_amount: 20000, installments_count: [3, 10, 5] })
    expect(result.map((r) => r.eligible)).toEqual([true, false, false])
    expect(result.map((r) => r.installments_count)).toEqual([3, 10, 5])
    const credit = result[1] as IneligiblePlan
    expect(credit.reasons).toEqual({ purchase_amount: "invalid_value" })
    expect(credit.constraints).toEqual({ purchase_amount: { minimum: 50000, maximum: 500000 } })
    const notOffered = result[2] as IneligiblePlan
    expect(notOffered.reasons).toEqual({ installments_count: "invalid_value" })
    expect((result[0] as EligiblePlan).payment_plan).toHaveLength(3)
  })

  it("passes a deferral", async () => {
    const result = (await client().checkEligibility({
      purchase_amount: 10000,
      installments_count: 1,
      deferred_days: 30,
    })) as EligiblePlan
    expect(result.eligible).toBe(true)
    expect(result.deferred_days).toBe(30)
    expect(result.customer_total_cost_amount).toBe(150)
    expect(seen("POST", ELIGIBILITY)[0].body).toEqual({
      payment: { purchase_amount: 10000, installments_count: 1, deferred_days: 30 },
    })
  })

  it.each([
    [4999, false],
    [5000, true],
    [500000, true],
    [500001, false],
  ])("bounds: %i cents is eligible: %p", async (amount, eligible) => {
    const result = await client().checkEligibility({ purchase_amount: amount, installments_count: 3 })
    expect(result.eligible).toBe(eligible)
    if (!eligible) {
      expect(result).toMatchObject({
        eligible: false,
        installments_count: 3,
        reasons: { purchase_amount: "invalid_value" },
        constraints: { purchase_amount: { minimum: 5000, maximum: 500000 } },
      })
    } else {
      const plan = result as EligiblePlan
      expect(plan.payment_plan.reduce((sum, i) => sum + i.purchase_amount, 0)).toBe(amount)
    }
  })

  it("refuses an empty array of counts without calling the service", async () => {
    const error = await failure(client().checkEligibility({ purchase_amount: 10000, installments_count: [] }))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("payment.installments_count")
    expect(seen()).toHaveLength(0)
  })
})
