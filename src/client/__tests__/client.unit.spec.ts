import util from "node:util"
import { BnplClient, type BnplClientOptions } from "../client"
import { BnplServiceError } from "../errors"
import type { CreatePaymentInput, EligiblePlan, IneligiblePlan, ShippingInfo } from "../types"

const { startSandbox } = require("../../../sandbox/server")

const ACTIVE_KEY = "sk_test_active_0000000000000000"
const INACTIVE_KEY = "sk_test_inactive_000000000000000"
const ELIGIBILITY = "/v1/payments/eligibility"

type Sandbox = {
  url: string
  requests: { method: string; path: string; headers: Record<string, string>; body: any; fault?: string }[]
  reset(): void
  close(): Promise<void>
  clearRequests(): void
  setFault(fault: Record<string, unknown>): void
  clearFaults(): void
  setMerchant(key: string, patch: Record<string, unknown>): void
  accept(id: string, options?: { notify?: boolean }): unknown
}

let sandbox: Sandbox
let warnings: string[]

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoNotify: false })
})
afterAll(async () => {
  await sandbox?.close()
})
beforeEach(() => {
  sandbox.reset()
  warnings = []
})

const logger = { warn: (message: string) => void warnings.push(message) }

// No short timeout: the default 10 s is beyond jest's 5 s per test, so a slow answer on a busy
// machine never turns into a timeout. Tests of timeouts run the client's timer by hand (handTimer).
function client(options: Partial<BnplClientOptions> = {}): BnplClient {
  return new BnplClient({
    apiKey: ACTIVE_KEY,
    baseUrl: sandbox.url,
    retryDelayMs: 5,
    maxRetryAfterMs: 2000,
    logger,
    ...options,
  })
}

/** The service calls the sandbox saw, optionally for one method and exact path. */
const seen = (method?: string, path?: string) =>
  sandbox.requests.filter((r) => (!method || r.method === method) && (!path || r.path === path))

/** A hung service: answered after a minute, so never within a test (jest stops one at 5 s). */
const HANG = { delayMs: 60_000 }

/**
 * The client's timeouts, run by hand (its `timer` option): an attempt times out when the test
 * says, once the sandbox holds it, never because a busy machine was slow. `waits`: each
 * attempt's timeout, in order.
 */
function handTimer() {
  const running = new Set<() => void>()
  const waits: number[] = []
  const timer = (ms: number, expire: () => void) => {
    waits.push(ms)
    running.add(expire)
    return () => void running.delete(expire)
  }
  /**
   * Runs `call` to a `HANG` path: each of its first `attempts` attempts times out once the sandbox
   * has it. A call that ends sooner is returned as it ended, for the test's checks to catch.
   */
  async function timeOut<T>(call: () => Promise<T>, attempts: number, method: string, path: string): Promise<T> {
    const before = seen(method, path).length
    const result = call()
    let settled = false
    result.then(
      () => (settled = true),
      () => (settled = true)
    )
    for (let i = 1; i <= attempts; i++) {
      while (!settled && seen(method, path).length < before + i) {
        await new Promise((resolve) => setImmediate(resolve))
      }
      if (settled) break
      expect(running.size).toBe(1) // the held attempt's; the others ended
      running.forEach((expire) => expire())
    }
    return result
  }
  return { timer, waits, timeOut }
}

/** The promise's rejection, asserted to be a BnplServiceError. */
async function failure(promise: Promise<unknown>): Promise<BnplServiceError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(BnplServiceError)
    return error as BnplServiceError
  }
  throw new Error("expected the call to fail, it succeeded")
}

const paymentInput = (payment: Partial<CreatePaymentInput["payment"]> = {}): CreatePaymentInput => ({
  payment: {
    purchase_amount: 30000,
    installments_count: 3,
    return_url: "https://shop.test/return?cart=c1",
    ...payment,
  },
  order: { merchant_reference: "order_1" },
})

async function newPaymentId(accepted = false): Promise<string> {
  const payment = await client().createPayment(paymentInput())
  if (accepted) {
    sandbox.accept(payment.id, { notify: false })
  }
  sandbox.clearRequests()
  return payment.id
}

const eligibleResult = (installments_count: number) => ({
  eligible: true,
  installments_count,
  deferred_days: 0,
  deferred_months: 0,
  customer_total_cost_amount: 0,
  customer_total_cost_bps: 0,
  payment_plan: Array.from({ length: installments_count }, (_, i) => ({
    purchase_amount: 1000,
    customer_fee: 0,
    customer_interest: 0,
    due_date: 1741608000 + i * 2592000,
    total_amount: 1000,
  })),
})

const validShipping: ShippingInfo = {
  selected_options: [
    {
      title: "Colissimo Domicile",
      amount: 490,
      carrier: "Colissimo",
      express_delivery: false,
      shipping_method: "postal",
    },
  ],
  available_options: [
    { title: "Colissimo Domicile", amount: 490, carrier: "Colissimo", shipping_method: "postal" },
    { title: "Mondial Relay", amount: 390, shipping_method: "pickup_point" },
    { title: "Retrait en magasin", amount: 0, shipping_method: "pickup_store" },
  ],
}

// ------------------------------------------------------------------------------------------

