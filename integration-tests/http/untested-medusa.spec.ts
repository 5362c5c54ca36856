import { eventually, RETURN_URL, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { BNPL_PROVIDER_ID } from "../helpers/store"
import retryBnplMessages from "../../src/jobs/retry-messages"
import {
  ALLOW_UNTESTED_MEDUSA_ENV,
  checkMedusaVersion,
  installedMedusaVersion,
  TEST_MEDUSA_VERSION_ENV,
} from "../../src/lib/infrastructure/medusa-version"

jest.setTimeout(300 * 1000)

const ports = testPorts(4)
const SHIP = { installments_count: 3, pay_at_shipment: true }
const NEXT_MINOR = "2.22.0"
/** The sentence every surface gives on the next minor (the unit tests check its words). */
const SENTENCE = checkMedusaVersion(NEXT_MINOR).message!

/**
 * Issue 43's proof: payments taken on the tested Medusa (this repository's 2.21.2), then the
 * plugin's version check made to answer "2.22.0" (`BNPL_TEST_MEDUSA_VERSION`, honoured under
 * NODE_ENV=test only, and only over a tested installation): the capture, the refund, the
 * cancellation, the trigger, the notification and the retry job of those payments all reach
 * the provider and the service, while a new payment is refused with the sentence, in the store
 * API's answers and in the admin's settings.
 */
sandboxStoreSuite({ ports }, ({ api, sandbox, store, admin, cartWith, startBnplSession, complete, paidOrder, bnpl, getContainer, ship }) => {
  const calls = (suffix: string, method = "POST") =>
    sandbox().requests.filter((r: any) => r.method === method && r.path.endsWith(suffix))
  const accepted = (suffix: string, method = "POST") =>
    calls(suffix, method).filter((r: any) => !r.fault && r.status === 200)
  const medusaPayment = async (orderId: string) => {
    const { data } = await api.get(
      `/admin/orders/${orderId}?fields=payment_collections.payments.*,payment_collections.payments.captures.*,payment_collections.payments.refunds.*`,
      admin()
    )
    return data.order.payment_collections[0].payments[0]
  }
  /** From now on the plugin finds Medusa 2.22.0 (the app and this test share one process). */
  const medusaMovesOn = () => {
    process.env[TEST_MEDUSA_VERSION_ENV] = NEXT_MINOR
  }

  beforeEach(async () => {
    const saved = await api.post(
      "/admin/bnpl/settings",
      { plans: [{ installments_count: 3 }, SHIP] },
      admin()
    )
    expect(saved.status).toBe(200)
  })
  afterEach(() => {
    delete process.env[TEST_MEDUSA_VERSION_ENV]
    delete process.env[ALLOW_UNTESTED_MEDUSA_ENV]
  })

  /** A new BNPL session on a new cart, as a storefront asks it: the store API's answer. */
  async function newSession() {
    const cart = await cartWith(129.9)
    const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, store().storeHeaders)
    const response = await api
      .post(
        `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
        { provider_id: BNPL_PROVIDER_ID, data: { return_url: RETURN_URL, installments_count: 3 } },
        store().storeHeaders
      )
      .catch((e: any) => e.response)
    return { cart, response }
  }

  async function payAtShipmentOrder() {
    const cart = await cartWith(129.9)
    const { session } = await startBnplSession(cart.id, SHIP)
    const pid: string = session.data.bnpl_payment_id
    sandbox().accept(pid, { notify: false })
    const done = await complete(cart.id)
    expect(done.status).toBe(200)
    return { order: done.data.order, pid }
  }

  it("runs on the tested Medusa it is developed with: nothing refused, the admin says so", async () => {
    expect(checkMedusaVersion(installedMedusaVersion()).status).toBe("tested")
    const { response } = await newSession()
    expect(response.status).toBe(200)
    const { data } = await api.get("/admin/bnpl/settings", admin())
    expect(data.settings.medusa_version_problem).toBeUndefined()
    expect(data.settings.medusa_version).toEqual({
      found: installedMedusaVersion(),
      status: "tested",
      new_payments: true,
      node: process.versions.node,
      tested: { lowest: "2.21.0", highest: "2.21.2" },
    })
  })

  it("a payment taken before is captured and refunded at the service; a new one is refused with the sentence", async () => {
    // Captured by the merchant, not at completion: the capture is one of the calls to serve.
    expect((await api.post("/admin/bnpl/settings", { auto_capture: false }, admin())).status).toBe(200)
    const { order, pid } = await paidOrder(sandbox(), 129.9)
    expect((await medusaPayment(order.id)).captured_at).toBeNull()
    medusaMovesOn()

    // The store API: no plan offered, and the session refused, each with the sentence.
    const { cart, response } = await newSession()
    expect(response.status).toBe(400)
    expect(response.data.message).toBe(SENTENCE)
    expect(SENTENCE).toContain(`found Medusa ${NEXT_MINOR}: new instalment payments are refused`)
    const { data: eligibility } = await api.get(`/store/bnpl/eligibility?cart_id=${cart.id}`, store().storeHeaders)
    expect(eligibility.eligibility).toMatchObject({ service_available: false, message: SENTENCE, plans: [] })
    const { data: forAmount } = await api.get("/store/bnpl/eligibility?amount=129.90&currency_code=eur", store().storeHeaders)
    expect(forAmount.eligibility).toMatchObject({ service_available: false, message: SENTENCE })
    expect(calls("/v1/payments").length).toBe(1) // the order's own payment, made before

    // The admin's settings say it, with what was found.
    const { data: settings } = await api.get("/admin/bnpl/settings", admin())
    expect(settings.settings.medusa_version_problem).toBe(SENTENCE)
    expect(settings.settings.medusa_version).toMatchObject({ found: NEXT_MINOR, status: "untested", new_payments: false })

    // The payment taken before: captured (the service charged at acceptance: Medusa records it
    // through the provider), then partly refunded at the service.
    const payment = await medusaPayment(order.id)
    const captured = await api.post(`/admin/payments/${payment.id}/capture`, {}, admin())
    expect(captured.status).toBe(200)
    expect((await medusaPayment(order.id)).captured_at).toBeTruthy()
    const refunded = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 10 }, admin())
    expect(refunded.status).toBe(200)
    expect(accepted(`/v1/payments/${pid}/refund`).map((r: any) => r.body.amount)).toEqual([1000])
    expect(sandbox().payments.get(pid).refunds.map((r: any) => r.amount)).toEqual([1000])
  })

  it("pay at shipment taken before: the shipment triggers it (the retry job after a 503), Medusa captures; another is cancelled at the service", async () => {
    const toShip = await payAtShipmentOrder()
    const toCancel = await payAtShipmentOrder()
    medusaMovesOn()
    expect((await newSession()).response.data.message).toBe(SENTENCE)

    // The trigger: refused once by the service, taken by the retry job (a job of the plugin).
    sandbox().setFault({ match: { path: `/v1/payments/${toShip.pid}/trigger` }, status: 503, count: 1 })
    await ship(toShip.order.id, "U1")
    const messages = () => bnpl().listBnplServiceMessages({ order_id: toShip.order.id, kind: "trigger" })
    await eventually(async () => (await messages()).some((m: any) => m.attempts > 0))
    const pending: any[] = await messages()
    await bnpl().updateBnplServiceMessages(pending.map((m) => ({ id: m.id, next_attempt_at: new Date(Date.now() - 1000) })))
    await retryBnplMessages(getContainer())
    expect((await messages())[0]).toMatchObject({ status: "accepted" })
    expect(accepted(`/v1/payments/${toShip.pid}/trigger`)).toHaveLength(1)
    expect(sandbox().payments.get(toShip.pid)).toMatchObject({ deferred_trigger_applied: true })
    const captured = await eventually(async () => {
      const p = await medusaPayment(toShip.order.id)
      return p.captured_at && p
    })
    expect(captured.captures).toHaveLength(1)

    // The cancellation of the other reaches the service.
    const cancelled = await api.post(`/admin/orders/${toCancel.order.id}/cancel`, {}, admin())
    expect(cancelled.status).toBe(200)
    await eventually(async () => accepted(`/v1/payments/${toCancel.pid}/cancel`, "PUT").length === 1)
    expect(sandbox().payments.get(toCancel.pid)).toMatchObject({ state: "stopped", refunds: [] })
    expect((await medusaPayment(toCancel.order.id)).canceled_at).not.toBeNull()
  })

  it("an order placed while the service reviewed its payment: the later notification still gives it its payment", async () => {
    const cart = await cartWith(129.9)
    const { session } = await startBnplSession(cart.id)
    const pid: string = session.data.bnpl_payment_id
    sandbox().payments.get(pid).state = "scored_maybe" // in review at the service
    const back = await complete(cart.id)
    expect(back.data.type).toBe("order")
    medusaMovesOn()

    sandbox().accept(pid, { notify: false })
    sandbox().requests.length = 0
    const call = await sandbox().notify(pid)
    expect(call.status).toBe(200)
    expect(calls(`/v1/payments/${pid}`, "GET").length).toBeGreaterThan(0) // read at the service
    const payment = await eventually(async () => {
      const p = await medusaPayment(back.data.order.id).catch(() => undefined)
      return p?.captured_at && p
    })
    expect(payment.provider_id).toBe(BNPL_PROVIDER_ID)
  })

  it("the merchant's opt-in for the minor it checked takes new payments again", async () => {
    medusaMovesOn()
    process.env[ALLOW_UNTESTED_MEDUSA_ENV] = "2.22"
    const { response } = await newSession()
    expect(response.status).toBe(200)
    const { data } = await api.get("/admin/bnpl/settings", admin())
    expect(data.settings.medusa_version_problem).toBeUndefined()
    expect(data.settings.medusa_version).toMatchObject({ found: NEXT_MINOR, status: "untested_allowed", new_payments: true })
    expect(data.settings.medusa_version.message).toContain(`${ALLOW_UNTESTED_MEDUSA_ENV}=2.22`)
  })
})
