import { acceptedSession, liveSandbox, liveStore, quiet } from "../../../__tests__/helpers/review-store"
import BnplProviderService from "../service"

/**
 * The provider's money operations as Medusa 2.21 calls them (service.ts: authorize, status,
 * capture, refund, delete), against the sandbox and the unit tests' PostgreSQL stand-in: what
 * each answers Medusa, what it records, and what it tells the merchant in the log.
 */
describe("the provider's money operations (service.ts)", () => {
  const live = liveSandbox()

  function store() {
    const s = liveStore(live)
    const warnings: string[] = []
    s.injected.logger = { ...quiet, warn: (m: string) => warnings.push(m) }
    const provider = new BnplProviderService(s.injected, s.providerOptions)
    const ledgerRow = (pid: string) => s.db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!
    return { ...s, provider, warnings, ledgerRow }
  }

  it("authorize: accepted and claimed, no failure; the claim refused when the ledger ended the payment", async () => {
    const s = store()
    const session = await acceptedSession(s.provider, live)
    const pid = session.id as string
    Object.assign(s.ledgerRow(pid), { status: "to_settle" })
    const refused = await s.provider.authorizePayment({ data: session.data } as any)
    const reason = "the payment was ended without an order (to_settle): it cannot become one"
    expect(refused).toMatchObject({ status: "canceled", data: { failure_reason: reason } })
    expect(s.warnings).toEqual([`BNPL payment ${pid} not authorized: ${reason}`])
    Object.assign(s.ledgerRow(pid), { status: "open" })
    const done = await s.provider.authorizePayment({ data: session.data } as any)
    // Charged when the service accepted: captured at once (autoCapture, the default).
    expect(done).toMatchObject({ status: "captured", data: { failure_reason: null } })
    expect(s.ledgerRow(pid).status).toBe("authorized")
    expect(s.warnings).toHaveLength(1)
  })

  it("authorize: not accepted yet is pending, not logged; the ledger's row is left open", async () => {
    const s = store()
    const session = await s.provider.initiatePayment({
      amount: 300,
      currency_code: "eur",
      data: { session_id: "payses_1", installments_count: 3, checkout: { cart_id: "cart_1", email: "a@b.test" } },
    } as any)
    const pending = await s.provider.authorizePayment({ data: session.data } as any)
    expect(pending).toMatchObject({
      status: "pending",
      data: { failure_reason: expect.stringMatching(/not accepted yet/) },
    })
    expect(s.ledgerRow(session.id as string).status).toBe("open")
    expect(s.warnings).toEqual([])
    // The status Medusa polls says the same, with its reason.
    const status = await s.provider.getPaymentStatus({ data: session.data } as any)
    expect(status).toMatchObject({
      status: "pending",
      data: { failure_reason: expect.stringMatching(/not accepted yet/) },
    })
  })

  it("authorize: a session that does not say its amount (and no ledger row) is an error, logged", async () => {
    const s = store()
    const session = await acceptedSession(s.provider, live)
    const pid = session.id as string
    s.db.tables.bnpl_payment = []
    const data = { ...(session.data as any), purchase_amount: undefined }
    const answer = await s.provider.authorizePayment({ data } as any)
    const reason = "the session does not say the amount it was made for"
    expect(answer).toMatchObject({ status: "error", data: { failure_reason: reason } })
    expect(s.warnings).toEqual([`BNPL payment ${pid} not authorized: ${reason}`])
    expect(await s.provider.getPaymentStatus({ data } as any)).toMatchObject({
      status: "error",
      data: { failure_reason: reason },
    })
  })

  it("capture: a pay-at-shipment payment only once its trigger was accepted; any other at once", async () => {
    const s = store()
    s.db.tables.bnpl_payment.push(
      { id: "bnplpay_1", bnpl_payment_id: "pid_1", pay_at_shipment: true, triggered_at: null, deleted_at: null },
      { id: "bnplpay_2", bnpl_payment_id: "pid_2", pay_at_shipment: true, triggered_at: new Date(), deleted_at: null }
    )
    await expect(
      s.provider.capturePayment({ data: { bnpl_payment_id: "pid_1", pay_at_shipment: true } } as any)
    ).rejects.toThrow(
      "This instalment payment is taken when its order ships (pay at shipment): it is captured once the order's shipment starts it, not before"
    )
    for (const data of [
      { bnpl_payment_id: "pid_2", pay_at_shipment: true }, // triggered
      { bnpl_payment_id: "pid_1", pay_at_shipment: false }, // the session says it is paid now
      { bnpl_payment_id: "pid_unknown", pay_at_shipment: true }, // made before the ledger
      { pay_at_shipment: true },
      {},
    ]) {
      expect(await s.provider.capturePayment({ data } as any)).toEqual({ data })
    }
  })

  it("refund: without Medusa's refund id (an older caller), the reference is what was refunded before and the cents", async () => {
    const s = store()
    const session = await acceptedSession(s.provider, live)
    const authorized = await s.provider.authorizePayment({ data: session.data } as any)
    const done = await s.provider.refundPayment({ amount: 20, data: authorized.data } as any)
    expect((done.data as any).refunds).toEqual([
      expect.objectContaining({ amount: 2000, merchant_reference: `medusa-refund-${session.id}-0-2000` }),
    ])
    expect(done.data).toMatchObject({ medusa_refunded: "20" })
  })

  it("delete: the session's payment ends (settled now); a session without a payment reads nothing", async () => {
    const s = store()
    const session = await acceptedSession(s.provider, live)
    const pid = session.id as string
    const data = { ...(session.data as any) }
    expect(await s.provider.deletePayment({ data } as any)).toEqual({ data })
    expect(s.ledgerRow(pid)).toMatchObject({
      status: "refunded", // the first instalment was charged
      reason: "its payment session was deleted (cart changed or another payment started)",
    })
    s.db.failNextRead("bnpl_payment")
    expect(await s.provider.deletePayment({ data: { session_id: "payses_2" } } as any)).toEqual({
      data: { session_id: "payses_2" },
    })
    expect(s.warnings).toEqual([])
    expect(s.db.failedReads).toEqual([])
  })
})