describe("construction", () => {
  it("needs an API key", () => {
    let error: unknown
    try {
      new BnplClient({ apiKey: "", baseUrl: "http://127.0.0.1:1" })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(BnplServiceError)
    expect((error as BnplServiceError).code).toBe("unauthorized")
  })

  it.each(["", "127.0.0.1:4010", "ftp://example.com", "http://"])("refuses the base URL %p", (baseUrl) => {
    expect(() => new BnplClient({ apiKey: ACTIVE_KEY, baseUrl })).toThrow(
      expect.objectContaining({ code: "invalid_request" })
    )
  })

  it("accepts a base URL with trailing slashes", async () => {
    const result = await client({ baseUrl: `${sandbox.url}//` }).checkEligibility({ purchase_amount: 10000 })
    expect(result.eligible).toBe(true)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })
})

describe("checkEligibility: contract 4.1 response rules", () => {
  it("sends a number, gets one object with the full schedule", async () => {
    const result = await client().checkEligibility({ purchase_amount: 30000, installments_count: 3 })
    expect(Array.isArray(result)).toBe(false)
    expect(result.eligible).toBe(true)
    const plan = result as EligiblePlan
    expect(plan.installments_count).toBe(3)
    // 3x at 145 bps: fee 435 on the first instalment; principal 10000 × 3.
    expect(plan.customer_total_cost_amount).toBe(435)
    expect(plan.customer_total_cost_bps).toBe(145)
    expect(plan.payment_plan.map((i) => i.purchase_amount)).toEqual([10000, 10000, 10000])
    expect(plan.payment_plan.map((i) => i.customer_fee)).toEqual([435, 0, 0])
    expect(plan.payment_plan.map((i) => i.total_amount)).toEqual([10435, 10000, 10000])
    for (const instalment of plan.payment_plan) {
      expect(Number.isInteger(instalment.due_date)).toBe(true)
    }
    expect(seen("POST", ELIGIBILITY).map((r) => r.body)).toEqual([
      { payment: { purchase_amount: 30000, installments_count: 3 } },
    ])
  })

  it("without a count gets one object for the default 3 instalments", async () => {
    const result = await client().checkEligibility({ purchase_amount: 10001 })
    expect(Array.isArray(result)).toBe(false)
    expect(result.installments_count).toBe(3)
    expect((result as EligiblePlan).payment_plan.map((i) => i.purchase_amount)).toEqual([3335, 3333, 3333])
  })

  it("sends an array of one, gets an array of one", async () => {
    const result = await client().checkEligibility({ purchase_amount: 30000, installments_count: [3] })
    expect(Array.isArray(result)).toBe(true)
    expect(result).toHaveLength(1)
    expect(result[0].installments_count).toBe(3)
    expect(result[0].eligible).toBe(true)
    expect(seen("POST", ELIGIBILITY)[0].body).toEqual({ payment: { purchase_amount: 30000, installments_count: [3] } })
  })

  it("gets an array in request order", async () => {
    const result = await client().checkEligibility({ purchase_amount: 30000, installments_count: [4, 2, 3] })
    expect(result.map((r) => r.installments_count)).toEqual([4, 2, 3])
    expect(result.map((r) => r.eligible)).toEqual([true, true, true])
    expect(result.map((r) => (r as EligiblePlan).customer_total_cost_bps)).toEqual([220, 0, 145])
  })

  it("mixes eligible and ineligible plans, each with its own reasons and constraints", async () => {
    const result = await client().checkEligibility({ purchase_amount: 20000, installments_count: [3, 10, 5] })
    expect(result.map((r) => r.eligible)).toEqual([true, false, false])
    expect(result.map((r) => r.installments_count)).toEqual([3, 10, 5])
    const credit = result[1] as IneligiblePlan
    expect(credit.reasons).toEqual({ purchase_amount: "invalid_value" })
    expect(credit.constraints).toEqual({ purchase_amount: { minimum: 50000, maximum: 500000 } })
    const notOffered = result[2] as IneligiblePlan
    expect(notOffered.reasons).toEqual({ installments_count: "invalid_value" })
    expect((result[0] as EligiblePlan).payment_plan).toHaveLength(3)
  })

  it("passes a deferral", async () => {
    const result = (await client().checkEligibility({
      purchase_amount: 10000,
      installments_count: 1,
      deferred_days: 30,
    })) as EligiblePlan
    expect(result.eligible).toBe(true)
    expect(result.deferred_days).toBe(30)
    expect(result.customer_total_cost_amount).toBe(150)
    expect(seen("POST", ELIGIBILITY)[0].body).toEqual({
      payment: { purchase_amount: 10000, installments_count: 1, deferred_days: 30 },
    })
  })

  it.each([
    [4999, false],
    [5000, true],
    [500000, true],
    [500001, false],
  ])("bounds: %i cents is eligible: %p", async (amount, eligible) => {
    const result = await client().checkEligibility({ purchase_amount: amount, installments_count: 3 })
    expect(result.eligible).toBe(eligible)
    if (!eligible) {
      expect(result).toMatchObject({
        eligible: false,
        installments_count: 3,
        reasons: { purchase_amount: "invalid_value" },
        constraints: { purchase_amount: { minimum: 5000, maximum: 500000 } },
      })
    } else {
      const plan = result as EligiblePlan
      expect(plan.payment_plan.reduce((sum, i) => sum + i.purchase_amount, 0)).toBe(amount)
    }
  })

  it("refuses an empty array of counts without calling the service", async () => {
    const error = await failure(client().checkEligibility({ purchase_amount: 10000, installments_count: [] }))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("payment.installments_count")
    expect(seen()).toHaveLength(0)
  })
})

describe("authentication and account state", () => {
  it("sends exactly `Authorization: Service-Auth <key>` and `Content-Type: application/json`", async () => {
    await client().checkEligibility({ purchase_amount: 10000, installments_count: [3] })
    const [request] = seen("POST", ELIGIBILITY)
    expect(request.headers.authorization).toBe(`Service-Auth ${ACTIVE_KEY}`)
    expect(request.headers["content-type"]).toBe("application/json")
  })

  it("sends the Authorization header on every operation", async () => {
    const c = client()
    const id = (await c.createPayment(paymentInput())).id
    await c.getPayment(id)
    await c.updateShippingInfo(id, validShipping)
    await c.cancelPayment(id)
    expect(seen().map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/payments",
      `GET /v1/payments/${id}`,
      `POST /v1/payment/${id}`,
      `PUT /v1/payments/${id}/cancel`,
    ])
    for (const request of seen()) {
      expect(request.headers.authorization).toBe(`Service-Auth ${ACTIVE_KEY}`)
    }
    for (const request of seen("POST")) {
      expect(request.headers["content-type"]).toBe("application/json")
    }
  })

  it("an inactive merchant's eligibility call → not_activated", async () => {
    const error = await failure(client({ apiKey: INACTIVE_KEY }).checkEligibility({ purchase_amount: 10000 }))
    expect(error.code).toBe("not_activated")
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/not activated/)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })

  it("an inactive merchant's payment creation → not_activated", async () => {
    const error = await failure(client({ apiKey: INACTIVE_KEY }).createPayment(paymentInput()))
    expect(error.code).toBe("not_activated")
    expect(error.serviceCode).toBe("merchant_cant_create_payments")
    expect(seen("POST", "/v1/payments")).toHaveLength(1)
  })

  it("a merchant deactivated later → not_activated", async () => {
    sandbox.setMerchant(ACTIVE_KEY, { activated: false })
    const error = await failure(client().checkEligibility({ purchase_amount: 10000, installments_count: [3, 4] }))
    expect(error.code).toBe("not_activated")
  })

  it("an unknown key → unauthorized, not retried", async () => {
    const error = await failure(
      client({ apiKey: "sk_test_unknown_key_1234567890" }).checkEligibility({ purchase_amount: 10000 })
    )
    expect(error.code).toBe("unauthorized")
    expect(error.status).toBe(401)
    expect(seen()).toHaveLength(1)
  })

  it("a revoked key → unauthorized, on every operation", async () => {
    const id = await newPaymentId()
    sandbox.setMerchant(ACTIVE_KEY, { revoked: true })
    const c = client()
    for (const call of [
      () => c.checkEligibility({ purchase_amount: 10000 }),
      () => c.createPayment(paymentInput()),
      () => c.getPayment(id),
      () => c.cancelPayment(id),
      () => c.updateShippingInfo(id, validShipping),
    ]) {
      const error = await failure(call())
      expect(error.code).toBe("unauthorized")
    }
    expect(seen()).toHaveLength(5)
  })
})

