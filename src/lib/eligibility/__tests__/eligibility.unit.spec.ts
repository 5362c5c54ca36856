import {
  ask,
  clock,
  ELIGIBILITY,
  eligibilityRequests,
  HANG,
  INACTIVE_KEY,
  PLANS,
  sandbox,
  timedOut,
  useEligibilitySandbox,
} from "./eligibility-fixtures"

/**
 * `checkPlans` against the sandbox over real HTTP (eligibility-fixtures.ts): the circuit breaker,
 * per-group degradation and the brief keeping of failed answers, counted in requests the sandbox received (never in
 * timings). The clock of the breakers and the cache is a variable, so "30 s later" is immediate;
 * the clients' timeouts are run by hand, so a request times out when the test says, never
 * because a busy machine was slow to answer.
 *
 * Here: the circuit breaker, failed answers kept briefly, per-group degradation, cold look-ups
 * under a budget, product pages' own breakers. The wait learnt from answers and the background
 * probe: eligibility-deadlines.unit.spec.ts; the newer interface: eligibility-v2.unit.spec.ts.
 */

useEligibilitySandbox()

describe("checkPlans: circuit breaker", () => {
  it("a hung service: after 3 timeouts, no request goes out during the cool-down; the answer is unavailable", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, ...HANG })
    for (let i = 1; i <= 3; i++) {
      expect(await timedOut(ask(10_000 + i), i)).toMatchObject({
        service_available: false,
        unavailable_reason: "unavailable",
      })
    }
    expect(eligibilityRequests()).toBe(3)
    for (let i = 4; i <= 10; i++) {
      clock.now += 3_000
      expect(await ask(10_000 + i)).toMatchObject({ service_available: false, unavailable_reason: "unavailable" })
    }
    expect(eligibilityRequests()).toBe(3)
  })

  it("after the cool-down, one probe among concurrent callers; its success closes the breaker", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 503, count: 3 })
    for (let i = 1; i <= 3; i++) await ask(20_000 + i)
    expect(eligibilityRequests()).toBe(3)
    clock.now += 30_000
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => ask(21_000 + i)))
    expect(eligibilityRequests()).toBe(4)
    expect(answers.filter((a) => a.service_available)).toHaveLength(1)
    // Closed: every new amount is asked again.
    await Promise.all([1, 2, 3].map((i) => ask(22_000 + i)))
    expect(eligibilityRequests()).toBe(7)
  })

  it("a failed probe opens it for another cool-down", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 500 })
    for (let i = 1; i <= 3; i++) await ask(30_000 + i)
    clock.now += 30_000
    await ask(30_010)
    expect(eligibilityRequests()).toBe(4)
    clock.now += 29_000
    await ask(30_011)
    expect(eligibilityRequests()).toBe(4)
  })

  it("answers that are not outages (inactive account) never open it", async () => {
    for (let i = 1; i <= 5; i++) {
      expect(await ask(40_000 + i, { key: INACTIVE_KEY })).toMatchObject({ unavailable_reason: "not_activated" })
    }
    expect(eligibilityRequests()).toBe(5)
  })

  it("one breaker per account: another key's outage does not silence this one", async () => {
    sandbox.setMerchant("sk_test_other_account_0000000000", { activated: true })
    sandbox.setFault({ match: { path: ELIGIBILITY, body: { "payment.purchase_amount": 50_001 } }, status: 503 })
    for (let i = 0; i < 3; i++) {
      clock.now += 301_000 // past the brief keeping of the failed answer: asked again each time
      await ask(50_001, { key: "sk_test_other_account_0000000000" })
    }
    expect(eligibilityRequests()).toBe(3)
    expect(await ask(50_002)).toMatchObject({ service_available: true })
    expect(eligibilityRequests()).toBe(4)
  })
})

describe("checkPlans: failed answers are kept briefly", () => {
  it("a failure for an amount is not asked again for 30 s, then it is", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 500, count: 1 })
    expect(await ask(60_000)).toMatchObject({ service_available: false })
    expect(await ask(60_000)).toMatchObject({ service_available: false })
    expect(eligibilityRequests()).toBe(1)
    clock.now += 30_000
    expect(await ask(60_000)).toMatchObject({ service_available: true })
    expect(eligibilityRequests()).toBe(2)
  })
})

