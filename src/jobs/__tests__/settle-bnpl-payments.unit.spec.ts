// Medusa's own flows are not run here: the late acceptance's processPaymentWorkflow is where
// Medusa creates the order's payment; the plugin listens to no event of it.
jest.mock("@medusajs/medusa/core-flows", () =>
  require("../../__tests__/helpers/core-flows-with").coreFlowsWith({
    processPaymentWorkflow: () => ({ run: async () => ({ result: undefined }) }),
  })
)

import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import settleBnplPayments, { config, settleBnplPaymentsAt } from "../settle-bnpl-payments"
import { markToSettle } from "../../modules/bnpl/ledger"
import { memoryMessages } from "../../__tests__/helpers/memory-messages"
import { liveSandbox, liveStore, plainContainer } from "../../__tests__/helpers/review-store"
import { medusaAuthorized, placedAwaitingReview } from "../../__tests__/helpers/medusa-writes"
import BnplProviderService from "../../providers/bnpl/service"

/**
 * The settle job's own decisions, each against the service over HTTP and the in-memory
 * database: who holds an expired payment (an order, an order awaiting the service's review, a
 * Medusa payment without an order, nobody), read again under the cart's lock, waited for 2 s
 * at most; an account whose service is down left until the next run after its first failure,
 * other failures not; an account changed after a 404; an account without a key left alone; an
 * earlier payment recorded on its cart's later order only. The mutation run (docs/figures.md,
 * "Mutation testing") found these untested (the model's locking runs every job at once and its
 * accounts always have a key).
 */
