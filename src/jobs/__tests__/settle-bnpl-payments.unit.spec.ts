// The settle job's module graph reaches Medusa's core flows; none run here.

import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { settleBnplPaymentsAt } from "../settle-bnpl-payments"
import { markToSettle } from "../../modules/bnpl/ledger"
import { liveSandbox, liveStore, plainContainer } from "../../__tests__/helpers/review-store"
import BnplProviderService from "../../providers/bnpl/service"

/**
 * The settle job's own decisions, each against the service over HTTP and the in-memory
 * database: an account whose service is down is left until the next run after its first
 * failure, and a cart being completed is waited for 2 s at most. The mutation run
 * (docs/figures.md, "Mutation testing") found both untested.
 */
describe("the settle job", () => {
  const live = liveSandbox()
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

  function setUp(locking?: unknown) {
    live.reset()
    const { db, injected, providerOptions, getOptions } = liveStore(live)
    const provider = new BnplProviderService(injected, providerOptions)
    const container = plainContainer(db, { bnpl: { getOptions }, ...(locking ? { locking } : {}) })
    const status = (pid: string) => db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!.status
    return { db, provider, container, status }
  }
  const serviceCallsFor = (pid: string) => live.requests.filter((r: any) => r.path.includes(pid)).length

  it("an account whose service is unavailable: one attempt this run, the others wait for the next", async () => {
    const { db, provider, container, status } = setUp()
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
    expect([status(first), status(second)]).toEqual(["refunded", "refunded"])
  })

  it("a cart being completed (its lock held) is waited for 2 s at most: its payment is left to the next run", async () => {
    // Medusa's in-memory locking: a caller waits `timeout` seconds for a held key (5 when not given).
    const locking = new InMemoryLockingProvider()
    const { provider, container, status } = setUp(locking)
    const pid = await paidPayment(provider, "payses_1", "cart_1")
    // Cart completion holds the cart's lock for 3.5 s.
    let completing = true
    const completion = locking.execute(
      "cart_1",
      () => new Promise<void>((done) => setTimeout(() => ((completing = false), done()), 3_500))
    )
    // The job finds the payment's page expired and no order holding it: it waits for the cart,
    // gives up before the completion ends, and settles nothing.
    await settleBnplPaymentsAt(container, LATER())
    expect({ completing, status: status(pid) }).toEqual({ completing: true, status: "open" })
    await completion
    // The next run, with the cart free: no order holds it, so it is claimed and refunded.
    await settleBnplPaymentsAt(container, LATER())
    expect(status(pid)).toBe("refunded")
  })
})