describe("malformed answers → malformed_answer, not retried", () => {
  it("an array where one object was asked (wrongShape)", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, wrongShape: true })
    const error = await failure(client().checkEligibility({ purchase_amount: 10000, installments_count: 3 }))
    expect(error.code).toBe("malformed_answer")
    expect(error.message).toMatch(/an array where one result was asked/)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })

  it("an object where an array was asked (wrongShape)", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, wrongShape: true })
    const error = await failure(client().checkEligibility({ purchase_amount: 10000, installments_count: [3] }))
    expect(error.code).toBe("malformed_answer")
    expect(error.message).toMatch(/an object where an array of results was asked/)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })

  it("garbled JSON", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, garble: true })
    const error = await failure(client().checkEligibility({ purchase_amount: 10000 }))
    expect(error.code).toBe("malformed_answer")
    expect(error.message).toMatch(/not JSON/)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })

  it.each<[string, number | number[], unknown, RegExp]>([
    ["fewer results than counts asked", [3, 4], [eligibleResult(3)], /1 results for 2 instalment counts asked/],
    [
      "more results than counts asked",
      [3],
      [eligibleResult(3), eligibleResult(4)],
      /2 results for 1 instalment counts asked/,
    ],
    ["an empty array", [3, 4], [], /0 results for 2/],
    [
      "results in another order",
      [3, 4],
      [eligibleResult(4), eligibleResult(3)],
      /result 0 is for 4 instalments, 3 was asked/,
    ],
    ["the wrong plan for one count", 4, eligibleResult(3), /result 0 is for 3 instalments, 4 was asked/],
    [
      "an element without `eligible`",
      [3],
      [{ ...eligibleResult(3), eligible: undefined }],
      /unexpected answer to the eligibility/,
    ],
    [
      "an object without `eligible`",
      3,
      { installments_count: 3, payment_plan: [] },
      /unexpected answer to the eligibility/,
    ],
    [
      "an eligible result without a schedule",
      3,
      { ...eligibleResult(3), payment_plan: undefined },
      /unexpected answer to the eligibility/,
    ],
    [
      "a fractional amount",
      3,
      { ...eligibleResult(3), customer_total_cost_amount: 1.5 },
      /unexpected answer to the eligibility/,
    ],
    ["a JSON string", 3, JSON.stringify("eligible"), /unexpected answer to the eligibility/],
    ["null", 3, "null", /unexpected answer to the eligibility/],
  ])("%s", async (_label, counts, body, message) => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 200, body })
    const error = await failure(
      client().checkEligibility({ purchase_amount: 10000, installments_count: counts } as any)
    )
    expect(error.code).toBe("malformed_answer")
    expect(error.message).toMatch(message)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })

  it("an empty body", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 200, body: "" })
    const error = await failure(client().checkEligibility({ purchase_amount: 10000 }))
    expect(error.code).toBe("malformed_answer")
  })

  it("a payment answer of the wrong shape (wrongShape → {})", async () => {
    const id = await newPaymentId()
    sandbox.setFault({ match: { method: "GET", path: `/v1/payments/${id}` }, wrongShape: true })
    const error = await failure(client().getPayment(id))
    expect(error.code).toBe("malformed_answer")
    expect(error.message).toMatch(/payment fetch/)
    expect(seen("GET")).toHaveLength(1)
  })

  it("a creation answered with a wrong shape is not retried", async () => {
    sandbox.setFault({ match: { method: "POST", path: "/v1/payments" }, wrongShape: true })
    const error = await failure(client().createPayment(paymentInput()))
    expect(error.code).toBe("malformed_answer")
    expect(seen("POST", "/v1/payments")).toHaveLength(1)
  })
})

