import { BnplClient } from "../../../client"
import { BreakerRegistry } from "../../infrastructure/circuit-breaker"
import { checkPlans } from "../eligibility"
import { MIN_ANSWERS, ResponseTimesRegistry } from "../../infrastructure/response-deadline"
import {
  ACTIVE_KEY,
  answerClock,
  breakers,
  cache,
  clock,
  ELIGIBILITY,
  eligibilityRequests,
  HANG,
  LEARNT_MS,
  sandbox,
  timedOut,
  timers,
  useEligibilitySandbox,
} from "./eligibility-fixtures"

/**
 * `checkPlans`' waits (eligibility-fixtures.ts: the sandbox, clocks and timers): the wait learnt
 * from the service's answers, and the open breaker's background probe.
 */

useEligibilitySandbox()

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
