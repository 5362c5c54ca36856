import { BnplClient } from "../../../client"
import { boundedAnswerCache } from "../answer-cache"
import { checkPlans } from "../eligibility"
import { ACTIVE_KEY, cache, clock, ELIGIBILITY, sandbox, timers, useEligibilitySandbox } from "./eligibility-fixtures"

/**
 * `checkPlans` through the newer eligibility interface (v2) against the sandbox
 * (eligibility-fixtures.ts), beside v1.
 */

useEligibilitySandbox()

describe("checkPlans: the newer eligibility interface", () => {
  const MANY = [
    { installments_count: 3 },
    { installments_count: 4 },
    { installments_count: 10 },
    { installments_count: 1, deferred_days: 30 },
    { installments_count: 1, deferred_months: 1 },
  ]
  const askWith = (eligibilityApi: "v1" | "v2", cents: number) =>
    checkPlans({
      client: new BnplClient({ apiKey: ACTIVE_KEY, baseUrl: sandbox.url, retries: 0, timer: timers.timer }),
      cents,
      currency: "eur",
      plans: MANY,
      timeoutMs: 2_000,
      cache: boundedAnswerCache(100, () => clock.now), // each interface its own: both really asked
      cacheScope: ACTIVE_KEY,
      surface: "cart",
      eligibilityApi,
      countries: { billing: "FR", shipping: "DE" },
      now: new Date(clock.now),
    })
  // Due dates count from each call's second: the rest must be the same.
  const undated = (answer: any) => ({
    ...answer,
    plans: answer.plans.map((p: any) => ({
      ...p,
      payment_plan: p.payment_plan?.map(({ due_date: _d, ...i }: any) => i),
    })),
  })

  it("gives the same plans as v1 (eligible, refused with reasons and constraints), in one request where v1 makes one per deferral group", async () => {
    // Below the account's minimum, below the 10x credit plan's, all eligible, above the maximum.
    for (const cents of [4_000, 30_000, 60_000, 600_000]) {
      sandbox.clearRequests()
      const v1 = await askWith("v1", cents)
      const v2 = await askWith("v2", cents)
      expect(undated(v2)).toEqual(undated(v1))
      expect(sandbox.requests.filter((r: any) => r.path === ELIGIBILITY)).toHaveLength(3)
      const v2Requests = sandbox.requests.filter((r: any) => r.path === "/v2/payments/eligibility")
      expect(v2Requests).toHaveLength(1)
      expect(v2Requests[0].body).toMatchObject({
        billing_address: { country: "FR" },
        shipping_address: { country: "DE" },
      })
    }
    const sample = await askWith("v2", 30_000)
    expect(sample.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([
      [3, true],
      [4, true],
      [10, false],
      [1, true],
      [1, true],
    ])
  })

  it("an answer asked for one country is not served for another", async () => {
    sandbox.clearRequests()
    const ask2 = (countries: { billing?: string; shipping?: string }) =>
      checkPlans({
        client: new BnplClient({ apiKey: ACTIVE_KEY, baseUrl: sandbox.url, retries: 0, timer: timers.timer }),
        cents: 61_000,
        currency: "eur",
        plans: MANY,
        timeoutMs: 2_000,
        cache,
        cacheScope: ACTIVE_KEY,
        surface: "cart",
        eligibilityApi: "v2",
        countries,
        now: new Date(clock.now),
      })
    await ask2({ billing: "FR", shipping: "FR" })
    await ask2({ billing: "FR", shipping: "FR" })
    await ask2({ billing: "FR", shipping: "DE" })
    expect(sandbox.requests.filter((r: any) => r.path === "/v2/payments/eligibility")).toHaveLength(2)
  })
})
