import { BnplClient } from "../client"
import { ACTIVE_KEY, failure, sandbox, useSandbox } from "./client-fixtures"

// The file's sandbox (client-fixtures.ts): started before its tests, reset before each.
useSandbox()

// The default 10 s timeout: beyond jest's 5 s per test, so a busy machine's slow answer is never a timeout.
const client = () => new BnplClient({ apiKey: ACTIVE_KEY, baseUrl: sandbox.url, retryDelayMs: 5 })

describe("account calls", () => {
  it("reads the account and its fee plans, deferred and not-sold ones included", async () => {
    expect(await client().getAccount()).toMatchObject({ name: "Demo Store", can_create_payments: true })
    const plans = await client().getFeePlans()
    expect(plans.find((p) => p.installments_count === 3)).toMatchObject({
      deferred_trigger_limit_days: 30,
      min_purchase_amount: 5000,
      merchant_fee_variable: 150,
    })
    expect(plans.some((p) => p.deferred_days === 30)).toBe(true)
    expect(plans.find((p) => p.installments_count === 5)?.allowed).toBe(false)
    expect(sandbox.requests.at(-1)!.query).toEqual({ kind: "general", only: "all", deferred: "true" })
  })

  it("says not_available on a 404 (an older account), without retrying", async () => {
    sandbox.setMerchant(ACTIVE_KEY, { account_api: false, eligibility_v2: false })
    expect((await failure(client().getFeePlans())).code).toBe("not_available")
    expect((await failure(client().getAccount())).code).toBe("not_available")
    const v2 = await failure(
      client().checkEligibilityV2({ purchase_amount: 10000, queries: [{ installments_count: 3 }] })
    )
    expect(v2.code).toBe("not_available")
    expect(sandbox.requests).toHaveLength(3)
  })

  it("asks v2 eligibility for every plan in one request, answers in query order", async () => {
    const results = await client().checkEligibilityV2({
      purchase_amount: 20000,
      queries: [{ installments_count: 3 }, { installments_count: 1, deferred_days: 30 }],
      billing_address: { country: "FR" },
    })
    expect(results.map((r) => [r.installments_count, r.deferred_days, r.eligible])).toEqual([
      [3, 0, true],
      [1, 30, true],
    ])
    expect(sandbox.requests).toHaveLength(1)
  })

  it("a v2 answer for other plans than asked is malformed", async () => {
    sandbox.setFault({ match: { path: "/v2/payments/eligibility" }, status: 200, body: [] })
    const error = await failure(
      client().checkEligibilityV2({ purchase_amount: 20000, queries: [{ installments_count: 3 }] })
    )
    expect(error.code).toBe("malformed_answer")
  })

  it("an inactive account's v2 refusal is not_activated, a bad query is invalid_request", async () => {
    sandbox.setMerchant(ACTIVE_KEY, { activated: false })
    const inactive = await failure(
      client().checkEligibilityV2({ purchase_amount: 20000, queries: [{ installments_count: 3 }] })
    )
    expect(inactive.code).toBe("not_activated")
    sandbox.setMerchant(ACTIVE_KEY, { activated: true })
    const bad = await failure(
      client().checkEligibilityV2({ purchase_amount: -1, queries: [{ installments_count: 3 }] })
    )
    expect(bad.code).toBe("invalid_request")
  })
})
