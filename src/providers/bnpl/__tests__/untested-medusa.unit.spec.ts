import { checkMedusaVersion, TEST_MEDUSA_VERSION_ENV } from "../../../lib/infrastructure/medusa-version"
import { acceptedSession, liveSandbox, liveStore } from "../../../__tests__/helpers/review-store"
import BnplProviderService from "../service"

/**
 * Issue 43, the provider's part: on an untested Medusa, what starts a payment at the service
 * (initiatePayment, updatePayment's replacement payment) is refused with the sentence and asks
 * the service nothing; what serves a payment already taken (authorize, status, refund, cancel)
 * goes on. (The HTTP suite untested-medusa.spec.ts does the same through Medusa.)
 */
describe("the provider on an untested Medusa", () => {
  const live = liveSandbox()
  const SENTENCE = checkMedusaVersion("2.22.0").message!

  afterEach(() => {
    delete process.env[TEST_MEDUSA_VERSION_ENV]
  })

  async function takenBefore() {
    const { injected, providerOptions } = liveStore(live)
    const provider = new BnplProviderService(injected, providerOptions)
    const session = await acceptedSession(provider, live)
    process.env[TEST_MEDUSA_VERSION_ENV] = "2.22.0"
    return { provider, session }
  }
  const created = () => live.requests.filter((r: any) => r.method === "POST" && r.path === "/v1/payments").length

  it("refuses a new payment with the sentence, before asking the service", async () => {
    const { provider } = await takenBefore()
    const before = created()
    await expect(
      provider.initiatePayment({
        amount: 300,
        currency_code: "eur",
        data: { session_id: "payses_9", installments_count: 3, checkout: { cart_id: "cart_9", email: "a@b.test" } },
      } as any)
    ).rejects.toThrow(SENTENCE)
    expect(created()).toBe(before)
  })

  it("refuses the new payment a changed amount needs, and keeps the session's", async () => {
    const { provider, session } = await takenBefore()
    const before = created()
    await expect(
      provider.updatePayment({ amount: 320, currency_code: "eur", data: session.data } as any)
    ).rejects.toThrow(SENTENCE)
    expect(created()).toBe(before)
    // The same amount and details: nothing new is made, nothing refused.
    expect(await provider.updatePayment({ amount: 300, currency_code: "eur", data: session.data } as any)).toEqual({
      data: session.data,
    })
  })

  it("authorizes, reads, refunds and cancels the payments taken before", async () => {
    const { provider, session } = await takenBefore()
    const authorized = await provider.authorizePayment({ data: session.data } as any)
    expect(authorized.status).toMatch(/authorized|captured/)
    expect((await provider.getPaymentStatus({ data: authorized.data } as any)).status).toBe(authorized.status)
    await provider.refundPayment({ amount: 100, data: authorized.data, context: { idempotency_key: "ref_1" } } as any)
    expect(live.payments.get(session.id).refunds.map((r: any) => r.amount)).toEqual([10000])
    await provider.cancelPayment({ data: authorized.data } as any)
    expect(live.payments.get(session.id).refunds.reduce((s: number, r: any) => s + r.amount, 0)).toBe(30000)
  })
})
