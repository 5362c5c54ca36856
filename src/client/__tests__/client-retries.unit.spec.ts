import type { BnplClient } from "../client"
import {
  client,
  ELIGIBILITY,
  failure,
  HANG,
  handTimer,
  newPaymentId,
  paymentInput,
  sandbox,
  seen,
  useSandbox,
  validShipping,
  warnings,
} from "./client-fixtures"

/** Which of the client's calls are retried, after which failures, how often and how long (client-fixtures.ts: the sandbox). */

useSandbox()

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

/**
 * `op` against a transient failure: it ends unavailable, with the failure's status and words,
 * after exactly `requests` requests (a timeout's run by hand for each). The path it used.
 */
async function expectUnavailable(op: Op, { fault, status, message, hangs }: Failure, requests: number) {
  const { path, run } = await op.prepare()
  sandbox.setFault({ match: { method: op.method, path }, ...fault })
  const timers = handTimer()
  const c = client({ timer: timers.timer })
  const error = await failure(hangs ? timers.timeOut(() => run(c), requests, op.method, path) : run(c))
  expect(error.code).toBe("unavailable")
  expect(error.status).toBe(status)
  expect(error.message).toMatch(message)
  expect(seen(op.method, path)).toHaveLength(requests)
  return path
}

describe("retries of calls that are safe to repeat", () => {
  it.each(cases(retriedOps, transientFailures))(
    "%s: %s is retried twice, then → unavailable",
    async (_name, _kind, op, transient) => {
      const path = await expectUnavailable(op, transient, 3)
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
    async (_name, _kind, op, transient) => {
      await expectUnavailable(op, transient, 1)
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
