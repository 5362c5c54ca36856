import { forgetProcessMemory } from "../../../lib/infrastructure/process-memory"
import { suiteSandbox } from "../../../__tests__/helpers/sandbox"
import { liveStore, payAtShipmentPayment, plainContainer, quiet } from "../../../__tests__/helpers/review-store"
import { fillMissingDeadlines, orderHoldsPayment, payAtShipmentDeadline } from "../utils/trigger-deadline"

const KEY = "sk_live_deadline_unit_00000000000"
const DAY = 86_400_000

/**
 * A pay-at-shipment order's deadline (trigger-deadline.ts), against the sandbox (an account
 * selling 3x at shipment with 14 days to start it) and the unit tests' PostgreSQL stand-in: read
 * from the account's plans only for a pay-at-shipment payment without one, the default for an
 * older account that lists no plans, none while the service cannot say.
 */
describe("a pay-at-shipment order's deadline (trigger-deadline.ts)", () => {
  const live = suiteSandbox({
    merchants: { [KEY]: { name: "Live Store", plans: { "3x": { trigger_limit_days: 14 } } } },
  })
  afterEach(() => live.clearFaults())

  async function store() {
    forgetProcessMemory() // the account's plans kept in this process
    const { db, getOptions } = liveStore(live, KEY)
    const pid = await payAtShipmentPayment(live, db, KEY)
    const errors: string[] = []
    const container = plainContainer(db, {
      bnpl: { getOptions },
      logger: { ...quiet, error: (m: string) => errors.push(m) },
    })
    const row = () => db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!
    const plansReads = () => live.requests.filter((r: any) => r.path === "/v1/me/fee-plans").length
    return { db, pid, container, row, errors, plansReads }
  }
  const days = (from: Date, to: Date) => Math.round((new Date(to).getTime() - from.getTime()) / DAY)

  it("the account's limit for the plan, from the session's count when the caller does not say it", async () => {
    const s = await store()
    s.db.tables.payment_session.push({ id: "payses_1", data: { installments_count: 3 }, deleted_at: null })
    const placedAt = new Date()
    await payAtShipmentDeadline(s.container, s.pid, "order_1", placedAt)
    expect(s.row()).toMatchObject({ order_id: "order_1" })
    expect(days(placedAt, s.row().trigger_deadline)).toBe(14)
  })

  it("an older account that lists no plans: the default 30 days", async () => {
    const s = await store()
    live.setFault({ match: { method: "GET", path: "/v1/me/fee-plans" }, status: 404, count: 10 })
    const placedAt = new Date()
    await payAtShipmentDeadline(s.container, s.pid, "order_1", placedAt, 3)
    expect(days(placedAt, s.row().trigger_deadline)).toBe(30)
  })

  it("none while the service cannot say; the job reads it again and counts what is still unknown", async () => {
    const s = await store()
    Object.assign(s.row(), { status: "ordered", order_id: "order_1" })
    live.setFault({ match: { method: "GET", path: "/v1/me/fee-plans" }, status: 503, count: 100 })
    await payAtShipmentDeadline(s.container, s.pid, "order_1", new Date(), 3)
    expect(s.row().trigger_deadline ?? null).toBeNull()
    forgetProcessMemory()
    expect(await fillMissingDeadlines(s.container)).toBe(1)
    live.clearFaults()
    forgetProcessMemory()
    s.db.tables.payment_session.push({ id: "payses_1", data: { installments_count: 3 }, deleted_at: null })
    expect(await fillMissingDeadlines(s.container)).toBe(0)
    expect(days(new Date(s.row().created_at), s.row().trigger_deadline)).toBe(14)
  })

  it("the plans are not read for a payment paid now, one with its deadline, or one the ledger does not hold", async () => {
    const s = await store()
    const before = s.plansReads()
    Object.assign(s.row(), { pay_at_shipment: false })
    await payAtShipmentDeadline(s.container, s.pid, "order_1", new Date(), 3)
    Object.assign(s.row(), { pay_at_shipment: true, trigger_deadline: new Date(0) })
    await payAtShipmentDeadline(s.container, s.pid, "order_1", new Date(), 3)
    await payAtShipmentDeadline(s.container, "pid_unknown", "order_1", new Date(), 3)
    expect(s.plansReads()).toBe(before)
    expect(s.row().trigger_deadline).toEqual(new Date(0))
    expect(s.row().order_id ?? null).toBeNull()
  })

  it("orderHoldsPayment: the order named, its deadline from the payment's creation, and what it went through told", async () => {
    const s = await store()
    Object.assign(s.row(), { status: "authorized" })
    await orderHoldsPayment(s.container, s.pid, "order_1")
    expect(s.row()).toMatchObject({ status: "ordered", order_id: "order_1" })
    expect(days(new Date(s.row().created_at), s.row().trigger_deadline)).toBe(30) // no count: the default plan
    // Telling what it went through needs Medusa's Query, which this container lacks: logged, never thrown.
    expect(s.errors).toEqual([expect.stringMatching(/^BNPL order order_1: what it went through while its payment/)])
  })

  it("orderHoldsPayment: a payment the ledger ended or does not hold gets neither a deadline nor a catch-up", async () => {
    const s = await store()
    Object.assign(s.row(), { status: "to_settle" })
    const before = s.plansReads()
    await orderHoldsPayment(s.container, s.pid, "order_1")
    await orderHoldsPayment(s.container, "pid_unknown", "order_1")
    expect(s.row().status).toBe("to_settle")
    expect([s.row().trigger_deadline ?? null, s.row().order_id ?? null]).toEqual([null, null])
    expect(s.plansReads()).toBe(before)
    expect(s.errors).toEqual([])
  })

  it("a payment of an account no longer configured (its mode's key removed): no deadline, nothing thrown", async () => {
    const s = await store()
    Object.assign(s.row(), { mode: "test" }) // the store has only its live account
    const before = s.plansReads()
    await payAtShipmentDeadline(s.container, s.pid, "order_1", new Date(), 3)
    expect(s.row().trigger_deadline ?? null).toBeNull()
    expect(s.plansReads()).toBe(before)
  })
})