// ------------------------------------------------------------------------------------------

type Op = {
  name: string
  method: string
  /** Sets up what the call needs and returns the call and the exact path it uses. */
  prepare: () => Promise<{ path: string; run: (c: BnplClient) => Promise<unknown> }>
}

const retriedOps: Op[] = [
  {
    name: "eligibility",
    method: "POST",
    prepare: async () => ({
      path: ELIGIBILITY,
      run: (c) => c.checkEligibility({ purchase_amount: 10000, installments_count: [3, 4] }),
    }),
  },
  {
    name: "getPayment",
    method: "GET",
    prepare: async () => {
      const id = await newPaymentId()
      return { path: `/v1/payments/${id}`, run: (c) => c.getPayment(id) }
    },
  },
  {
    name: "cancelPayment",
    method: "PUT",
    prepare: async () => {
      const id = await newPaymentId()
      return { path: `/v1/payments/${id}/cancel`, run: (c) => c.cancelPayment(id) }
    },
  },
  {
    name: "updateShippingInfo",
    method: "POST",
    prepare: async () => {
      const id = await newPaymentId()
      return { path: `/v1/payment/${id}`, run: (c) => c.updateShippingInfo(id, validShipping) }
    },
  },
]

const neverRetriedOps: Op[] = [
  {
    name: "createPayment",
    method: "POST",
    prepare: async () => ({ path: "/v1/payments", run: (c) => c.createPayment(paymentInput()) }),
  },
  {
    name: "refundPayment",
    method: "POST",
    prepare: async () => {
      const id = await newPaymentId(true)
      return {
        path: `/v1/payments/${id}/refund`,
        run: (c) => c.refundPayment(id, { amount: 1000, merchant_reference: "refund_1" }),
      }
    },
  },
]

type Failure = { kind: string; fault: Record<string, unknown>; status?: number; message: RegExp; hangs?: boolean }

const transientFailures: Failure[] = [
  { kind: "HTTP 500", fault: { status: 500 }, status: 500, message: /HTTP 500/ },
  { kind: "HTTP 503", fault: { status: 503 }, status: 503, message: /HTTP 503/ },
  { kind: "HTTP 429", fault: { status: 429 }, status: 429, message: /HTTP 429/ },
  { kind: "HTTP 429 with Retry-After: 0", fault: { status: 429, retryAfter: 0 }, status: 429, message: /HTTP 429/ },
  { kind: "a dropped connection", fault: { drop: true }, message: /could not be reached/ },
  { kind: "a timeout", fault: HANG, message: /timed out/, hangs: true },
]

const cases = <T>(ops: Op[], failures: T[]): [string, string, Op, T][] =>
  ops.flatMap((op) => failures.map((f) => [op.name, (f as any).kind as string, op, f] as [string, string, Op, T]))

