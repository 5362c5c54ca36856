import { BnplClient } from "../../../../../client"
import { OUTCOME_LOOKUPS_PER_CLIENT, OUTCOME_LOOKUPS_PER_PROCESS } from "../limits"
import { GET } from "../route"

/**
 * `GET /store/bnpl/payment-outcome`'s limits through its handler: what a loop costs the service
 * for a payment not paid yet, from one client, from a caller writing `X-Forwarded-For`, and
 * from many clients behind a declared proxy; settled answers cost nothing and count for nothing.
 * The limits' clock is the test's (`mockNow`); the service is a stub counting calls.
 */
let mockNow = 0
/** How far the limits' clock moves before each call: 200 ms, unless a test stops it. */
let stepMs: number
jest.mock("../limits", () => {
  const actual = jest.requireActual("../limits")
  const mockLimits = actual.paymentOutcomeLimits(() => mockNow)
  return {
    ...actual,
    mockLimits,
    mayAskOutcome: (request: unknown, trusted: unknown) => actual.mayAskOutcome(request, trusted, mockLimits),
  }
})
const { mockLimits } = jest.requireMock("../limits")

let state: string
let trustedProxies: unknown
let getPayment: jest.SpyInstance
beforeEach(() => {
  mockLimits.clear()
  mockNow = 1_000_000
  stepMs = 200
  state = "not_started"
  trustedProxies = undefined
  getPayment = jest
    .spyOn(BnplClient.prototype, "getPayment")
    .mockImplementation(
      async (id: string) =>
        ({ id, state, purchase_amount: 12_990, installments_count: 3, payment_plan: [], refunds: [] }) as any
    )
})
afterEach(() => jest.restoreAllMocks())

const scope = {
  resolve: (key: string) =>
    ({
      query: {
        graph: async ({ filters }: any) => ({
          data: [
            {
              id: filters.id,
              payment_collection: {
                payment_sessions: [
                  {
                    provider_id: "pp_bnpl_bnpl",
                    status: "pending",
                    data: { bnpl_payment_id: `pay_${filters.id}`, mode: "live", purchase_amount: 12_990 },
                  },
                ],
              },
            },
          ],
        }),
      },
      bnpl: {
        getOptions: async () => ({
          apiKey: "sk_live_0000000000000000",
          apiUrl: "https://api.bnpl.example",
          autoCapture: true,
          trustedProxies,
        }),
      },
      __pg_connection__: () => {
        const q: any = { where: () => q, whereNull: () => q, first: async () => undefined }
        return q
      },
      logger: { warn: () => undefined },
    })[key],
}

/** One call for `cart` from `socket` (with `X-Forwarded-For: forwarded`): its outcome. */
async function outcome(socket: string, forwarded?: string, cart = "cart_1") {
  mockNow += stepMs
  let body: any
  const res: any = { json: (b: unknown) => ((body = b), res) }
  const headers = forwarded ? { "x-forwarded-for": forwarded } : {}
  await GET({ validatedQuery: { cart_id: cart }, scope, socket: { remoteAddress: socket }, headers } as any, res)
  return body.outcome
}

describe("payment-outcome: what a loop costs", () => {
  it("one client: 10 service calls a minute, then `unknown` without asking, then asked again", async () => {
    const answers = []
    for (let i = 0; i < 100; i++) answers.push((await outcome("198.51.100.10")).status)
    expect(getPayment).toHaveBeenCalledTimes(OUTCOME_LOOKUPS_PER_CLIENT.limit)
    expect(answers.slice(0, 10)).toEqual(Array(10).fill("abandoned")) // not_started: the customer left the page
    expect(answers.slice(10)).toEqual(Array(90).fill("unknown"))
    expect(await outcome("198.51.100.10")).toEqual({ status: "unknown", current: true })

    // Another customer is still asked.
    expect((await outcome("203.0.113.50")).status).toBe("abandoned")
    expect(getPayment).toHaveBeenCalledTimes(11)
    // A minute later, the first client is asked again.
    mockNow += OUTCOME_LOOKUPS_PER_CLIENT.windowMs
    expect((await outcome("198.51.100.10")).status).toBe("abandoned")
    expect(getPayment).toHaveBeenCalledTimes(12)
  })

  it("a caller writing X-Forwarded-For is still one client (no proxy declared)", async () => {
    for (let i = 0; i < 100; i++) await outcome("198.51.100.11", `10.0.${i >> 8}.${i & 255}`)
    expect(getPayment).toHaveBeenCalledTimes(OUTCOME_LOOKUPS_PER_CLIENT.limit)
    // Nor can it spend a customer's window by naming the customer.
    expect((await outcome("203.0.113.51")).status).toBe("abandoned")
  })

  it("1,000 clients behind a declared proxy: at most 10 service calls a second", async () => {
    trustedProxies = ["loopback"]
    stepMs = 0 // every call in the same instant
    for (let i = 0; i < 1000; i++) await outcome("127.0.0.1", `203.0.${i >> 8}.${i & 255}`)
    expect(getPayment).toHaveBeenCalledTimes(OUTCOME_LOOKUPS_PER_PROCESS.limit)
    // The next second, clients of many networks (one /24 holds at most `maxShare` of a second).
    mockNow += OUTCOME_LOOKUPS_PER_PROCESS.windowMs
    for (let i = 0; i < 100; i++) await outcome("127.0.0.1", `198.51.${i}.1`)
    expect(getPayment).toHaveBeenCalledTimes(2 * OUTCOME_LOOKUPS_PER_PROCESS.limit)
  })

  it("one network behind a declared proxy holds at most half of the process's second", async () => {
    trustedProxies = ["loopback"]
    stepMs = 0
    for (let i = 0; i < 100; i++) await outcome("127.0.0.1", `198.51.100.${i}`)
    expect(getPayment).toHaveBeenCalledTimes(OUTCOME_LOOKUPS_PER_PROCESS.maxShare)
    expect((await outcome("127.0.0.1", "192.0.2.1")).status).toBe("abandoned")
    expect(getPayment).toHaveBeenCalledTimes(OUTCOME_LOOKUPS_PER_PROCESS.maxShare + 1)
  })

  it("a settled answer is kept: a loop costs one call and spends nothing of the client's allowance", async () => {
    state = "paid"
    for (let i = 0; i < 100; i++)
      expect((await outcome("198.51.100.12", undefined, "cart_paid")).status).toBe("accepted")
    expect(getPayment).toHaveBeenCalledTimes(1)
    // The same client's next unpaid payment: its whole allowance less the one call.
    state = "not_started"
    for (let i = 0; i < 20; i++) await outcome("198.51.100.12", undefined, "cart_unpaid")
    expect(getPayment).toHaveBeenCalledTimes(OUTCOME_LOOKUPS_PER_CLIENT.limit)
  })
})
