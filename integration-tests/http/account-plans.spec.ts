import { testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(300 * 1000)

const ports = testPorts(17)
const ACTIVE_KEY = "sk_test_active_0000000000000000"

/**
 * The account's own plans (`GET /v1/me/fee-plans`), read from the sandbox over HTTP by a running
 * app: listed in the admin with bounds and fees, saves checked against them, and checkout
 * answering amounts outside them without asking the service. The sandbox account: 3x (also at
 * shipment, 30 days), 4x, 2x, 10x/12x credit from 500.00 EUR, pay in 15/30 days and 1 month, all
 * others from 50.00 to 5,000.00 EUR; a 5x listed but not sold.
 */
sandboxStoreSuite(
  { ports },
  ({ api, sandbox, store, admin }) => {
    const calls = (prefix = "/") => sandbox().requests.filter((r: any) => r.path.startsWith(prefix))
    const settings = async () => (await api.get("/admin/bnpl/settings", admin())).data.settings
    const save = (body: unknown) => api.post("/admin/bnpl/settings", body, admin()).catch((e: any) => e.response)
    const verify = () => api.post("/admin/bnpl/settings/verify", {}, admin()).catch((e: any) => e.response)
    const plansFor = async (query: string) =>
      (await api.get(`/store/bnpl/eligibility?${query}&currency_code=eur`, store().storeHeaders)).data
    const summary = (plans: any[]) => plans.map((p) => [p.installments_count, p.deferred_days ?? 0, p.eligible])

    beforeEach(async () => {
      // A save reads the accounts' plans again: none of a previous test's sandbox state is kept.
      expect((await save({ plans: [{ installments_count: 3 }, { installments_count: 4 }], plan_bounds: null })).status).toBe(200)
    })

    it("lists the account's plans with their bounds, fees and switches", async () => {
      const view = await settings()
      const account = view.accounts[view.mode]
      expect(account.service_plans_problem).toBeUndefined()
      const byKey = Object.fromEntries(
        account.service_plans.map((p: any) => [
          `${p.installments_count}x+${p.deferred_days}d+${p.deferred_months}m${p.pay_at_shipment ? ":ship" : ""}`,
          p,
        ])
      )
      expect(Object.keys(byKey)).toEqual([
        "2x+0d+0m", "3x+0d+0m", "3x+0d+0m:ship", "4x+0d+0m", "4x+0d+0m:ship", "10x+0d+0m", "12x+0d+0m", "1x+15d+0m", "1x+30d+0m", "1x+0d+1m",
      ])
      expect(byKey["3x+0d+0m"]).toEqual({
        installments_count: 3, deferred_days: 0, deferred_months: 0, pay_at_shipment: false,
        min_amount: 50, max_amount: 5000, customer_fee_bps: 145, customer_fee_fixed: 0, customer_lending_rate_bps: 0,
        merchant_fee_bps: 150, merchant_fee_fixed: 0.15, enabled: true,
      })
      expect(byKey["3x+0d+0m:ship"]).toMatchObject({ pay_at_shipment: true, trigger_limit_days: 30, enabled: false })
      expect(byKey["10x+0d+0m"]).toMatchObject({ min_amount: 500, max_amount: 5000, customer_lending_rate_bps: 1790, enabled: false })
      expect(byKey["4x+0d+0m"].enabled).toBe(true)
      // The other account has no key: why its list is missing.
      const other = view.accounts[view.mode === "live" ? "test" : "live"]
      expect(other.service_plans).toBeUndefined()
      expect(other.service_plans_problem).toMatch(/no API key/)
    })

    it("keeps the account's plans an hour: the admin page read again costs no call", async () => {
      await settings()
      sandbox().clearRequests()
      await settings()
      await plansFor("amount=30")
      expect(calls("/v1/me")).toHaveLength(0)
    })

    it("refuses to save a plan the account does not have, naming it and listing the account's plans", async () => {
      const refused = await save({ plans: [{ installments_count: 3 }, { installments_count: 5 }] })
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain('plans[1]: the service account has no plan "5 instalments"; its plans: "2 instalments", "3 instalments"')
      expect(refused.data.message).toContain('"pay in 30 days"')
      expect((await settings()).plans).toEqual([{ installments_count: 3 }, { installments_count: 4 }])
    })

    it("refuses a merchant bound outside the service's, naming the plan and the service's bound", async () => {
      const below = await save({
        plans: [{ installments_count: 3 }, { installments_count: 10 }],
        plan_bounds: [{ installments_count: 10, min_amount: 100 }],
      })
      expect(below.status).toBe(400)
      expect(below.data.message).toContain('plan_bounds[0].min_amount: "10 instalments" starts at 500.00 EUR with the service')
      const above = await save({ plan_bounds: [{ installments_count: 3, max_amount: 9000 }] })
      expect(above.status).toBe(400)
      expect(above.data.message).toContain('plan_bounds[0].max_amount: "3 instalments" goes up to 5000.00 EUR with the service')
      expect((await save({ plan_bounds: [{ installments_count: 3, min_amount: 80, max_amount: 4000 }] })).status).toBe(200)
    })

    it("answers an amount outside every plan's bounds without any service call, with the bounds as constraints", async () => {
      expect((await save({ plans: [{ installments_count: 3 }, { installments_count: 10 }] })).status).toBe(200)
      sandbox().clearRequests()
      const { eligibility } = await plansFor("amount=30")
      expect(calls()).toHaveLength(0)
      expect(eligibility.service_available).toBe(true)
      expect(eligibility.plans.map((p: any) => [p.installments_count, p.eligible, p.constraints])).toEqual([
        [3, false, { purchase_amount: { minimum: 5000, maximum: 500000 } }],
        [10, false, { purchase_amount: { minimum: 50000, maximum: 500000 } }],
      ])
      // 10x from 500.00 EUR (the service's own bound for it): 3x asked, 10x answered here.
      await plansFor("amount=129.90")
      expect(calls().map((r: any) => r.body.payment.installments_count)).toEqual([[3]])
    })

    it("a product grid of cheap items costs the service nothing", async () => {
      sandbox().clearRequests()
      const { eligibilities } = await plansFor("amounts=9.90,19.90,24.50,49.99")
      expect(calls()).toHaveLength(0)
      expect(eligibilities.every((e: any) => e.plans.every((p: any) => p.eligible === false))).toBe(true)
    })

    it("offers only the account's plans: a plan the account stopped selling is not offered", async () => {
      sandbox().setMerchant(ACTIVE_KEY, { plans: { "4x": { allowed: false } } })
      expect((await verify()).status).toBe(200) // Verify reads the account's plans again
      sandbox().clearRequests()
      const { eligibility } = await plansFor("amount=131.10")
      expect(summary(eligibility.plans)).toEqual([[3, 0, true]])
      expect(calls("/v1/payments/eligibility").map((r: any) => r.body.payment.installments_count)).toEqual([[3]])
    })

    it("an older account (fee plans 404): the typed plans are still offered and the admin says why", async () => {
      sandbox().setMerchant(ACTIVE_KEY, { account_api: false })
      expect((await save({ plans: [{ installments_count: 3 }, { installments_count: 4 }] })).status).toBe(200)
      const view = await settings()
      expect(view.accounts[view.mode].service_plans).toBeUndefined()
      expect(view.accounts[view.mode].service_plans_problem).toMatch(/older account/)
      const { eligibility } = await plansFor("amount=132.10")
      expect(summary(eligibility.plans)).toEqual([
        [3, 0, true],
        [4, 0, true],
      ])
    })

    it("the fee plans failing: the typed plans are still offered and the admin says why", async () => {
      sandbox().setFault({ match: { path: "/v1/me" }, status: 503 })
      expect((await save({ plans: [{ installments_count: 3 }, { installments_count: 4 }] })).status).toBe(200)
      const view = await settings()
      expect(view.accounts[view.mode].service_plans_problem).toMatch(/did not give the account's plans/)
      const { eligibility } = await plansFor("amount=133.10")
      expect(summary(eligibility.plans)).toEqual([
        [3, 0, true],
        [4, 0, true],
      ])
    })

    it("Verify shows the account's name, whether it can take payments, and its plans", async () => {
      const { data } = await verify()
      expect(data).toMatchObject({ result: "works", account: { name: "Demo Store", can_create_payments: true } })
      expect(data.service_plans.filter((p: any) => p.enabled).map((p: any) => p.installments_count)).toEqual([3, 4])
      expect(JSON.stringify(data)).not.toContain(ACTIVE_KEY)
    })
  }
)