describe("retries of calls that are safe to repeat", () => {
  it.each(cases(retriedOps, transientFailures))(
    "%s: %s is retried twice, then → unavailable",
    async (_name, _kind, op, { fault, status, message, hangs }) => {
      const { path, run } = await op.prepare()
      sandbox.setFault({ match: { method: op.method, path }, ...fault })
      const timers = handTimer()
      const c = client({ timer: timers.timer })
      const error = await failure(hangs ? timers.timeOut(() => run(c), 3, op.method, path) : run(c))
      expect(error.code).toBe("unavailable")
      expect(error.status).toBe(status)
      expect(error.message).toMatch(message)
      expect(seen(op.method, path)).toHaveLength(3)
      expect(warnings).toHaveLength(2)
      expect(warnings[0]).toContain(`BNPL service ${op.method} ${path} failed`)
      expect(warnings[1]).toMatch(/retry 2$/)
    }
  )

  it.each(
    cases(
      retriedOps,
      transientFailures.filter((f) => f.kind !== "a timeout")
    )
  )("%s: recovers after two failures (%s)", async (_name, _kind, op, { fault }) => {
    const { path, run } = await op.prepare()
    sandbox.setFault({ match: { method: op.method, path }, count: 2, ...fault })
    await expect(run(client())).resolves.not.toThrow()
    expect(seen(op.method, path)).toHaveLength(3)
    expect(seen(op.method, path).map((r) => r.fault ?? null)).toEqual([expect.any(String), expect.any(String), null])
  })

  it("recovers after a timeout (the hung attempt is abandoned; the retry gets the whole timeout)", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, count: 1, ...HANG })
    const timers = handTimer()
    const c = client({ timeoutMs: 300, timer: timers.timer })
    const call = () => c.checkEligibility({ purchase_amount: 10000, installments_count: [3] })
    const result = await timers.timeOut(call, 1, "POST", ELIGIBILITY)
    expect(result[0].eligible).toBe(true)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(2)
    expect(timers.waits).toEqual([300, 300])
  })

  it("honours Retry-After", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, count: 1, status: 429, retryAfter: 1 })
    const started = Date.now()
    const result = await client().checkEligibility({ purchase_amount: 10000 })
    const elapsed = Date.now() - started
    expect(result.eligible).toBe(true)
    expect(elapsed).toBeGreaterThanOrEqual(950)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(2)
  })

  it("does not wait for a Retry-After longer than maxRetryAfterMs: unavailable at once", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, count: 1, status: 503, retryAfter: 3600 })
    const error = await failure(client({ maxRetryAfterMs: 30 }).checkEligibility({ purchase_amount: 10000 }))
    expect(error.code).toBe("unavailable")
    // No retry was scheduled (each is logged before its wait), so nothing was waited for.
    expect(warnings).toHaveLength(0)
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
  })

  it("uses the configured number of retries", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, status: 503 })
    await failure(client({ retries: 4 }).checkEligibility({ purchase_amount: 10000 }))
    expect(seen("POST", ELIGIBILITY)).toHaveLength(5)
  })

  it("a call can turn retries off and use its own timeout", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, ...HANG })
    const timers = handTimer()
    const c = client({ timeoutMs: 5000, timer: timers.timer })
    const call = () => c.checkEligibility({ purchase_amount: 10000 }, { timeoutMs: 50, retries: 0 })
    const error = await failure(timers.timeOut(call, 1, "POST", ELIGIBILITY))
    expect(error.code).toBe("unavailable")
    expect(error.message).toMatch(/timed out/)
    expect(timers.waits).toEqual([50])
    expect(seen("POST", ELIGIBILITY)).toHaveLength(1)
    expect(warnings).toHaveLength(0)
  })

  it("without a `timer`, axios's own timeout gives up on a hung service", async () => {
    sandbox.setFault({ match: { path: ELIGIBILITY }, ...HANG })
    // Only the call's 50 ms can end it within the test. No count of requests: on a busy machine
    // the timeout may fire before the sandbox has the request, and it is a timeout all the same.
    const c = client({ timeoutMs: 60_000 })
    const error = await failure(c.checkEligibility({ purchase_amount: 10000 }, { timeoutMs: 50, retries: 0 }))
    expect(error.code).toBe("unavailable")
    expect(error.message).toMatch(/timed out/)
    expect(warnings).toHaveLength(0)
  })
})

describe("calls that are never retried", () => {
  it.each(cases(neverRetriedOps, transientFailures))(
    "%s: %s → unavailable after exactly one request",
    async (_name, _kind, op, { fault, status, message, hangs }) => {
      const { path, run } = await op.prepare()
      sandbox.setFault({ match: { method: op.method, path }, ...fault })
      const timers = handTimer()
      const c = client({ timer: timers.timer })
      const error = await failure(hangs ? timers.timeOut(() => run(c), 1, op.method, path) : run(c))
      expect(error.code).toBe("unavailable")
      expect(error.status).toBe(status)
      expect(error.message).toMatch(message)
      expect(seen(op.method, path)).toHaveLength(1)
      expect(warnings).toHaveLength(0)
    }
  )

  it("even when the call asks for retries", async () => {
    sandbox.setFault({ match: { method: "POST", path: "/v1/payments" }, status: 503 })
    await failure(client().createPayment(paymentInput(), { retries: 3 }))
    expect(seen("POST", "/v1/payments")).toHaveLength(1)
  })
})

describe("4xx answers are never retried", () => {
  it.each(
    cases(
      retriedOps,
      [400, 404, 409, 422].map((status) => ({ kind: `HTTP ${status}`, status }))
    )
  )("%s: %s → one request", async (_name, _kind, op, { status }) => {
    const { path, run } = await op.prepare()
    sandbox.setFault({
      match: { method: op.method, path },
      status,
      body: {
        error_code: "validation_error",
        errors: [{ field: "payment.x", error_code: "invalid_value", message: "nope" }],
      },
    })
    const error = await failure(run(client()))
    expect(error.code).toBe("invalid_request")
    expect(error.status).toBe(status)
    expect(seen(op.method, path)).toHaveLength(1)
    expect(warnings).toHaveLength(0)
  })

  it("an unknown payment → invalid_request 404, one request", async () => {
    const error = await failure(client().getPayment("payment_does_not_exist"))
    expect(error.code).toBe("invalid_request")
    expect(error.status).toBe(404)
    expect(error.serviceCode).toBe("not_found")
    expect(seen()).toHaveLength(1)
  })
})

