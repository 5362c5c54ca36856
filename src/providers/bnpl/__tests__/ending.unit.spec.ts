import {
  acceptedSession,
  liveSandbox,
  liveStore,
  payAtShipmentPayment,
  quiet,
} from "../../../__tests__/helpers/review-store"
import { cancelForMedusa, cancelQuietly, endPayment } from "../ending"
import { operationFor } from "../operation"
import BnplProviderService from "../service"

/**
 * How the provider ends payments (ending.ts), against the sandbox and the unit tests'
 * PostgreSQL stand-in: a payment whose session Medusa deletes, Medusa's cancel, a payment the
 * ledger could not record.
 */
describe("the provider ending payments (ending.ts)", () => {
  const live = liveSandbox()
  afterEach(() => live.clearFaults())

  async function store() {
    const s = liveStore(live)
    const warnings: string[] = []
    const logger = { ...quiet, warn: (m: string) => warnings.push(m) }
    const op = await operationFor({ container: s.injected, providerOptions: s.providerOptions, logger })
    const provider = new BnplProviderService(s.injected, s.providerOptions)
    const ledgerRow = (pid: string) => s.db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!
    const calls = (pid: string, method: string) =>
      live.requests.filter((r: any) => r.method === method && r.path.startsWith(`/v1/payments/${pid}`)).length
    return { ...s, op, provider, warnings, ledgerRow, calls }
  }
  /** An accepted payment Medusa authorized (ledger: authorized), its session payses_1 on collection pay_col_1. */
  async function authorized(s: Awaited<ReturnType<typeof store>>) {
    const session = await acceptedSession(s.provider, live)
    const done = await s.provider.authorizePayment({ data: session.data } as any)
    return { pid: session.id as string, data: done.data as any }
  }
  const stateAtService = (pid: string) => live.payments.get(pid).state

  it("endPayment: an authorized payment no order holds is settled now (one short attempt)", async () => {
    const s = await store()
    const { pid } = await authorized(s)
    await endPayment(s.op, pid, "its payment session was deleted")
    expect(s.ledgerRow(pid)).toMatchObject({ status: "refunded", reason: "its payment session was deleted" })
    expect(s.warnings).toEqual([])
  })

  it("endPayment: a payment an order holds is named the order's, never settled", async () => {
    const s = await store()
    const { pid } = await authorized(s)
    s.db.tables.payment.push({ id: "pay_1", payment_session_id: "payses_1", payment_collection_id: "pay_col_1" })
    s.db.tables.order_payment_collection.push({
      id: "ordpay_1",
      order_id: "order_1",
      payment_collection_id: "pay_col_1",
    })
    s.db.tables.order.push({ id: "order_1", status: "pending" })
    await endPayment(s.op, pid, "its payment session was deleted")
    expect(s.ledgerRow(pid)).toMatchObject({ status: "ordered", order_id: "order_1" })
    expect(stateAtService(pid)).not.toMatch(/cancel|refund/)
  })

  it("endPayment: a payment already ordered or being settled is left alone, without a call", async () => {
    const s = await store()
    const { pid } = await authorized(s)
    Object.assign(s.ledgerRow(pid), { status: "ordered", order_id: "order_9" })
    const before = live.requests.length
    await endPayment(s.op, pid, "its payment session was deleted")
    expect(live.requests.length).toBe(before)
    expect(s.ledgerRow(pid)).toMatchObject({ status: "ordered", order_id: "order_9" })
  })

  it("endPayment: the attempt is short (no retry); a failure is left to the job and logged, never thrown", async () => {
    const s = await store()
    const { pid } = await authorized(s)
    live.setFault({ match: { path: `/v1/payments/${pid}` }, status: 503, count: 10 })
    const before = s.calls(pid, "GET") + s.calls(pid, "POST")
    await endPayment(s.op, pid, "its payment session was deleted")
    expect(s.calls(pid, "GET") + s.calls(pid, "POST") - before).toBe(1)
    expect(s.ledgerRow(pid)).toMatchObject({ status: "to_settle", attempts: 1 })
    expect(s.warnings).toEqual([expect.stringMatching(/not settled yet \(the retry job tries again\)/)])
  })

  it("endPayment: the ledger unreadable is logged, never thrown", async () => {
    const s = await store()
    s.db.failNextRead("bnpl_payment")
    await endPayment(s.op, "pid_x", "its payment session was deleted")
    expect(s.warnings).toEqual([expect.stringMatching(/could not be recorded as to settle: Connection terminated/)])
  })

  it("cancelForMedusa: without a payment id, nothing to do", async () => {
    const s = await store()
    const session = { session_id: "payses_1" } as any
    expect(await cancelForMedusa(s.op, session)).toBe(session)
  })

  it("cancelForMedusa: a payment the settling ended already is recorded as it ended, without a call", async () => {
    const s = await store()
    const { pid, data } = await authorized(s)
    Object.assign(s.ledgerRow(pid), { status: "refunded" })
    const before = live.requests.length
    expect(await cancelForMedusa(s.op, data)).toEqual({ ...data, cancelled: false })
    Object.assign(s.ledgerRow(pid), { status: "cancelled" })
    expect(await cancelForMedusa(s.op, data)).toEqual({ ...data, cancelled: true })
    expect(live.requests.length).toBe(before)
  })

  it("cancelForMedusa: a charged payment is refunded in full and recorded on its order", async () => {
    const s = await store()
    const { pid, data } = await authorized(s)
    Object.assign(s.ledgerRow(pid), { status: "ordered", order_id: "order_1" })
    expect(await cancelForMedusa(s.op, data)).toEqual({ ...data, cancelled: false })
    expect(s.ledgerRow(pid)).toMatchObject({
      status: "refunded",
      order_id: "order_1",
      reason: "its payment was cancelled in Medusa",
      refunded_amount: 30000,
    })
  })

  it("cancelForMedusa: a payment nothing was taken of is cancelled; one the ledger never held too", async () => {
    const s = await store()
    const pid = await payAtShipmentPayment(live, s.db)
    live.accept(pid, { notify: false })
    Object.assign(s.ledgerRow(pid), { status: "ordered", order_id: "order_1" })
    const data = { bnpl_payment_id: pid, session_id: "payses_1" } as any
    expect(await cancelForMedusa(s.op, data)).toEqual({ ...data, cancelled: true })
    expect(s.ledgerRow(pid)).toMatchObject({ status: "cancelled", order_id: "order_1" })
    // Made before the ledger existed: settled at the service all the same.
    const other = await payAtShipmentPayment(live, s.db)
    s.db.tables.bnpl_payment = s.db.tables.bnpl_payment.filter((r) => r.bnpl_payment_id !== other)
    expect(await cancelForMedusa(s.op, { bnpl_payment_id: other } as any)).toEqual({
      bnpl_payment_id: other,
      cancelled: true,
    })
  })

  it("cancelForMedusa: a failure fails Medusa's cancel, the payment left to the job on its order", async () => {
    const s = await store()
    const { pid, data } = await authorized(s)
    Object.assign(s.ledgerRow(pid), { status: "ordered", order_id: "order_1" })
    live.setFault({ match: { path: `/v1/payments/${pid}` }, status: 503, count: 100 })
    await expect(cancelForMedusa(s.op, data)).rejects.toMatchObject({ code: "unavailable" })
    expect(s.ledgerRow(pid)).toMatchObject({
      status: "to_settle",
      order_id: "order_1",
      reason: "its payment was cancelled in Medusa",
    })
  })

  it("cancelQuietly: one short attempt to cancel; a failure is logged, never thrown", async () => {
    const s = await store()
    const pid = await payAtShipmentPayment(live, s.db)
    expect(live.payments.get(pid).expired_at).toBeFalsy()
    await cancelQuietly(s.op, pid)
    expect(live.payments.get(pid).expired_at).toBeTruthy() // not accepted: it expires now
    const other = await payAtShipmentPayment(live, s.db)
    live.setFault({ match: { path: `/v1/payments/${other}` }, status: 503, count: 10 })
    await cancelQuietly(s.op, other)
    expect(s.calls(other, "PUT")).toBe(1) // not retried (a cancel is, by default)
    expect(s.warnings).toEqual([expect.stringMatching(new RegExp(`^BNPL payment ${other} was not cancelled`))])
  })

  it("cancelForMedusa: a payment the ledger never held, its cancel failing, fails Medusa's cancel with the service's error", async () => {
    const s = await store()
    const { pid, data } = await authorized(s)
    s.db.tables.bnpl_payment = []
    live.setFault({ match: { path: `/v1/payments/${pid}` }, status: 503, count: 100 })
    await expect(cancelForMedusa(s.op, data)).rejects.toMatchObject({ code: "unavailable" })
    expect(s.db.tables.bnpl_payment).toEqual([])
  })

  it("endPayment: a payment the ledger never held is left alone", async () => {
    const s = await store()
    const before = live.requests.length
    await endPayment(s.op, "pid_unknown", "its payment session was deleted")
    expect(live.requests.length).toBe(before)
    expect(s.warnings).toEqual([])
  })
})
