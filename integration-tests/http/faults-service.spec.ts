import { TEST_API_KEY, testPorts } from "../helpers/checkout"
import { CONCURRENCY, FAULT_SCENARIOS, ITERATIONS, LONG_FORM, median, ok, pool, type Prepared } from "../helpers/faults"
import { faultSuite } from "../helpers/faults-suite"
import { ELIGIBILITY_BREAKER } from "../../src/workflows/eligibility/utils/plans"

/**
 * The fault suite (integration-tests/helpers/faults.ts says what it counts), service faults:
 * customers check out and the merchant fulfils while the service fails in each way of the
 * scenario table, then recovers; and a hung service, against which the circuit breaker keeps
 * cart updates as fast as with a healthy one.
 */

const ports = testPorts(4)

/** The service faults of the table the short form runs, and the hung service. */
const SCENARIOS = FAULT_SCENARIOS.filter((f) => LONG_FORM || !f.longFormOnly).length + 1

faultSuite({ ports, scenarios: SCENARIOS }, (suite) => {
  const { admin, api, checkoutJourney, createCart, firstAttemptDone, fulfil, h, measure, op, prepared, product, recover, sandbox, scenario } = suite

  // ------------------------------------------------------------------ service faults

  for (const fault of FAULT_SCENARIOS.filter((f) => LONG_FORM || !f.longFormOnly)) {
    it(`${fault.name}: carts work, no sync lost, no duplicate`, () =>
      scenario(fault.name, async (row) => {
        for (const spec of fault.faults ?? []) sandbox().setFault(spec)
        if (fault.merchant) sandbox().setMerchant(TEST_API_KEY, fault.merchant)
        let reachMidRun: () => void = () => undefined
        const midRunReached = new Promise<void>((resolve) => (reachMidRun = resolve))
        let midRunDone = false
        const midRun = () => {
          if (midRunDone) return
          midRunDone = true
          for (const spec of fault.midRun?.faults ?? []) sandbox().setFault(spec)
          if (fault.midRun?.merchant) sandbox().setMerchant(TEST_API_KEY, fault.midRun.merchant)
          reachMidRun()
        }
        if (!fault.midRun) midRun()

        // A customer checks out while the merchant fulfils an earlier order (once the fault is on).
        const fulfilled: Prepared[] = []
        const carts = await pool(ITERATIONS, CONCURRENCY, async (i) => {
          const [cart] = await Promise.all([
            checkoutJourney(row, midRun).finally(midRun),
            midRunReached.then(async () => {
              if (await fulfil(row, prepared[i])) fulfilled.push(prepared[i])
            }),
          ])
          return cart
        })
        for (const order of fulfilled) {
          await firstAttemptDone(order.orderId).catch(() =>
            row.notes.push(`order ${order.orderId}: the fulfillment's sync made no attempt in time`)
          )
        }
        await recover(row, carts)
        await measure(row, carts, fulfilled, fault.answersLost)
      }))
  }

  // ------------------------------------------------------------------ a hung service

  /**
   * The service answers eligibility after 6 s (later than the 1.5 s a cart waits). Cart
   * quantity updates, each to a total no cart had, are timed while the service is healthy,
   * then while it hangs: after the first three timeouts the circuit breaker answers
   * "unavailable" at once, so an update costs what it costs with a healthy service. The ratio
   * is a figure for the table, never asserted; what is asserted is what the suite counts (no
   * cart mutation fails) and, as a count, that the hung service got only the requests that
   * opened the breaker (the cool-down of 30 s outlasts the updates) and the open breaker's
   * background probes, at most one per interval.
   *
   * Its own merchant account: the breakers are per account, and the other scenarios' outages
   * must not decide whether this one's "healthy" updates ask the service.
   */
  it("hung service: after three timeouts, cart updates cost what they cost with a healthy service", () =>
    scenario("hung service (eligibility answers after 6 s)", async (row) => {
      const hungKey = "sk_live_faults_hung_0000000000000"
      const updates = LONG_FORM ? 30 : 10
      sandbox().setMerchant(hungKey, { activated: true })
      await op(row, "merchant", "save the hung scenario's key", () => api.post("/admin/bnpl/settings", { api_key: hungKey }, admin()))
      const eligibilityRequests = () => sandbox().requests.filter((r: any) => r.path === "/v1/payments/eligibility").length
      try {
        /** `count` quantity updates of one cart, each to a total never seen; each one's duration. */
        const timedUpdates = async (label: string, firstQuantity: number, count: number) => {
          const created = await op(row, "cart", `${label}: create cart`, createCart(firstQuantity))
          if (!ok(created)) return []
          const cart = created.data.cart
          const line = cart.items.find((i: any) => i.variant_id === product("sticker").variantId)
          const timings: number[] = []
          for (let i = 1; i <= count; i++) {
            const t = Date.now()
            const answer = await op(row, "cart", `${label}: update item`, () =>
              api.post(`/store/carts/${cart.id}/line-items/${line.id}`, { quantity: firstQuantity + i }, h())
            )
            if (ok(answer)) timings.push(Date.now() - t)
          }
          return timings
        }
        const healthyBefore = eligibilityRequests()
        const healthy = await timedUpdates("healthy service", 1000, updates)
        const healthyRequests = eligibilityRequests() - healthyBefore
        sandbox().setFault({ match: { path: "/v1/payments/eligibility" }, delayMs: 6_000 })
        const hungBefore = eligibilityRequests()
        const hungSince = Date.now()
        const hung = await timedUpdates("hung service", 2000, updates + 3)
        const hungRequests = eligibilityRequests() - hungBefore
        const probesAllowed = Math.floor((Date.now() - hungSince) / ELIGIBILITY_BREAKER.backgroundProbeIntervalMs)
        const after = hung.slice(3)
        row.hung_over_healthy = `×${(median(after) / median(healthy)).toFixed(2)}`
        row.notes.push(
          `cart update p50: healthy ${median(healthy)} ms (${healthyRequests} eligibility requests), ` +
            `hung ${median(after)} ms after the first three (those: ${hung.slice(0, 3).join(", ")} ms); ` +
            `${hungRequests} eligibility requests reached the hung service`
        )
        // A count, not a timing: cart creation and the first updates open the breaker, the rest
        // ask nothing; only the breaker's background probe repeats the last request, at most once
        // an interval.
        if (hungRequests > 3 + probesAllowed) {
          row.notes.push(
            `the hung service got ${hungRequests} eligibility requests (3, and at most ${probesAllowed} background probes, expected)`
          )
        }
        expect(hungRequests).toBeLessThanOrEqual(3 + probesAllowed)
      } finally {
        sandbox().clearFaults()
        await op(row, "merchant", "remove the hung scenario's key", () => api.post("/admin/bnpl/settings", { api_key: null }, admin()))
      }
    }))
})