describe("invalid requests → invalid_request with the service's errors[0]", () => {
  it("eligibility with a bad amount", async () => {
    const error = await failure(client().checkEligibility({ purchase_amount: 0 }))
    expect(error.code).toBe("invalid_request")
    expect(error.status).toBe(400)
    expect(error.field).toBe("payment.purchase_amount")
    expect(error.serviceCode).toBe("invalid_value")
    expect(error.message).toContain("field payment.purchase_amount")
    expect(error.message).toContain("purchase_amount must be a positive integer number of cents")
    expect(seen()).toHaveLength(1)
  })

  it("eligibility with a bad count in an array", async () => {
    const error = await failure(client().checkEligibility({ purchase_amount: 10000, installments_count: [3, 0] }))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("payment.installments_count[1]")
    expect(error.message).toContain("each installments_count must be an integer >= 1")
  })

  it("creation below the plan's minimum", async () => {
    const error = await failure(client().createPayment(paymentInput({ purchase_amount: 100 })))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("payment.purchase_amount")
    expect(error.message).toContain("purchase_amount must be between 5000 and 500000 cents for this plan")
  })

  it("creation with a bad return_url", async () => {
    const error = await failure(client().createPayment(paymentInput({ return_url: "not a url" })))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("payment.return_url")
    expect(error.message).toContain("return_url must be an absolute http(s) URL")
  })

  it("a refund of more than what remains", async () => {
    const id = await newPaymentId(true)
    const error = await failure(client().refundPayment(id, { amount: 30001, merchant_reference: "r1" }))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("amount")
    expect(error.message).toContain("amount must be an integer between 1 and 30000")
  })

  it.each([0, -5, 10.5, Number.NaN])("a refund amount of %p is refused before sending", async (amount) => {
    const id = await newPaymentId(true)
    const error = await failure(client().refundPayment(id, { amount, merchant_reference: "r1" }))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("amount")
    expect(seen()).toHaveLength(0)
  })

  it.each(["", undefined as unknown as string])("a missing payment id (%p) is refused before sending", async (id) => {
    const error = await failure(client().getPayment(id))
    expect(error.code).toBe("invalid_request")
    expect(seen()).toHaveLength(0)
  })

  it("a payment id is sent URL-encoded", async () => {
    await failure(client().getPayment("a/b?c"))
    expect(seen().map((r) => r.path)).toEqual(["/v1/payments/a%2Fb%3Fc"])
  })
})

describe("payment lifecycle", () => {
  it("create → fetch → accept → partial refund → refund of the rest", async () => {
    const c = client()
    const input = paymentInput({ custom_data: { cart_id: "cart_1" }, shipping_info: validShipping })
    const created = await c.createPayment(input)
    expect(created.id).toMatch(/^payment_/)
    expect(created.state).toBe("not_started")
    expect(created.purchase_amount).toBe(30000)
    expect(created.installments_count).toBe(3)
    expect(created.url).toBe(`${sandbox.url}/pay/${created.id}`)
    expect(created.payment_plan.map((i) => i.total_amount)).toEqual([10435, 10000, 10000])
    expect(created.refunds).toEqual([])
    expect(seen("POST", "/v1/payments")[0].body).toEqual(input)

    const fetched = await c.getPayment(created.id)
    expect(fetched.id).toBe(created.id)
    expect(fetched.state).toBe("not_started")
    expect(fetched.custom_data).toEqual({ cart_id: "cart_1" })
    expect(fetched.shipping_info).toEqual(validShipping)

    sandbox.accept(created.id, { notify: false })
    const accepted = await c.getPayment(created.id)
    expect(accepted.state).toBe("in_progress")
    expect(accepted.payment_plan.map((i) => i.state)).toEqual(["paid", "pending", "pending"])

    const partial = await c.refundPayment(created.id, {
      amount: 5000,
      merchant_reference: "refund_1",
      comment: "one item back",
    })
    expect(partial.state).toBe("in_progress")
    expect(partial.refunds).toEqual([expect.objectContaining({ amount: 5000, id: expect.stringMatching(/^refund_/) })])
    expect(seen("POST", `/v1/payments/${created.id}/refund`)[0].body).toEqual({
      amount: 5000,
      merchant_reference: "refund_1",
      comment: "one item back",
    })

    const rest = await c.refundPayment(created.id, { amount: 25000, merchant_reference: "refund_2" })
    expect(rest.state).toBe("paid")
    expect(rest.refunds.map((r) => r.amount)).toEqual([5000, 25000])
    expect(rest.payment_plan.map((i) => i.state)).toEqual(["paid", "cancelled", "cancelled"])

    const nothingLeft = await failure(c.refundPayment(created.id, { amount: 1, merchant_reference: "refund_3" }))
    expect(nothingLeft.code).toBe("invalid_request")
    expect(nothingLeft.field).toBe("amount")
  })

  it("cancels an unaccepted payment, and cancelling twice is fine", async () => {
    const c = client()
    const { id } = await c.createPayment(paymentInput())
    await c.cancelPayment(id)
    const expiredAt = sandbox.payments.get(id).expired_at
    expect(typeof expiredAt).toBe("number")
    await c.cancelPayment(id)
    expect(sandbox.payments.get(id).expired_at).toBe(expiredAt)
    expect(seen("PUT", `/v1/payments/${id}/cancel`)).toHaveLength(2)
    expect(() => sandbox.accept(id, { notify: false })).toThrow(/cancelled or has expired/)
  })

  it("cancelling an accepted payment → invalid_request on `state`, not retried", async () => {
    const id = await newPaymentId(true)
    const error = await failure(client().cancelPayment(id))
    expect(error.code).toBe("invalid_request")
    expect(error.field).toBe("state")
    expect(error.message).toMatch(/refund it instead/)
    expect(seen()).toHaveLength(1)
  })

  it("accepts an empty answer to a cancellation", async () => {
    const id = await newPaymentId()
    sandbox.setFault({ match: { method: "PUT" }, status: 204, body: "" })
    await expect(client().cancelPayment(id)).resolves.toBeUndefined()
  })
})

