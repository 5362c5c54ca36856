import { BnplClient } from "../../../../../client"
import { GET } from "../route"

/**
 * Security review: `GET /store/bnpl/payment-outcome?cart_id=` is anonymous (a cart id and the
 * publishable key). For a payment not paid yet the answer is never reused: what does a loop cost?
 */
describe("security review: payment-outcome in a loop", () => {
  afterEach(() => jest.restoreAllMocks())

  it("100 calls in a row for one unpaid cart do not cost 100 service calls", async () => {
    const getPayment = jest.spyOn(BnplClient.prototype, "getPayment").mockResolvedValue({
      id: "pay_1",
      state: "not_started",
      purchase_amount: 12_990,
      installments_count: 3,
      payment_plan: [],
      refunds: [],
    } as any)
    const session = {
      provider_id: "pp_bnpl_bnpl",
      status: "pending",
      data: { bnpl_payment_id: "pay_1", mode: "live", purchase_amount: 12_990 },
    }
    const knex = () => {
      const q: any = { where: () => q, whereNull: () => q, first: async () => undefined }
      return q
    }
    const scope = {
      resolve: (key: string) =>
        ({
          query: {
            graph: async () => ({ data: [{ id: "cart_1", payment_collection: { payment_sessions: [session] } }] }),
          },
          bnpl: {
            getOptions: async () => ({
              apiKey: "sk_live_0000000000000000",
              apiUrl: "https://api.bnpl.example",
              autoCapture: true,
            }),
          },
          __pg_connection__: knex,
          logger: { warn: () => undefined },
        })[key],
    }
    const res: any = { json: () => res }
    for (let i = 0; i < 100; i++) {
      await GET({ validatedQuery: { cart_id: "cart_1" }, scope } as any, res)
    }
    console.info(`service calls: ${getPayment.mock.calls.length}`)
    expect(getPayment.mock.calls.length).toBeLessThanOrEqual(10)
  })
})
