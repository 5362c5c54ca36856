import { BnplClient } from "../../client"
import { boundedAnswerCache } from "../answer-cache"
import { BreakerRegistry } from "../circuit-breaker"
import { checkPlans, type AnswerCache } from "../eligibility"
import { MIN_ANSWERS, P99_MULTIPLE, ResponseTimesRegistry } from "../response-deadline"

const { startSandbox } = require("../../../sandbox/server")

/**
 * `checkPlans` against the sandbox over real HTTP: the circuit breaker, per-group degradation
 * and the brief keeping of failed answers, counted in requests the sandbox received (never in
 * timings). The clock of the breakers and the cache is a variable, so "30 s later" is immediate;
 * the clients' timeouts are run by hand, so a request times out when the test says, never
 * because a busy machine was slow to answer.
 */
const ACTIVE_KEY = "sk_test_active_0000000000000000"
const INACTIVE_KEY = "sk_test_inactive_000000000000000"
const ELIGIBILITY = "/v1/payments/eligibility"
const PLANS = [{ installments_count: 3 }, { installments_count: 4 }, { installments_count: 1, deferred_days: 30 }]

let sandbox: any
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoNotify: false })
})
afterAll(async () => {
  await sandbox?.close()
})

/** A hung service: answered after a minute, so never within a test (jest stops one at 5 s). */
const HANG = { delayMs: 60_000 }

/**
 * The clients' timeouts (BnplClient's `timer`), run by hand. `waits`: the timeout each request
 * was given, in order. `timedOut` returns `answer` once its hung request, the `requests`-th the
 * sandbox received, has timed out: when every other request has been answered (polled, nothing
 * timed). An answer that comes sooner is returned as it is, for the test's checks to catch.
 */
function handTimer() {
  const running = new Set<() => void>()
  const waits: number[] = []
  const timer = (ms: number, expire: () => void) => {
    waits.push(ms)
    running.add(expire)
    return () => void running.delete(expire)
  }
  async function timedOut<T>(answer: Promise<T>, requests: number): Promise<T> {
    let answered = false
    void answer.then(() => (answered = true))
    while (!answered && (requestCount(ELIGIBILITY) < requests || running.size !== 1)) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (!answered) running.forEach((expire) => expire())
    return answer
  }
  return { timer, waits, timedOut }
}

/**
 * What answer times are read from (checkPlans' `clock`): it moves 20 ms at each reading, so every
 * answer, read when asked and when answered, took 20 ms whatever the machine's speed.
 */
const ANSWER_MS = 20
const LEARNT_MS = P99_MULTIPLE * ANSWER_MS
let readings = 0
const answerClock = () => (readings += ANSWER_MS)

let clock: { now: number }
let breakers: BreakerRegistry
let cache: AnswerCache
let timers: ReturnType<typeof handTimer>
beforeEach(() => {
  sandbox.reset()
  clock = { now: Date.parse("2026-11-23T10:00:00Z") }
  breakers = new BreakerRegistry({ failureThreshold: 3, coolDownMs: 30_000, now: () => clock.now })
  cache = boundedAnswerCache(100, () => clock.now)
  timers = handTimer()
  readings = 0
})

const requestCount = (path: string): number => sandbox.requests.filter((r: any) => r.path === path).length
const eligibilityRequests = () => requestCount(ELIGIBILITY)
const timedOut = <T>(answer: Promise<T>, requests: number) => timers.timedOut(answer, requests)

const ask = (
  cents: number,
  options: {
    key?: string
    plans?: typeof PLANS
    surface?: "cart" | "product_page"
    mayAsk?: () => boolean
  } = {}
) =>
  checkPlans({
    client: new BnplClient({
      apiKey: options.key ?? ACTIVE_KEY,
      baseUrl: sandbox.url,
      retries: 0,
      timer: timers.timer,
    }),
    cents,
    currency: "eur",
    plans: options.plans ?? [{ installments_count: 3 }, { installments_count: 4 }],
    timeoutMs: 200,
    cache,
    cacheScope: options.key ?? ACTIVE_KEY,
    breakers,
    surface: options.surface ?? "cart",
    mayAsk: options.mayAsk,
    now: new Date(clock.now),
  })

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

describe("checkPlans: the wait learnt from the service's answers", () => {
  const learning = (cents: number, registry?: ResponseTimesRegistry) =>
    checkPlans({
      client: new BnplClient({ apiKey: ACTIVE_KEY, baseUrl: sandbox.url, retries: 0, timer: timers.timer }),
      cents,
      currency: "eur",
      plans: [{ installments_count: 3 }],
      timeoutMs: 5_000,
      deadlines: registry ? { registry, floorMs: 50 } : undefined,
      clock: answerClock,
      cache,
      cacheScope: ACTIVE_KEY,
      breakers,
      surface: "cart",
      now: new Date(clock.now),
    })

  it("gives up on a hung service after a multiple of its usual answer time; a probe waits the ceiling", async () => {
    const registry = new ResponseTimesRegistry()
    for (let i = 0; i < MIN_ANSWERS; i++) {
      expect(await learning(100_000 + i, registry)).toMatchObject({ service_available: true })
    }
    expect(timers.waits).toEqual(Array(MIN_ANSWERS).fill(5_000)) // too few answers yet: the ceiling
    sandbox.setFault({ match: { path: ELIGIBILITY }, ...HANG })
    // Three carts given up on after 4 x their usual answer time, not the 5 s ceiling: the breaker opens.
    for (let i = 1; i <= 3; i++) {
      const answer = await timedOut(learning(200_000 + i, registry), MIN_ANSWERS + i)
      expect(answer).toMatchObject({ service_available: false })
    }
    expect(timers.waits.slice(MIN_ANSWERS)).toEqual([LEARNT_MS, LEARNT_MS, LEARNT_MS])
    const asked = eligibilityRequests()
    expect(await learning(210_000, registry)).toMatchObject({ service_available: false })
    expect(eligibilityRequests()).toBe(asked)
    // After the cool-down, the probe waits the ceiling: a service that became slow is heard.
    sandbox.clearFaults()
    clock.now += 30_000
    expect(await learning(300_000, registry)).toMatchObject({ service_available: true })
    expect(timers.waits.slice(-1)).toEqual([5_000])
  })

  it("without learning, waits the whole timeout", async () => {
    expect(await learning(400_000)).toMatchObject({ service_available: true })
    expect(timers.waits).toEqual([5_000])
  })
})

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