describe("updateShippingInfo", () => {
  it("posts {payment: {shipping_info}} to /v1/payment/<id> (singular)", async () => {
    const id = await newPaymentId()
    const c = client()
    await expect(c.updateShippingInfo(id, validShipping)).resolves.toBeUndefined()
    const requests = seen()
    expect(requests).toHaveLength(1)
    expect(requests[0].method).toBe("POST")
    expect(requests[0].path).toBe(`/v1/payment/${id}`)
    expect(requests[0].body).toEqual({ payment: { shipping_info: validShipping } })
    expect(requests[0].headers["content-type"]).toBe("application/json")
    expect((await c.getPayment(id)).shipping_info).toEqual(validShipping)
  })

  it("sends only the list given; the service keeps the other", async () => {
    const c = client()
    const { id } = await c.createPayment(paymentInput({ shipping_info: validShipping }))
    const selected = [{ title: "Mondial Relay", amount: 390, shipping_method: "pickup_point" as const }]
    await c.updateShippingInfo(id, { selected_options: selected })
    expect(seen("POST", `/v1/payment/${id}`)[0].body).toEqual({
      payment: { shipping_info: { selected_options: selected } },
    })
    const payment = await c.getPayment(id)
    expect(payment.shipping_info).toEqual({
      selected_options: selected,
      available_options: validShipping.available_options,
    })
  })
})

