import { cartBody, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { forgetProcessMemory } from "../../src/lib/infrastructure/process-memory"
import { ELIGIBILITY_BREAKER } from "../../src/workflows/eligibility/utils/plans"

jest.setTimeout(180 * 1000)

const ports = testPorts(5)
const ELIGIBILITY = "/v1/payments/eligibility"

/**
 * Eligibility when the service hangs or fails in part, through the real store API against the
 * sandbox's fault injection: the circuit breaker and its background probe (counted in requests
 * the sandbox received, never in timings), plans that degrade per deferral group, and two
 * concurrent first refreshes of a cart.
 *
 * The breakers live in the app's process and are per account: each test that opens or probes
 * one uses an account of its own (a sandbox merchant, its key saved in the admin settings).
 */
sandboxStoreSuite(
  // The requests come from this process through a proxy the store declares (loopback): the
  // visitor each test plays is the one its X-Forwarded-For names.
  { ports, env: { ...ports.env, BNPL_TRUSTED_PROXIES: "loopback" } },
  ({ api, getContainer, sandbox, store, admin, productAt }) => {
    const h = () => store().storeHeaders
    const eligibilityRequests = () => sandbox().requests.filter((r: any) => r.path === ELIGIBILITY)
    /**
     * An open breaker's background probe repeats its last request (same account, same body):
     * in these tests no caller asks the same thing twice (answers are kept), so a repeat is a probe.
     */
    const isRepeat = (request: any, i: number, all: any[]) =>
      all
        .slice(0, i)
        .some(
          (earlier) =>
            earlier.headers.authorization === request.headers.authorization &&
            JSON.stringify(earlier.body) === JSON.stringify(request.body)
        )
    const callersRequests = () => eligibilityRequests().filter((r: any, i: number, all: any[]) => !isRepeat(r, i, all))
    const backgroundProbes = () => eligibilityRequests().filter(isRepeat)
    /** The rule for background probes: at most one per open breaker and interval since `since`. */
    const expectProbesAtMost = (breakers: number, since: number) =>
      expect(backgroundProbes().length).toBeLessThanOrEqual(
        breakers * Math.floor((Date.now() - since) / ELIGIBILITY_BREAKER.backgroundProbeIntervalMs)
      )
    /** Polls `ready` (a count of requests, never a duration, is what the tests assert). */
    async function until(what: string, ready: () => boolean, timeoutMs = 20_000) {
      const giveUpAt = Date.now() + timeoutMs
      while (!ready()) {
        if (Date.now() > giveUpAt) throw new Error(`Not seen within ${timeoutMs} ms: ${what}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    /** A fresh merchant account at the sandbox, its key saved in the settings (plans optional). */
    async function ownAccount(key: string, settings: Record<string, unknown> = {}) {
      sandbox().setMerchant(key, { activated: true })
      await api.post("/admin/bnpl/settings", { api_key: key, ...settings }, admin())
    }

    const createCart = (price: number, quantity = 1, headers = h()) =>
      api.post(
        "/store/carts",
        cartBody(store(), [{ variant_id: productAt(price).variantId, quantity }]),
        headers
      )

    /**
     * Requests of one storefront visitor: the store declares the loopback proxy
     * (`BNPL_TRUSTED_PROXIES`), so the visitor is the last of X-Forwarded-For. Each test starts
     * as after a restart: no rate window (a client's or the process's) of the test before.
     */
    beforeEach(() => {
      forgetProcessMemory()
    })
    const fromClient = (ip: string) => ({ headers: { ...h().headers, "x-forwarded-for": ip } })
    /** `n` prices no test asked before: "1000.01", "1001.01", ... */
    const freshAmounts = (from: number, n: number) => Array.from({ length: n }, (_, i) => `${from + i}.01`)
    const productPage = (amounts: string[], ip: string) =>
      api.get(`/store/bnpl/eligibility?amounts=${amounts.join(",")}&currency_code=eur`, fromClient(ip))
    const rateLimited = (entry: any) =>
      entry.plans.length > 0 &&
      entry.plans.every((p: any) => p.unavailable === true && p.reasons?.service === "rate_limited")

    it("a hung service: after 3 timeouts, cart mutations make no service call during the cool-down", async () => {
      await ownAccount("sk_live_breaker_hung_000000000000")
      // Answers after 6 s: later than the 1.5 s a cart waits for plans.
      sandbox().setFault({ match: { path: ELIGIBILITY }, delayMs: 6_000 })
      const started = Date.now()

      const created = await createCart(129.9)
      expect(created.status).toBe(200)
      const cartId = created.data.cart.id
      const lineId = created.data.cart.items[0].id
      const setQuantity = (quantity: number) =>
        api.post(`/store/carts/${cartId}/line-items/${lineId}`, { quantity }, h())

      // Every mutation below makes a new total. Until the breaker opens, each one asks the service.
      let quantity = 1
      while (eligibilityRequests().length < 3 && quantity < 6) {
        expect((await setQuantity(++quantity)).status).toBe(200)
      }
      expect(eligibilityRequests()).toHaveLength(3)

      // Open: the next mutations (new totals each) are answered without asking the service.
      for (let i = 0; i < 4; i++) {
        const updated = await setQuantity(++quantity)
        expect(updated.status).toBe(200)
        expect(updated.data.cart.items[0].quantity).toBe(quantity)
      }
      const { data } = await api.get(`/store/bnpl/eligibility?cart_id=${cartId}`, h())
      expect(data.eligibility).toMatchObject({ service_available: false, unavailable_reason: "unavailable", plans: [] })
      // Only the open breaker's background probe may have asked again (on a slow machine).
      expect(callersRequests()).toHaveLength(3)
      expectProbesAtMost(1, started)
      // Product pages have breakers of their own, still closed: their look-up is asked (and times out).
      const { data: forAmount } = await api.get("/store/bnpl/eligibility?amount=77.70&currency_code=eur", h())
      expect(forAmount.eligibility).toMatchObject({ service_available: false, unavailable_reason: "unavailable" })
      expect(callersRequests()).toHaveLength(4)
      expectProbesAtMost(1, started)
    })

    it("after an outage, a background probe ends the cool-down: the next cart is asked without waiting 30 s", async () => {
      await ownAccount("sk_live_breaker_probe_00000000000")
      sandbox().setFault({ match: { path: ELIGIBILITY }, status: 503 })
      const created = await createCart(129.9)
      const cartId = created.data.cart.id
      const lineId = created.data.cart.items[0].id
      let quantity = 1
      const newTotal = () => api.post(`/store/carts/${cartId}/line-items/${lineId}`, { quantity: ++quantity }, h())
      const cartPlans = async () => (await api.get(`/store/bnpl/eligibility?cart_id=${cartId}`, h())).data.eligibility
      while (eligibilityRequests().length < 3 && quantity < 6) {
        expect((await newTotal()).status).toBe(200)
      }
      expect(eligibilityRequests()).toHaveLength(3)

      // Open, the service still failing: the background probe repeats the last request (same
      // account, same amount), fails, and the breaker keeps answering carts without asking.
      // Counts, not durations: a busy machine may run the probe's 5 s timer late (seen past 20 s).
      await until("a first background probe", () => eligibilityRequests().length >= 4, 90_000)
      const [last, probe] = eligibilityRequests().slice(2)
      expect(probe.body).toEqual(last.body)
      expect(probe.headers.authorization).toBe(last.headers.authorization)
      expect(probe.status).toBe(503)
      expect((await newTotal()).status).toBe(200)
      expect(await cartPlans()).toMatchObject({ service_available: false, unavailable_reason: "unavailable" })
      expect(callersRequests()).toHaveLength(3)

      // The service recovers: the next probe is answered, and from then on the next new total is
      // asked at once (a mutation that came a moment too early is still refused, at no cost).
      sandbox().clearFaults()
      await until("an answered background probe", () => backgroundProbes().some((r: any) => r.status === 200), 90_000)
      const probes = backgroundProbes()
      expect(probes.every((r: any) => JSON.stringify(r.body) === JSON.stringify(last.body))).toBe(true)
      let plans = await cartPlans()
      for (let tries = 0; !plans.service_available && tries < 20; tries++) {
        expect((await newTotal()).status).toBe(200)
        plans = await cartPlans()
      }
      expect(plans).toMatchObject({ service_available: true, plans: [{ eligible: true }, { eligible: true }] })
      // The 3 that opened it, its background probes, and the one cart asked: nothing else.
      expect(eligibilityRequests()).toHaveLength(3 + probes.length + 1)
      expect(callersRequests()).toHaveLength(4)
    })

    it("the service fails only the deferred request: 3x and 4x stay, 'pay in 30 days' is marked unavailable", async () => {
      const plans = [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 1, deferred_days: 30 }]
      await ownAccount("sk_live_breaker_deferred_00000000", { plans })
      sandbox().setFault({ match: { path: ELIGIBILITY, body: { "payment.deferred_days": 30 } }, status: 503 })

      const { data } = await api.get("/store/bnpl/eligibility?amount=129.90&currency_code=eur", h())
      expect(data.eligibility.service_available).toBe(true)
      expect(data.eligibility.unavailable_reason).toBeUndefined()
      const [three, four, later] = data.eligibility.plans
      expect(three).toMatchObject({ installments_count: 3, eligible: true })
      expect(four).toMatchObject({ installments_count: 4, eligible: true })
      expect(three.unavailable).toBeUndefined()
      expect(later).toMatchObject({
        installments_count: 1,
        deferred_days: 30,
        eligible: false,
        unavailable: true,
        reasons: { service: "unavailable" },
        currency_code: "eur",
      })
      // Asked once per group; the partial answer is kept (briefly): read again, nothing asked.
      expect(eligibilityRequests()).toHaveLength(2)
      await api.get("/store/bnpl/eligibility?amount=129.90&currency_code=eur", h())
      expect(eligibilityRequests()).toHaveLength(2)

      // The same for a cart's plans, kept with the cart.
      const cart = (await createCart(349)).data.cart
      const { data: forCart } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, h())
      expect(forCart.eligibility.service_available).toBe(true)
      expect(forCart.eligibility.plans.map((p: any) => [p.installments_count, p.eligible, p.unavailable ?? false])).toEqual([
        [3, true, false],
        [4, true, false],
        [1, false, true],
      ])
    })

    it("two concurrent first refreshes of a cart both answer, and the cart keeps one row", async () => {
      // An account of its own: too few answers known, so the wait is the ceiling (1.5 s), not a
      // deadline learnt from earlier fast answers (floor 250 ms, shorter than the delay below).
      await ownAccount("sk_live_concurrent_first_00000000")
      const cart = (await createCart(129.9)).data.cart
      const bnpl = getContainer().resolve("bnpl") as any
      // A cart made before the plugin was configured has no row yet: as if so.
      const rows = await bnpl.listBnplCartEligibilities({ cart_id: cart.id })
      expect(rows).toHaveLength(1)
      await bnpl.deleteBnplCartEligibilities(rows.map((r: any) => r.id))
      forgetProcessMemory() // nor does the app remember one (as after a restart)
      // Both reads find no row, then both wait for the service (answering within the cart's timeout).
      sandbox().setFault({ match: { path: ELIGIBILITY }, delayMs: 300 })

      const answers = await Promise.all(
        [1, 2].map(() => api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, h()).catch((e: any) => e.response))
      )
      expect(answers.map((a) => [a.status, a.data?.message])).toEqual([
        [200, undefined],
        [200, undefined],
      ])
      for (const answer of answers) {
        expect(answer.data.eligibility).toMatchObject({ cart_id: cart.id, service_available: true })
      }
      expect(await bnpl.listBnplCartEligibilities({ cart_id: cart.id })).toHaveLength(1)
    })

    it("50 fresh amounts in one request cost at most 10 service calls; the others are marked rate_limited", async () => {
      await ownAccount("sk_live_cold_cap_0000000000000000")
      const amounts = freshAmounts(1000, 50)
      const { data } = await productPage(amounts, "203.0.113.10")
      expect(eligibilityRequests()).toHaveLength(10)
      // Every amount has its entry, in the order given, with the documented fields.
      expect(data.eligibilities.map((e: any) => e.amount)).toEqual(amounts)
      const limited = data.eligibilities.filter(rateLimited)
      expect(limited).toHaveLength(40)
      for (const entry of limited) {
        expect(entry).toMatchObject({ purchase_amount: expect.any(Number), currency_code: "eur", service_available: true })
        expect(entry.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([
          [3, false],
          [4, false],
        ])
      }
      const answered = data.eligibilities.filter((e: any) => !rateLimited(e))
      expect(answered.every((e: any) => e.plans.every((p: any) => p.eligible === true))).toBe(true)

      // Another visitor asks the same prices: the 10 answered come from the cache, 10 more are
      // asked (a client holds at most half of the process's second, whenever it asks: the same
      // client asking again within the second would get none, a second later 10; another
      // network gets its own half either way, so the figure does not depend on the clock).
      const { data: again } = await productPage(amounts, "198.51.100.20")
      expect(eligibilityRequests()).toHaveLength(20)
      expect(again.eligibilities.filter(rateLimited)).toHaveLength(30)
    })

    it("one client's product-page look-ups stop costing service calls after 60 a minute; others and carts still ask", async () => {
      await ownAccount("sk_live_cold_rate_000000000000000")
      const ip = "203.0.113.20"
      const answers = []
      for (let i = 0; i < 7; i++) {
        // A second apart: at most two requests' look-ups (20) in any second, the process's cap,
        // whatever the machine's speed; this test is about the client's minute.
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1_000))
        answers.push((await productPage(freshAmounts(2000 + 10 * i, 10), ip)).data)
      }
      expect(eligibilityRequests()).toHaveLength(60)
      expect(answers[5].eligibilities.filter(rateLimited)).toHaveLength(0)
      expect(answers[6].eligibilities.filter(rateLimited)).toHaveLength(10)
      // The single-amount form counts for the same client.
      const { data: one } = await api.get("/store/bnpl/eligibility?amount=3000.01&currency_code=eur", fromClient(ip))
      expect(rateLimited(one.eligibility)).toBe(true)
      expect(eligibilityRequests()).toHaveLength(60)
      // What the cache has is still answered to that client.
      const { data: warm } = await productPage(freshAmounts(2000, 10), ip)
      expect(warm.eligibilities.filter(rateLimited)).toHaveLength(0)
      expect(eligibilityRequests()).toHaveLength(60)

      // Another visitor is not limited by this one.
      const { data: other } = await api.get(
        "/store/bnpl/eligibility?amount=3000.01&currency_code=eur",
        fromClient("203.0.113.21")
      )
      expect(other.eligibility.plans.map((p: any) => p.eligible)).toEqual([true, true])
      expect(eligibilityRequests()).toHaveLength(61)

      // Carts are not limited: the limited visitor's cart is asked and gets its plans.
      const cart = (await createCart(349, 1, fromClient(ip))).data.cart
      expect(eligibilityRequests()).toHaveLength(62)
      const { data: forCart } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, fromClient(ip))
      expect(forCart.eligibility).toMatchObject({ service_available: true, plans: [{ eligible: true }, { eligible: true }] })
    })

    it("429s from product-page look-ups leave a cart's plans available: the breakers are not shared", async () => {
      await ownAccount("sk_live_split_breakers_0000000000")
      const ip = "203.0.113.30"
      sandbox().setFault({ match: { method: "POST", path: ELIGIBILITY }, status: 429, count: 3 })
      const started = Date.now()
      const { data } = await productPage(freshAmounts(4000, 3), ip)
      expect(eligibilityRequests()).toHaveLength(3)
      for (const entry of data.eligibilities) {
        expect(entry).toMatchObject({ service_available: false, unavailable_reason: "unavailable" })
      }
      // The product pages' breaker is open: the next look-up is answered without asking.
      const { data: open } = await api.get("/store/bnpl/eligibility?amount=4100.01&currency_code=eur", fromClient(ip))
      expect(open.eligibility).toMatchObject({ service_available: false, unavailable_reason: "unavailable" })
      // Only the open breaker's background probe may have asked again (on a slow machine).
      expect(callersRequests()).toHaveLength(3)
      expectProbesAtMost(1, started)

      // A cart of the same account, meanwhile: asked, and its plans are offered.
      const cart = (await createCart(129.9)).data.cart
      expect(callersRequests()).toHaveLength(4)
      const { data: forCart } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, h())
      expect(forCart.eligibility).toMatchObject({ service_available: true, plans: [{ eligible: true }, { eligible: true }] })
    })
  }
)