describe("checkPlans: the open breaker's background probe", () => {
  /** The probes' timer, run by hand: `probe()` runs the one due and waits for it to end. */
  let due: (() => Promise<void>)[]
  let probing: BreakerRegistry
  beforeEach(() => {
    due = []
    probing = new BreakerRegistry({
      failureThreshold: 3,
      coolDownMs: 30_000,
      backgroundProbeIntervalMs: 5_000,
      now: () => clock.now,
      schedule: (_ms, run) => {
        due.push(run)
        return () => (due = due.filter((r) => r !== run))
      },
    })
  })
  const probe = async () => {
    expect(due).toHaveLength(1) // one per breaker, never more
    await due.shift()!()
  }
  const requestsTo = (path: string) => sandbox.requests.filter((r: any) => r.path === path)
  const askProbed = (cents: number, registry?: ResponseTimesRegistry, eligibilityApi?: "v1" | "v2") =>
    checkPlans({
      client: new BnplClient({ apiKey: ACTIVE_KEY, baseUrl: sandbox.url, retries: 0, timer: timers.timer }),
      cents,
      currency: "eur",
      plans: [{ installments_count: 3 }, { installments_count: 4 }],
      timeoutMs: 5_000,
      deadlines: registry ? { registry, floorMs: 50 } : undefined,
      clock: answerClock,
      cache,
      cacheScope: ACTIVE_KEY,
      breakers: probing,
      surface: "cart",
      eligibilityApi,
      now: new Date(clock.now),
    })

  it("repeats the last request with the ceiling's wait; once answered, the next cart is asked at once", async () => {
    const registry = new ResponseTimesRegistry()
    for (let i = 0; i < MIN_ANSWERS; i++) await askProbed(500_000 + i, registry)
    // Hung: the carts give up at their learnt deadline...
    sandbox.setFault({ match: { path: ELIGIBILITY }, ...HANG })
    for (let i = 1; i <= 3; i++) {
      const answer = await timedOut(askProbed(510_000 + i, registry), MIN_ANSWERS + i)
      expect(answer).toMatchObject({ service_available: false })
    }
    expect(timers.waits.slice(-3)).toEqual([LEARNT_MS, LEARNT_MS, LEARNT_MS])
    expect(due).toHaveLength(1)
    const [last] = requestsTo(ELIGIBILITY).slice(-1)
    // ...the background probe waits the ceiling, so a service that is slow but answers is heard.
    sandbox.clearFaults()
    await probe()
    expect(timers.waits.slice(-1)).toEqual([5_000])
    const [repeated] = requestsTo(ELIGIBILITY).slice(-1)
    expect(requestsTo(ELIGIBILITY)).toHaveLength(MIN_ANSWERS + 4)
    expect(repeated.body).toEqual(last.body)
    expect(repeated.headers.authorization).toBe(last.headers.authorization)
    expect(repeated.status).toBe(200)
    // No 30 s passed: the cool-down ended with the probe's answer.
    expect(await askProbed(520_000, registry)).toMatchObject({ service_available: true })
    expect(requestsTo(ELIGIBILITY)).toHaveLength(MIN_ANSWERS + 5)
    expect(due).toHaveLength(0)
  })

  it("not answered: asked again an interval later, carts still answered at once without a request", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 503 })
    for (let i = 1; i <= 3; i++) await askProbed(530_000 + i)
    await probe()
    expect(requestsTo(ELIGIBILITY)).toHaveLength(4)
    expect(await askProbed(531_000)).toMatchObject({ service_available: false })
    expect(requestsTo(ELIGIBILITY)).toHaveLength(4)
    sandbox.clearFaults()
    await probe()
    expect(requestsTo(ELIGIBILITY)).toHaveLength(5)
    expect(await askProbed(532_000)).toMatchObject({ service_available: true })
  })

  it("v2: the one request for every plan is repeated", async () => {
    const V2 = "/v2/payments/eligibility"
    sandbox.setFault({ match: { path: V2 }, status: 503 })
    for (let i = 1; i <= 3; i++) await askProbed(540_000 + i, undefined, "v2")
    const [last] = requestsTo(V2).slice(-1)
    sandbox.clearFaults()
    await probe()
    expect(requestsTo(V2)).toHaveLength(4)
    expect(requestsTo(V2)[3].body).toEqual(last.body)
    expect(await askProbed(541_000, undefined, "v2")).toMatchObject({ service_available: true })
    expect(requestsTo(ELIGIBILITY)).toHaveLength(0)
  })
})