describe("shipping options are validated before sending", () => {
  const option = { title: "Colissimo", amount: 490 }
  it.each<[string, unknown, string, RegExp]>([
    [
      "a missing title",
      { selected_options: [{ amount: 490 }] },
      "payment.shipping_info.selected_options[0].title",
      /title/,
    ],
    [
      "a blank title",
      { selected_options: [{ title: "  ", amount: 490 }] },
      "payment.shipping_info.selected_options[0].title",
      /title is required/,
    ],
    [
      "a missing amount",
      { selected_options: [{ title: "Colissimo" }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount/,
    ],
    [
      "a non-integer amount",
      { selected_options: [{ title: "Colissimo", amount: 4.9 }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount must be an integer number of cents/,
    ],
    [
      "an amount as a string",
      { selected_options: [{ title: "Colissimo", amount: "490" }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount/,
    ],
    [
      "a negative amount",
      { selected_options: [{ title: "Colissimo", amount: -1 }] },
      "payment.shipping_info.selected_options[0].amount",
      /amount/,
    ],
    [
      "an unknown shipping_method",
      { selected_options: [{ ...option, shipping_method: "drone" }] },
      "payment.shipping_info.selected_options[0].shipping_method",
      /shipping_method must be one of instore, pickup_store, pickup_point, postal/,
    ],
    [
      "pickup_delivery true",
      { selected_options: [{ ...option, pickup_delivery: true }] },
      "payment.shipping_info.selected_options[0].pickup_delivery",
      /pickup_delivery is deprecated: use shipping_method/,
    ],
    [
      "pickup_delivery false",
      { selected_options: [{ ...option, pickup_delivery: false }] },
      "payment.shipping_info.selected_options[0].pickup_delivery",
      /pickup_delivery is deprecated/,
    ],
    [
      "express_delivery as a string",
      { selected_options: [{ ...option, express_delivery: "true" }] },
      "payment.shipping_info.selected_options[0].express_delivery",
      /./,
    ],
    [
      "a bad option deeper in available_options",
      { available_options: [option, { amount: 0 }] },
      "payment.shipping_info.available_options[1].title",
      /title/,
    ],
    ["selected_options not an array", { selected_options: option }, "payment.shipping_info.selected_options", /./],
  ])("%s → invalid_request on the field, nothing sent", async (_label, shippingInfo, field, message) => {
    const id = await newPaymentId()
    const c = client()
    for (const call of [
      () => c.updateShippingInfo(id, shippingInfo as ShippingInfo),
      () => c.createPayment(paymentInput({ shipping_info: shippingInfo as ShippingInfo })),
    ]) {
      const error = await failure(call())
      expect(error.code).toBe("invalid_request")
      expect(error.field).toBe(field)
      expect(error.message).toContain(field)
      expect(error.message).toMatch(message)
    }
    expect(seen()).toHaveLength(0)
  })

  it("an unknown option property or shipping_info key is refused before sending", async () => {
    const id = await newPaymentId()
    const c = client()
    const unknownProperty = await failure(
      c.updateShippingInfo(id, { selected_options: [{ ...option, colour: "red" } as any] })
    )
    expect(unknownProperty.code).toBe("invalid_request")
    expect(unknownProperty.field).toBe("payment.shipping_info.selected_options[0]")
    expect(unknownProperty.message).toContain("colour")
    const unknownKey = await failure(c.updateShippingInfo(id, { offered_options: [option] } as any))
    expect(unknownKey.code).toBe("invalid_request")
    expect(unknownKey.field).toBe("payment.shipping_info")
    expect(unknownKey.message).toContain("offered_options")
    expect(seen()).toHaveLength(0)
  })
})

describe("the API key never leaks", () => {
  const leaks = (text: string, key: string) => text.includes(key)

  function expectNoKey(error: BnplServiceError, key: string) {
    expect(leaks(error.message, key)).toBe(false)
    expect(leaks(String(error.stack), key)).toBe(false)
    expect(leaks(JSON.stringify(error), key)).toBe(false)
    expect(leaks(util.inspect(error), key)).toBe(false)
    expect(leaks(util.inspect(error, { showHidden: true, depth: null }), key)).toBe(false)
  }

  it("from the errors of every kind of failure, or the logger", async () => {
    const id = await newPaymentId(true)
    const timers = handTimer()
    const c = client({ timer: timers.timer })
    const echo = `you sent Service-Auth ${ACTIVE_KEY}`
    const scenarios: [string, () => void, () => Promise<unknown>][] = [
      [
        "503 echoing the key",
        () => sandbox.setFault({ status: 503, body: { error_code: "server_error", message: echo } }),
        () => c.checkEligibility({ purchase_amount: 10000 }),
      ],
      [
        "429 echoing the key in errors[0]",
        () => sandbox.setFault({ status: 429, body: { errors: [{ error_code: "slow_down", message: echo }] } }),
        () => c.getPayment(id),
      ],
      [
        "400 echoing the key",
        () =>
          sandbox.setFault({
            status: 400,
            body: { errors: [{ field: "payment.purchase_amount", error_code: "invalid_value", message: echo }] },
          }),
        () => c.checkEligibility({ purchase_amount: 10000 }),
      ],
      [
        "422 echoing the key on creation",
        () => sandbox.setFault({ status: 422, body: { error_code: "invalid_value", message: echo } }),
        () => c.createPayment(paymentInput()),
      ],
      [
        "401 echoing the key",
        () => sandbox.setFault({ status: 401, body: { error_code: "unauthorized", message: echo } }),
        () => c.cancelPayment(id),
      ],
      ["a dropped connection", () => sandbox.setFault({ drop: true }), () => c.updateShippingInfo(id, validShipping)],
      [
        "a timeout",
        () => sandbox.setFault(HANG),
        () => timers.timeOut(() => c.getPayment(id), 3, "GET", `/v1/payments/${id}`),
      ],
      ["garbled JSON", () => sandbox.setFault({ garble: true }), () => c.getPayment(id)],
      [
        "a wrong shape",
        () => sandbox.setFault({ wrongShape: true }),
        () => c.checkEligibility({ purchase_amount: 10000, installments_count: [3] }),
      ],
      [
        "a real validation error",
        () => undefined,
        () => c.refundPayment(id, { amount: 999999, merchant_reference: "r" }),
      ],
      [
        "our own validation",
        () => undefined,
        () => c.updateShippingInfo(id, { selected_options: [{ title: "", amount: 1 }] }),
      ],
    ]
    const codes: string[] = []
    for (const [label, setUp, run] of scenarios) {
      sandbox.clearFaults()
      setUp()
      const error = await failure(run())
      codes.push(`${label}: ${error.code}`)
      expectNoKey(error, ACTIVE_KEY)
    }
    expect(codes).toEqual([
      "503 echoing the key: unavailable",
      "429 echoing the key in errors[0]: unavailable",
      "400 echoing the key: invalid_request",
      "422 echoing the key on creation: invalid_request",
      "401 echoing the key: unauthorized",
      "a dropped connection: unavailable",
      "a timeout: unavailable",
      "garbled JSON: malformed_answer",
      "a wrong shape: malformed_answer",
      "a real validation error: invalid_request",
      "our own validation: invalid_request",
    ])
    // The echoed messages are kept, redacted.
    expect(warnings.length).toBeGreaterThanOrEqual(6)
    for (const warning of warnings) {
      expect(leaks(warning, ACTIVE_KEY)).toBe(false)
    }
  })

  it("keeps the service's echoed message, with the key redacted", async () => {
    sandbox.setFault({
      status: 400,
      body: {
        errors: [{ field: "payment.purchase_amount", error_code: "invalid_value", message: `bad key ${ACTIVE_KEY}!` }],
      },
    })
    const error = await failure(client().checkEligibility({ purchase_amount: 10000 }))
    expect(error.message).toContain("bad key [redacted]!")
  })

  it("from the errors of a bad, inactive or revoked key", async () => {
    const badKey = "sk_test_unknown_key_1234567890"
    expectNoKey(await failure(client({ apiKey: badKey }).checkEligibility({ purchase_amount: 10000 })), badKey)
    expectNoKey(
      await failure(client({ apiKey: INACTIVE_KEY }).checkEligibility({ purchase_amount: 10000 })),
      INACTIVE_KEY
    )
    expectNoKey(await failure(client({ apiKey: INACTIVE_KEY }).createPayment(paymentInput())), INACTIVE_KEY)
    sandbox.setMerchant(ACTIVE_KEY, { revoked: true })
    expectNoKey(await failure(client().checkEligibility({ purchase_amount: 10000 })), ACTIVE_KEY)
  })

  it("from an inspected or serialised client, before and after use", async () => {
    const c = client()
    const check = () => {
      expect(leaks(util.inspect(c), ACTIVE_KEY)).toBe(false)
      expect(leaks(util.inspect(c, { showHidden: true, depth: null }), ACTIVE_KEY)).toBe(false)
      expect(leaks(JSON.stringify(c, (_k, v) => (typeof v === "function" ? undefined : v)) ?? "", ACTIVE_KEY)).toBe(
        false
      )
    }
    check()
    await c.checkEligibility({ purchase_amount: 10000 })
    sandbox.setFault({ status: 503, count: 1 })
    await c.checkEligibility({ purchase_amount: 10000 })
    check()
    // ...while the key was sent.
    expect(seen()[0].headers.authorization).toBe(`Service-Auth ${ACTIVE_KEY}`)
  })
})
