import type { EligibilityResult, Plan } from "../../../client"
import { answerTtlSeconds, combineGroupOutcomes, isCompleteAnswer, type GroupOutcome } from "../eligibility-answer"

const planKey = (p: Plan) => `${p.installments_count}x-d${p.deferred_days ?? 0}-m${p.deferred_months ?? 0}`
const now = new Date("2026-11-23T10:00:00.000Z")
const PLANS: Plan[] = [
  { installments_count: 3 },
  { installments_count: 1, deferred_days: 30 },
  { installments_count: 4 },
]

const eligible = (count: number, deferral: Omit<Plan, "installments_count"> = {}): EligibilityResult => ({
  eligible: true,
  installments_count: count,
  ...deferral,
  customer_total_cost_amount: 100,
  customer_total_cost_bps: 145,
  payment_plan: [],
})

const instalments = (results: EligibilityResult[] | null): GroupOutcome =>
  results
    ? { deferral: {}, counts: [3, 4], results }
    : { deferral: {}, counts: [3, 4], error: { code: "unavailable", message: "HTTP 503" } }
const payLater = (ok: boolean): GroupOutcome =>
  ok
    ? { deferral: { deferred_days: 30 }, counts: [1], results: [eligible(1, { deferred_days: 30 })] }
    : { deferral: { deferred_days: 30 }, counts: [1], error: { code: "unavailable", message: "timeout" } }

const combine = (outcomes: GroupOutcome[]) =>
  combineGroupOutcomes({ cents: 12990, currency: "eur", plans: PLANS, outcomes, planKey, now })

describe("combineGroupOutcomes", () => {
  it("every group answered: the plans in the merchant's order, complete, kept 5 minutes", () => {
    const answer = combine([instalments([eligible(3), eligible(4)]), payLater(true)])
    expect(answer.service_available).toBe(true)
    expect(answer.plans.map((p) => [p.installments_count, p.deferred_days, p.eligible])).toEqual([
      [3, undefined, true],
      [1, 30, true],
      [4, undefined, true],
    ])
    expect(answer.plans.every((p) => p.currency_code === "eur")).toBe(true)
    expect(isCompleteAnswer(answer)).toBe(true)
    expect(answerTtlSeconds(answer)).toBe(300)
  })

  it("one group failed: only its plans are marked unavailable, the service stays available, kept 30 s", () => {
    const answer = combine([instalments([eligible(3), eligible(4)]), payLater(false)])
    expect(answer.service_available).toBe(true)
    expect(answer.unavailable_reason).toBeUndefined()
    expect(answer.plans[0]).toMatchObject({ installments_count: 3, eligible: true })
    expect(answer.plans[0]).not.toHaveProperty("unavailable")
    expect(answer.plans[1]).toEqual({
      eligible: false,
      unavailable: true,
      installments_count: 1,
      deferred_days: 30,
      reasons: { service: "unavailable" },
      constraints: {},
      currency_code: "eur",
    })
    expect(answer.plans[2]).toMatchObject({ installments_count: 4, eligible: true })
    expect(isCompleteAnswer(answer)).toBe(false)
    expect(answerTtlSeconds(answer)).toBe(30)
  })

  it("no group answered: the whole answer is unavailable with the first reason, kept 30 s", () => {
    const answer = combine([instalments(null), payLater(false)])
    expect(answer).toMatchObject({
      service_available: false,
      unavailable_reason: "unavailable",
      message: "HTTP 503",
      plans: [],
    })
    expect(answerTtlSeconds(answer)).toBe(30)
  })
})