describe("the settle job", () => {
  const live = liveSandbox()
  /** Two hours on: every payment page of the test has expired. */
  const LATER = () => Date.now() + 2 * 3600_000

  /** The customer's 300 € in 3 on session `sessionId` of cart `cartId`, accepted at the service: its id. */
  async function paidPayment(provider: BnplProviderService, sessionId: string, cartId: string) {
    const session = await provider.initiatePayment({
      amount: 300,
      currency_code: "eur",
      data: { session_id: sessionId, installments_count: 3, checkout: { cart_id: cartId, email: "a@b.test" } },
    } as any)
    live.accept(session.id, { notify: false })
    return session.id as string
  }

  /** A store over the in-memory database; `locking`: Medusa's in-memory locking (default: every job at once). */
  function setUp({ locking, query }: { locking?: unknown; query?: unknown } = {}) {
    live.reset()
    live.clearFaults()
    const { db, injected, providerOptions, getOptions } = liveStore(live)
    const provider = new BnplProviderService(injected, providerOptions)
    const container = plainContainer(db, {
      bnpl: { ...memoryMessages(), getOptions },
      ...(locking ? { locking } : {}),
      ...(query ? { query } : {}),
    })
    const row = (pid: string) => db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!
    return { db, provider, container, row, getOptions }
  }
  const serviceCallsFor = (pid: string) => live.requests.filter((r: any) => r.path.includes(pid)).length
  /**
   * Medusa's in-memory locking, as the job meets it, and a cart completion holding `cart_1`'s lock
   * until the test lets it go (`finish`): no timer decides who goes first. `asked` is what each
   * caller asked of the lock; `waiting` resolves when the job asks for the cart's lock. The
   * provider waits at least 1 s for a held key whatever the timeout: the job's wait is given that
   * 1 s (its asked timeout is checked instead).
   */
  function lockedCart() {
    const inner = new InMemoryLockingProvider()
    const asked: unknown[] = []
    let jobWaits!: () => void
    const waiting = new Promise<void>((r) => (jobWaits = r))
    const locking = {
      execute: (keys: string, job: () => Promise<unknown>, args?: { timeout?: number }) => {
        asked.push(args)
        jobWaits()
        return inner.execute(keys, job, { ...args, timeout: 1 })
      },
    }
    let finish!: (placed?: () => void) => void
    const state = { done: false }
    const released = new Promise<(() => void) | undefined>((r) => (finish = r))
    const held = inner.execute("cart_1", async () => {
      ;(await released)?.()
      state.done = true
    })
    return { locking, asked, waiting, completion: { state, held, finish } }
  }

  it("Medusa runs it every minute, under its own name", () => {
    expect(config).toEqual({ name: "bnpl-settle-payments", schedule: "* * * * *" })
  })

  it("a payment page still open (60 minutes, and 5 for its last notification) is left alone", async () => {
    const { provider, container, row } = setUp()
    const pid = await paidPayment(provider, "payses_1", "cart_1")
    const created = row(pid).created_at.getTime()
    await settleBnplPaymentsAt(container, created + 30 * 60_000)
    await settleBnplPaymentsAt(container, created + 64 * 60_000)
    expect(row(pid).status).toBe("open")
    await settleBnplPaymentsAt(container, created + 65 * 60_000)
    expect(row(pid).status).toBe("refunded")
  })

  it("Medusa's scheduled run settles what is due now", async () => {
    const { db, provider, container, row } = setUp()
    const pid = await paidPayment(provider, "payses_1", "cart_1")
    await markToSettle(db.knex, pid, "its payment session was deleted", { dueAt: new Date(0) })
    await settleBnplPayments(container)
    expect(row(pid).status).toBe("refunded")
  })

  describe("an expired payment, by who holds it", () => {
    it("nobody: claimed to settle, with its reason for the merchant, and refunded in the same run", async () => {
      const { provider, container, row } = setUp()
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      await settleBnplPaymentsAt(container, LATER())
      expect(row(pid)).toMatchObject({
        status: "refunded",
        reason: "no order holds it after its payment page expired",
      })
    })

    it("a Medusa payment no order holds (the completion failed after authorizing it): refunded", async () => {
      const { db, provider, container, row } = setUp()
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      await provider.authorizePayment({ data: { bnpl_payment_id: pid } } as any)
      db.tables.payment.push({
        id: "pay_1",
        payment_session_id: "payses_1",
        payment_collection_id: "paycol_1",
        canceled_at: null,
        deleted_at: null,
      })
      await settleBnplPaymentsAt(container, LATER())
      expect(row(pid).status).toBe("refunded")
    })

    it("an order, while its cart's lock is held: the order's at once, without waiting for the lock", async () => {
      const { locking, asked, completion } = lockedCart()
      const { db, provider, container, row } = setUp({ locking })
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      medusaAuthorized(db, { sessionId: "payses_1", orderId: "order_1" })
      await settleBnplPaymentsAt(container, LATER())
      expect({ completing: !completion.state.done, asked, ...pick(row(pid)) }).toEqual({
        completing: true,
        asked: [],
        status: "ordered",
        order_id: "order_1",
      })
      completion.finish()
      await completion.held
    })

    it("a cart completed while the job waited for its lock: the new order's", async () => {
      const { locking, waiting, completion } = lockedCart()
      const { db, provider, container, row } = setUp({ locking })
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      // The job reads that no order holds it, then waits for the cart; the order is placed meanwhile.
      const run = settleBnplPaymentsAt(container, LATER())
      await waiting
      completion.finish(() => medusaAuthorized(db, { sessionId: "payses_1", orderId: "order_1" }))
      await run
      await completion.held
      expect(pick(row(pid))).toEqual({ status: "ordered", order_id: "order_1" })
    })

    it("an order placed awaiting the service's review while the job waited for the lock: left to that order", async () => {
      const { locking, waiting, completion } = lockedCart()
      const { db, provider, container, row } = setUp({ locking })
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      live.payments.get(pid).state = "scored_maybe"
      const run = settleBnplPaymentsAt(container, LATER())
      await waiting
      completion.finish(() => placedAwaitingReview(db))
      await run
      await completion.held
      expect(row(pid).status).toBe("open")
    })

    it("a cart being completed (its lock held) is waited for 2 s at most: the payment is left to the next run", async () => {
      const { locking, asked, completion } = lockedCart()
      const { provider, container, row } = setUp({ locking })
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      // The job finds the payment's page expired and no order holding it: it waits for the cart,
      // gives up while the completion still holds it, and settles nothing.
      await settleBnplPaymentsAt(container, LATER())
      expect({ completing: !completion.state.done, asked, status: row(pid).status }).toEqual({
        completing: true,
        asked: [{ timeout: 2 }],
        status: "open",
      })
      completion.finish()
      await completion.held
      // The next run, with the cart free: no order holds it, so it is claimed and refunded.
      await settleBnplPaymentsAt(container, LATER())
      expect(row(pid).status).toBe("refunded")
    })

    it("an order awaiting the service's review: checked again after a backoff while the service reviews or cannot answer", async () => {
      const { db, provider, container, row } = setUp()
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      live.payments.get(pid).state = "scored_maybe"
      placedAwaitingReview(db)
      const first = LATER()
      await settleBnplPaymentsAt(container, first)
      expect(pick(row(pid), "status", "attempts", "next_attempt_at")).toEqual({
        status: "open",
        attempts: 1,
        next_attempt_at: new Date(first + 60_000),
      })
      // Not due before then.
      await settleBnplPaymentsAt(container, first + 59_000)
      expect(row(pid).attempts).toBe(1)
      // Due: the service cannot answer; checked again after a longer backoff, never taken as the order's.
      live.setFault({ match: { path: `/v1/payments/${pid}` }, status: 503, count: 10 })
      await settleBnplPaymentsAt(container, first + 60_000)
      expect(pick(row(pid), "status", "attempts", "next_attempt_at")).toEqual({
        status: "open",
        attempts: 2,
        next_attempt_at: new Date(first + 60_000 + 120_000),
      })
      // Accepted: the order's.
      live.clearFaults()
      live.payments.get(pid).state = "in_progress"
      await settleBnplPaymentsAt(container, first + 180_000)
      expect(pick(row(pid))).toEqual({ status: "ordered", order_id: "order_1" })
    })
  })

  describe("payments to settle", () => {
    it("an account whose service is unavailable: one attempt this run, the others wait for the next", async () => {
      const { db, provider, container, row } = setUp()
      const first = await paidPayment(provider, "payses_1", "cart_1")
      const second = await paidPayment(provider, "payses_2", "cart_2")
      for (const pid of [first, second]) {
        await markToSettle(db.knex, pid, "its payment session was deleted", { dueAt: new Date(0) })
      }
      live.requests.length = 0
      live.setFault({ match: { path: "/v1/payments/" }, status: 503, count: 100 })
      await settleBnplPaymentsAt(container, Date.now())
      // One payment was tried and failed; the other was not asked for at all.
      expect([serviceCallsFor(first), serviceCallsFor(second)].sort()).toEqual([0, 1])

      live.clearFaults()
      await settleBnplPaymentsAt(container, LATER())
      expect([row(first).status, row(second).status]).toEqual(["refunded", "refunded"])
    })

    it("another failure (a payment the account does not know) does not hold back the account's other payments", async () => {
      const { db, provider, container, row } = setUp()
      const first = await paidPayment(provider, "payses_1", "cart_1")
      const second = await paidPayment(provider, "payses_2", "cart_2")
      await markToSettle(db.knex, first, "its payment session was deleted", { dueAt: new Date(0) })
      await markToSettle(db.knex, second, "its payment session was deleted", { dueAt: new Date(1000) })
      live.setFault({ match: { path: `/v1/payments/${first}` }, status: 404, count: 10 })
      await settleBnplPaymentsAt(container, Date.now())
      expect([row(first).status, row(second).status]).toEqual(["failed", "refunded"])
    })

    it("a payment the account did not know (404) is settled again once the account changed", async () => {
      const { db, provider, container, row } = setUp()
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      await markToSettle(db.knex, pid, "its payment session was deleted", { dueAt: new Date(0) })
      // Failed earlier with another key (another account's fingerprint).
      Object.assign(row(pid), { status: "failed", failed_account: "0123456789abcdef", attempts: 1 })
      // Due at once: the next run (a minute later) settles it.
      await settleBnplPaymentsAt(container, Date.now() + 60_000)
      expect(pick(row(pid), "status", "failed_account")).toEqual({ status: "refunded", failed_account: null })
    })

    it("an account without a key: its payments wait, nothing is attempted or counted", async () => {
      const { db, provider, container, row, getOptions } = setUp()
      expect((await getOptions("test")).apiKey).toBeFalsy()
      const pid = await paidPayment(provider, "payses_1", "cart_1")
      await markToSettle(db.knex, pid, "its payment session was deleted", { dueAt: new Date(0) })
      row(pid).mode = "test"
      await settleBnplPaymentsAt(container, Date.now())
      expect({ ...pick(row(pid), "status", "attempts"), last_error: row(pid).last_error ?? null }).toEqual({
        status: "to_settle",
        attempts: 0,
        last_error: null,
      })
    })

    it("Medusa's records of a later order of the cart are read only for a payment ended without an order of its own", async () => {
      const reads: unknown[] = []
      // Medusa's Query: any order it is asked for (as it answers a filter left undefined: every order).
      const query = {
        graph: async (q: unknown) => (reads.push(q), { data: [{ id: "order_9", currency_code: "eur" }] }),
      }
      const { db, provider, container, row } = setUp({ query })
      // A payment of a cart that has no order, and one whose own order was cancelled.
      const orphan = await paidPayment(provider, "payses_1", "cart_1")
      const cancelled = await paidPayment(provider, "payses_2", "cart_2")
      db.tables.order_cart.push({ cart_id: "cart_2", order_id: "order_2", deleted_at: null })
      for (const pid of [orphan, cancelled]) {
        await markToSettle(db.knex, pid, "no order holds it", { dueAt: new Date(0) })
      }
      row(cancelled).order_id = "order_2"
      await settleBnplPaymentsAt(container, Date.now())
      expect({ settled: [row(orphan).status, row(cancelled).status], order_reads: reads }).toEqual({
        settled: ["refunded", "refunded"],
        order_reads: [],
      })
    })
  })
})

function pick(row: Record<string, unknown>, ...keys: string[]) {
  const wanted = keys.length ? keys : ["status", "order_id"]
  return Object.fromEntries(wanted.map((k) => [k, row[k]]))
}
