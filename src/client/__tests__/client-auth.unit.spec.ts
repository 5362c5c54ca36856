import util from "node:util"
import type { BnplServiceError } from "../errors"
import {
  ACTIVE_KEY,
  client,
  ELIGIBILITY,
  failure,
  HANG,
  handTimer,
  INACTIVE_KEY,
  newPaymentId,
  paymentInput,
  sandbox,
  seen,
  useSandbox,
  validShipping,
  warnings,
} from "./client-fixtures"

/** The client's authentication, the merchant account's state, and the API key never leaking (client-fixtures.ts: the sandbox). */

useSandbox()

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

  it("keeps the service's words about a notification URL it refused, without the store's token (issue 44)", async () => {
    const url = "https://shop.example/hooks/bnpl/notification?token=0123456789abcdef"
    sandbox.setFault({
      status: 400,
      body: {
        errors: [{ field: "ipn_callback_url", error_code: "invalid_value", message: `${url} is not reachable` }],
      },
    })
    const error = await failure(client().createPayment(paymentInput()))
    expect(error.message).toContain("notification?token=[redacted] is not reachable")
    expect(error.message).not.toContain("0123456789abcdef")
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