describe("checkPlans: plans degrade per deferral group", () => {
  it("the deferred group fails: only its plan is unavailable, 3x and 4x stay; kept 30 s only", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY, body: { "payment.deferred_days": 30 } }, status: 503 })
    const answer = await ask(70_000, { plans: PLANS })
    expect(answer.service_available).toBe(true)
    expect(
      answer.plans.map((p: any) => [p.installments_count, p.deferred_days ?? 0, p.eligible, p.unavailable])
    ).toEqual([
      [3, 0, true, undefined],
      [4, 0, true, undefined],
      [1, 30, false, true],
    ])
    expect(answer.plans[2].reasons).toEqual({ service: "unavailable" })
    expect(eligibilityRequests()).toBe(2)

    await ask(70_000, { plans: PLANS })
    expect(eligibilityRequests()).toBe(2)
    clock.now += 30_000
    sandbox.clearFaults()
    const later = await ask(70_000, { plans: PLANS })
    expect(eligibilityRequests()).toBe(4)
    expect(later.plans.map((p: any) => p.eligible)).toEqual([true, true, true])
  })

  it("a hung deferred group opens only its own breaker: 3x/4x are still asked", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY, body: { "payment.deferred_days": 30 } }, ...HANG })
    // Each time, the deferred group's request times out once 3x/4x's was answered.
    for (let i = 1; i <= 3; i++) await timedOut(ask(80_000 + i, { plans: PLANS }), 2 * i)
    expect(eligibilityRequests()).toBe(6)
    const answer = await ask(80_010, { plans: PLANS })
    expect(eligibilityRequests()).toBe(7)
    expect(answer.service_available).toBe(true)
    expect(answer.plans.map((p: any) => p.unavailable ?? false)).toEqual([false, false, true])
  })
})

describe("checkPlans: cold look-ups under a budget", () => {
  it("an amount the budget refuses costs no call: its plans are marked 'rate_limited', and not kept", async () => {
    const answer = await ask(90_001, { surface: "product_page", mayAsk: () => false })
    expect(eligibilityRequests()).toBe(0)
    expect(answer).toMatchObject({ purchase_amount: 90_001, currency_code: "eur", service_available: true })
    expect(answer.unavailable_reason).toBeUndefined()
    expect(answer.plans).toEqual(
      [3, 4].map((installments_count) => ({
        eligible: false,
        installments_count,
        unavailable: true,
        reasons: { service: "rate_limited" },
        constraints: {},
        currency_code: "eur",
      }))
    )
    // Not kept: once the budget allows, the amount is asked.
    expect(await ask(90_001, { surface: "product_page", mayAsk: () => true })).toMatchObject({
      service_available: true,
      plans: [{ eligible: true }, { eligible: true }],
    })
    expect(eligibilityRequests()).toBe(1)
  })

  it("the budget is spent only on amounts the cache lacks", async () => {
    await ask(90_002)
    let taken = 0
    const budget = () => {
      taken++
      return false
    }
    const warm = await ask(90_002, { surface: "product_page", mayAsk: budget })
    expect(warm.plans.map((p: any) => p.eligible)).toEqual([true, true])
    expect(taken).toBe(0)
    await ask(90_003, { surface: "product_page", mayAsk: budget })
    expect(taken).toBe(1)
    expect(eligibilityRequests()).toBe(1)
  })
})

describe("checkPlans: product pages and carts have their own breakers", () => {
  it("429s on product-page look-ups open only the product pages' breaker: a cart is still asked and answered", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 429, count: 3 })
    for (let i = 1; i <= 3; i++) {
      await ask(100_000 + i, { surface: "product_page" })
    }
    expect(eligibilityRequests()).toBe(3)
    // Open for product pages: answered at once, nothing asked.
    expect(await ask(100_010, { surface: "product_page" })).toMatchObject({
      service_available: false,
      unavailable_reason: "unavailable",
    })
    expect(eligibilityRequests()).toBe(3)
    // The same account's cart is asked, and gets its plans.
    const cart = await ask(100_020, { surface: "cart" })
    expect(eligibilityRequests()).toBe(4)
    expect(cart).toMatchObject({ service_available: true, plans: [{ eligible: true }, { eligible: true }] })
  })

  it("a failed product-page answer is not served to a cart of the same amount; a complete one serves both", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 503, count: 1 })
    expect(await ask(110_000, { surface: "product_page" })).toMatchObject({ service_available: false })
    expect(await ask(110_000, { surface: "cart" })).toMatchObject({ service_available: true })
    expect(eligibilityRequests()).toBe(2)
    expect(await ask(110_000, { surface: "product_page" })).toMatchObject({ service_available: true })
    expect(eligibilityRequests()).toBe(2)
  })
})
