import { BnplClient } from "../../../client"
import { boundedAnswerCache } from "../answer-cache"
import { BreakerRegistry } from "../../infrastructure/circuit-breaker"
import { checkPlans, type AnswerCache } from "../eligibility"
import { P99_MULTIPLE } from "../../infrastructure/response-deadline"
import { manualTimer, suiteSandbox } from "../../../__tests__/helpers/sandbox"

/**
 * What the specs of `checkPlans` (eligibility*.unit.spec.ts) share: the sandbox over real HTTP,
 * started by `useEligibilitySandbox()` with a fresh clock, breakers, cache and hand-run timers
 * before each test; requests counted as the sandbox received them; `ask`, a cart's question.
 */
export const ACTIVE_KEY = "sk_test_active_0000000000000000"
export const INACTIVE_KEY = "sk_test_inactive_000000000000000"
export const ELIGIBILITY = "/v1/payments/eligibility"
export const PLANS = [
  { installments_count: 3 },
  { installments_count: 4 },
  { installments_count: 1, deferred_days: 30 },
]
export let sandbox: any

/** The file's sandbox (started before its tests, closed after), and before each test a fresh clock, breakers, cache and timers. */
export function useEligibilitySandbox() {
  sandbox = suiteSandbox()
  beforeEach(() => {
    sandbox.reset()
    clock = { now: Date.parse("2026-11-23T10:00:00Z") }
    breakers = new BreakerRegistry({ failureThreshold: 3, coolDownMs: 30_000, now: () => clock.now })
    cache = boundedAnswerCache(100, () => clock.now)
    timers = handTimer()
    readings = 0
  })
}

/** A hung service: answered after a minute, so never within a test (jest stops one at 5 s). */
export const HANG = { delayMs: 60_000 }

/**
 * The clients' timeouts (BnplClient's `timer`), run by hand. `waits`: the timeout each request
 * was given, in order. `timedOut` returns `answer` once its hung request, the `requests`-th the
 * sandbox received, has timed out: when every other request has been answered (polled, nothing
 * timed). An answer that comes sooner is returned as it is, for the test's checks to catch.
 */
export function handTimer() {
  const { running, waits, timer } = manualTimer()
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
export const ANSWER_MS = 20
export const LEARNT_MS = P99_MULTIPLE * ANSWER_MS
let readings = 0
export const answerClock = () => (readings += ANSWER_MS)

export let clock: { now: number }
export let breakers: BreakerRegistry
export let cache: AnswerCache
export let timers: ReturnType<typeof handTimer>

export const requestCount = (path: string): number => sandbox.requests.filter((r: any) => r.path === path).length
export const eligibilityRequests = () => requestCount(ELIGIBILITY)
export const timedOut = <T>(answer: Promise<T>, requests: number) => timers.timedOut(answer, requests)

export const ask = (
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
