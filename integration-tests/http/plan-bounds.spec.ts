import { testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(120 * 1000)

const ports = testPorts(7)

/**
 * The merchant's own bounds per plan and the display order, through the admin and store APIs
 * of a running app against the sandbox over HTTP (the service itself allows 50 to 5,000 EUR).
 */
sandboxStoreSuite(
  { ports },
  ({ api, sandbox, store, admin, cartWith, startBnplSession }) => {
    const eligibilityCalls = () => sandbox().requests.filter((r: any) => r.path.startsWith("/v1/payments/eligibility"))
    const askedCounts = () => eligibilityCalls().flatMap((r: any) => [r.body.payment.installments_count].flat())
    const plansFor = async (amount: string) => {
      sandbox().clearRequests()
      const { data } = await api.get(`/store/bnpl/eligibility?amount=${amount}&currency_code=eur`, store().storeHeaders)
      return data.eligibility
    }
    const save = (body: unknown) => api.post("/admin/bnpl/settings", body, admin()).catch((e: any) => e.response)

    beforeEach(async () => {
      // 4 instalments only from 100.00 to 349.00 EUR, both inclusive; 3 instalments unbounded.
      const saved = await save({
        plans: [{ installments_count: 3 }, { installments_count: 4 }],
        plan_bounds: [{ installments_count: 4, min_amount: 100, max_amount: 349 }],
      })
      expect(saved.status).toBe(200)
    })

    it("keeps the bounds in the settings, saved in the admin", async () => {
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings.plan_bounds).toEqual([{ installments_count: 4, min_amount: 100, max_amount: 349 }])
      expect(data.settings.source.plan_bounds).toBe("settings")
    })

    it.each([
      ["below the minimum", "99.99", false],
      ["at the minimum", "100", true],
      ["between the bounds", "200", true],
      ["at the maximum", "349", true],
      ["above the maximum", "349.01", false],
    ])("%s (%s EUR): 4 instalments asked to the service = %s", async (_case, amount, inside) => {
      const eligibility = await plansFor(amount)
      expect(askedCounts()).toEqual(inside ? [3, 4] : [3])
      expect(eligibility.plans.map((p: any) => p.installments_count)).toEqual([3, 4])
      const four = eligibility.plans[1]
      if (inside) {
        expect(four).toMatchObject({ eligible: true, installments_count: 4 })
      } else {
        expect(four).toEqual({
          eligible: false,
          installments_count: 4,
          reasons: { purchase_amount: "invalid_value" },
          constraints: { purchase_amount: { minimum: 10000, maximum: 34900 } },
          currency_code: "eur",
        })
      }
    })

    it("asks the service nothing when every plan is outside the merchant's bounds", async () => {
      await save({ plan_bounds: [{ installments_count: 3, min_amount: 100 }, { installments_count: 4, min_amount: 100 }] })
      const eligibility = await plansFor("60")
      expect(eligibilityCalls()).toHaveLength(0)
      expect(eligibility).toMatchObject({ service_available: true })
      expect(eligibility.plans.map((p: any) => [p.installments_count, p.eligible, p.constraints])).toEqual([
        // The merchant's minimum, the service's maximum (the account's plans go up to 5,000.00 EUR).
        [3, false, { purchase_amount: { minimum: 10000, maximum: 500000 } }],
        [4, false, { purchase_amount: { minimum: 10000, maximum: 500000 } }],
      ])
    })

    it("answers plans in the merchant's order, also from the shared cache", async () => {
      await plansFor("150") // cached for 3 and 4 in that order
      await save({ plans: [{ installments_count: 4 }, { installments_count: 3 }] })
      const eligibility = await plansFor("150")
      expect(eligibility.plans.map((p: any) => p.installments_count)).toEqual([4, 3])
      expect(eligibilityCalls()).toHaveLength(0) // the same account and plans: the cached answer, reordered
    })

    it("applies the bounds to a cart and refuses a session for a plan outside them", async () => {
      const cart = await cartWith(349) // 349.00 + 4.90 shipping: above the maximum of 4 instalments
      const { data } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
      expect(data.eligibility.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([
        [3, true],
        [4, false],
      ])
      expect(data.eligibility.plans[1].constraints).toEqual({ purchase_amount: { minimum: 10000, maximum: 34900 } })

      sandbox().clearRequests()
      const refused = await startBnplSession(cart.id, { installments_count: 4 }).catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toBe(
        'The plan "4 instalments" is not available for 353.90 EUR: the amount must be between 100.00 EUR and 349.00 EUR'
      )
      expect(sandbox().requests.filter((r: any) => r.path.startsWith("/v1/payments"))).toHaveLength(0)

      const { session } = await startBnplSession(cart.id, { installments_count: 3 })
      expect(session.data.url).toBeTruthy()
    })

    it.each([
      [{ plan_bounds: [{ installments_count: 4, min_amount: 300, max_amount: 200 }] }, "plan_bounds[0]: min_amount (300) is above max_amount (200)"],
      [{ plan_bounds: [{ installments_count: 4, min_amount: "100" }] }, "plan_bounds[0].min_amount must be an amount"],
      [{ plan_bounds: [{ installments_count: 4, minimum: 1 }] }, "plan_bounds[0] has unknown fields: minimum"],
    ])("refuses bad bounds with a 400 naming the field: %j", async (body, message) => {
      const refused = await save(body)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain(message)
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings.plan_bounds).toEqual([{ installments_count: 4, min_amount: 100, max_amount: 349 }])
    })

    it("goes back to the plugin options (none) with null", async () => {
      await save({ plan_bounds: null })
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings.plan_bounds).toEqual([])
      expect((await plansFor("60")).plans.map((p: any) => p.eligible)).toEqual([true, true])
    })
  }
)
