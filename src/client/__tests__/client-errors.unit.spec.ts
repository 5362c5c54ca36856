import { client, ELIGIBILITY, failure, newPaymentId, paymentInput, sandbox, seen, useSandbox } from "./client-fixtures"

/** The client's errors for malformed answers and invalid requests (client-fixtures.ts: the sandbox). */

useSandbox()

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
