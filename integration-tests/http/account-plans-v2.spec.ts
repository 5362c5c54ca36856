import { ADDRESS, cartBody, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(300 * 1000)

const ports = testPorts(19)
const ACTIVE_KEY = "sk_test_active_0000000000000000"
const V1 = "/v1/payments/eligibility"
const V2 = "/v2/payments/eligibility"

/**
 * The newer eligibility interface, opted in (`BNPL_ELIGIBILITY_API=v2`): one request per amount
 * for plans of two deferral groups, the same plans as v1, a cart's billing and shipping
 * countries sent, and v1 again for an account that answers v2 with a 404 (said in Verify); the
 * admin's `eligibility_api` wins over the env.
 */
sandboxStoreSuite(
  { ports, env: { ...ports.env, BNPL_ELIGIBILITY_API: "v2" } },
  ({ api, sandbox, store, admin }) => {
    const calls = (path: string) => sandbox().requests.filter((r: any) => r.path === path)
    const save = (body: unknown) => api.post("/admin/bnpl/settings", body, admin()).catch((e: any) => e.response)
    const plansFor = async (amount: string) =>
      (await api.get(`/store/bnpl/eligibility?amount=${amount}&currency_code=eur`, store().storeHeaders)).data
        .eligibility
    const v1Answer = async (cents: number) => {
      // What the contract's endpoint says of the same plans, asked directly (one request per deferral).
      const ask = async (payment: object) =>
        (
          await fetch(`${sandbox().url}${V1}`, {
            method: "POST",
            headers: { authorization: `Service-Auth ${ACTIVE_KEY}`, "content-type": "application/json" },
            body: JSON.stringify({ payment: { purchase_amount: cents, ...payment } }),
          })
        ).json()
      return [...(await ask({ installments_count: [3, 4] })), ...(await ask({ installments_count: [1], deferred_days: 30 }))]
    }

    beforeEach(async () => {
      const plans = [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 1, deferred_days: 30 }]
      expect((await save({ plans, plan_bounds: null })).status).toBe(200)
    })

    it("asks every plan of two deferral groups in one request, with the same answers as v1", async () => {
      sandbox().clearRequests()
      const eligibility = await plansFor("141.10")
      expect(calls(V1)).toHaveLength(0)
      expect(calls(V2)).toHaveLength(1)
      expect(calls(V2)[0].body).toEqual({
        purchase_amount: 14110,
        queries: [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 1, deferred_days: 30 }],
      })
      const { currency_code: _currency, ...first } = eligibility.plans[0]
      const v1 = await v1Answer(14110)
      expect(eligibility.plans.map((p: any) => [p.installments_count, p.deferred_days, p.eligible])).toEqual(
        v1.map((p: any) => [p.installments_count, p.deferred_days, p.eligible])
      )
      // Due dates start at each call's second: the rest is the same.
      const undated = (plan: any) => ({ ...plan, payment_plan: plan.payment_plan.map(({ due_date: _d, ...i }: any) => i) })
      expect(undated(first)).toEqual(undated(v1[0]))
    })

    it("sends a cart's billing and shipping countries, and asks again when the cart's country changes", async () => {
      const product = store().products.find((p) => p.price === 129.9)!
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: store().regionId,
          email: "jeanne@example.com",
          billing_address: ADDRESS,
          shipping_address: { ...ADDRESS, city: "Berlin", postal_code: "10115", country_code: "de" },
          items: [{ variant_id: product.variantId, quantity: 1 }],
        },
        store().storeHeaders
      )
      const cartId = data.cart.id
      const cartPlans = async () =>
        (await api.get(`/store/bnpl/eligibility?cart_id=${cartId}`, store().storeHeaders)).data.eligibility
      expect((await cartPlans()).plans.map((p: any) => p.eligible)).toEqual([true, true, true])
      const asked = calls(V2).filter((r: any) => r.body.purchase_amount === 12990)
      expect(asked.length).toBeGreaterThan(0)
      expect(asked.at(-1).body).toEqual({
        purchase_amount: 12990,
        queries: [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 1, deferred_days: 30 }],
        billing_address: { country: "FR" },
        shipping_address: { country: "DE" },
      })

      // Same total, another shipping country: the kept answer was for Germany, so it is asked again.
      sandbox().clearRequests()
      await api.post(`/store/carts/${cartId}`, { shipping_address: ADDRESS }, store().storeHeaders)
      await cartPlans()
      expect(calls(V2).map((r: any) => [r.body.billing_address, r.body.shipping_address])).toEqual([
        [{ country: "FR" }, { country: "FR" }],
      ])
    })

    it("an account without v2 (404): asked with v1 from then on, and Verify says so", async () => {
      sandbox().setMerchant(ACTIVE_KEY, { eligibility_v2: false })
      sandbox().clearRequests()
      const eligibility = await plansFor("142.10")
      expect(eligibility.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([
        [3, true],
        [4, true],
        [1, true],
      ])
      expect(calls(V2)).toHaveLength(1)
      expect(calls(V1)).toHaveLength(2)
      sandbox().clearRequests()
      await plansFor("143.10")
      expect(calls(V2)).toHaveLength(0) // the 404 is remembered for the account
      expect(calls(V1)).toHaveLength(2)

      const { data } = await api.post("/admin/bnpl/settings/verify", {}, admin())
      expect(data.result).toBe("works")
      expect(data.eligibility_api_note).toMatch(/no newer eligibility interface/)
    })

    it("the admin's eligibility_api wins over the env: the next cart asks the interface saved, a bad value is a 400", async () => {
      const settings = async () => (await api.get("/admin/bnpl/settings", admin())).data.settings
      const product = store().products.find((p) => p.price === 129.9)!
      // A cart of `quantity` items: each total is new, so no kept answer is served.
      const cartAsks = async (quantity: number) => {
        sandbox().clearRequests()
        const { data } = await api.post(
          "/store/carts",
          cartBody(store(), [{ variant_id: product.variantId, quantity }]),
          store().storeHeaders
        )
        const { eligibility } = (
          await api.get(`/store/bnpl/eligibility?cart_id=${data.cart.id}`, store().storeHeaders)
        ).data
        expect(eligibility.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([
          [3, true],
          [4, true],
          [1, true],
        ])
        return { v1: calls(V1).length, v2: calls(V2).length }
      }
      expect(await settings()).toMatchObject({ eligibility_api: "v2", source: { eligibility_api: "env" } })

      expect((await save({ eligibility_api: "v1" })).status).toBe(200)
      expect(await settings()).toMatchObject({ eligibility_api: "v1", source: { eligibility_api: "settings" } })
      expect(await cartAsks(2)).toEqual({ v1: 2, v2: 0 })

      expect((await save({ eligibility_api: "v2" })).status).toBe(200)
      expect(await settings()).toMatchObject({ eligibility_api: "v2", source: { eligibility_api: "settings" } })
      expect(await cartAsks(3)).toEqual({ v1: 0, v2: 1 })

      const bad = await save({ eligibility_api: "v3" })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/eligibility_api must be "v1".*or "v2"/)
      expect((await settings()).eligibility_api).toBe("v2")

      // null: back to the env's choice.
      expect((await save({ eligibility_api: null })).status).toBe(200)
      expect(await settings()).toMatchObject({ eligibility_api: "v2", source: { eligibility_api: "env" } })
    })
  }
)
