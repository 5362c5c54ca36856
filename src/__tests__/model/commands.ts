import fc from "fast-check"
import type { Harness, Plan } from "./harness"
import type { MOrder } from "./medusa"

/**
 * The commands of the model: what a customer, the shop (the merchant in Medusa's admin, and
 * Medusa itself), the service, the clock and faults can do to one payment's life. The model is
 * a plain object (how many carts and orders there are, so that a command about one has
 * something to act on); the real system is the harness. A command whose target is not there
 * in the real system (no order to ship...) does nothing; what Medusa or the service refuses
 * (an error) is part of the life too and only noted.
 */
export type Model = { carts: number; openCarts: number; orders: number; openOrders: number }
type Cmd = fc.AsyncCommand<Model, Harness>

const MINUTE = 60_000

/** Runs a step, noting its outcome; what Medusa or the service refuses is part of the model. */
async function attempt(h: Harness, what: string, step: () => Promise<unknown>) {
  try {
    const out = await step()
    h.note(`${what}: ${out === undefined ? "ok" : String(out)}`)
  } catch (e) {
    h.note(`${what}: refused (${(e as Error).message.slice(0, 160)})`)
  }
}

abstract class Base implements Cmd {
  abstract check(m: Readonly<Model>): boolean
  abstract act(h: Harness): Promise<void>
  abstract toString(): string
  async run(m: Model, h: Harness) {
    const started = performance.now()
    await this.act(h)
    h.timings.push([this.constructor.name, performance.now() - started])
    m.carts = h.medusa.carts.length
    m.openCarts = h.medusa.carts.filter((c) => !h.medusa.orderOfCart(c.id)).length
    m.orders = h.medusa.orders.length
    m.openOrders = h.medusa.orders.filter(open).length
  }
}

const open = (o: MOrder) => o.status !== "canceled"
const live = (o: MOrder) => o.collection.payments.filter((p) => !p.canceled_at)

// ---------------------------------------------------------------- customer and checkout

export class Checkout extends Base {
  constructor(
    readonly amount: number,
    readonly plan: Plan
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.carts < 4
  }
  async act(h: Harness) {
    await attempt(h, this.toString(), async () => {
      const cart = h.medusa.createCart(this.amount)
      await h.choosePlan(cart, this.plan)
      return `${cart.id} ${cart.pids.at(-1)}`
    })
  }
  toString() {
    return `Checkout(${this.amount} €, ${this.plan})`
  }
}

/** Another plan for a cart not completed yet: a new session (and payment), the old one deleted. */
export class ChoosePlan extends Base {
  constructor(
    readonly cart: number,
    readonly plan: Plan
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openCarts > 0
  }
  async act(h: Harness) {
    const cart = h.cart(this.cart, (c) => !c.completed_at)
    if (!cart) return
    await attempt(h, `${this} on ${cart.id}`, async () => {
      await h.choosePlan(cart, this.plan)
      return cart.pids.at(-1)
    })
  }
  toString() {
    return `ChoosePlan(cart ${this.cart}, ${this.plan})`
  }
}

/** On the hosted page: the customer accepts or refuses; or the service puts it under review. */
export class Customer extends Base {
  constructor(
    readonly cart: number,
    readonly action: "accepts" | "refuses" | "is reviewed",
    readonly which: "current" | "previous"
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.carts > 0
  }
  async act(h: Harness) {
    const cart = h.cart(this.cart)
    const pid = cart && h.pidOf(cart, this.which)
    if (!pid) return
    await attempt(h, `${this} ${pid}`, async () => {
      if (this.action === "accepts") h.sandbox.accept(pid, { notify: false })
      else if (this.action === "refuses") h.sandbox.refuse(pid)
      else {
        const payment = h.servicePayment(pid)
        if (payment.state === "not_started" && payment.expired_at == null) payment.state = "scored_maybe"
      }
      return h.servicePayment(pid).state
    })
  }
  toString() {
    return `Customer(cart ${this.cart} ${this.which} payment ${this.action})`
  }
}

/**
 * The customer comes back and the storefront completes the cart (or the cart completion fails
 * after the payment was authorized; with the service down from that moment: Medusa's
 * compensation cannot cancel the payment at the service).
 */
export class Complete extends Base {
  constructor(
    readonly cart: number,
    readonly failure: "none" | "after authorization" | "after authorization, service down"
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.carts > 0
  }
  async act(h: Harness) {
    // A cart not completed yet (completing one again answers its order).
    const cart = h.cart(this.cart, (c) => !h.medusa.orderOfCart(c.id)) ?? h.cart(this.cart)
    if (!cart) return
    const down = this.failure === "after authorization, service down"
    await attempt(h, `${this} ${cart.id}`, async () => {
      const order = await h.medusa.completeCart(cart, {
        failAfterAuthorization: this.failure !== "none",
        // Down for maintenance: 503 with a Retry-After the client does not wait for.
        duringCompensation: down
          ? () => h.sandbox.setFault({ match: { path: "/v1/" }, status: 503, retryAfter: 3600, count: 100 })
          : undefined,
        afterCompensation: down ? () => h.sandbox.clearFaults() : undefined,
      })
      return `${order.id} (payment ${live(order).length ? "authorized" : "awaiting"})`
    })
  }
  toString() {
    return `Complete(cart ${this.cart}${this.failure === "none" ? "" : `, fails ${this.failure}`})`
  }
}

/** The service's notification: a real one (late or not), repeated, or a forged pid. */
export class Notify extends Base {
  constructor(
    readonly cart: number,
    readonly kind: "current" | "previous" | "repeated" | "forged pid" | "forged pid, no token"
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.carts > 0 || this.kind.startsWith("forged")
  }
  async act(h: Harness) {
    if (this.kind.startsWith("forged")) {
      const pid = `payment_forged${String(h.forgedPids.length).padStart(10, "0")}`
      h.forgedPids.push(pid)
      const token = this.kind === "forged pid" ? h.db.tables.bnpl_notification_secret[0]?.token : undefined
      const res = await h.notify(pid, token)
      h.note(`${this}: ${res.statusCode}`)
      return
    }
    const cart = h.cart(this.cart)
    const pid = cart && h.pidOf(cart, this.kind === "previous" ? "previous" : "current")
    if (!pid) return
    for (let i = 0; i < (this.kind === "repeated" ? 2 : 1); i++) {
      const res = await h.notify(pid, h.tokenOf(pid))
      h.note(`${this} ${pid}: ${res.statusCode} ${res.body?.result ?? ""} ${res.body?.message ?? ""}`)
    }
  }
  toString() {
    return `Notify(${this.kind.startsWith("forged") ? this.kind : `cart ${this.cart}, ${this.kind}`})`
  }
}

// ---------------------------------------------------------------- the shop

export class CancelOrder extends Base {
  constructor(readonly order: number) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  async act(h: Harness) {
    const order = h.order(this.order, open)
    if (!order) return
    await attempt(h, `${this} ${order.id}`, () => h.medusa.cancelOrder(order.id))
  }
  toString() {
    return `CancelOrder(${this.order})`
  }
}

export class Fulfil extends Base {
  constructor(readonly order: number) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  async act(h: Harness) {
    const order = h.order(this.order, open)
    if (!order) return
    await attempt(h, `${this} ${order.id}`, async () => (await h.medusa.fulfil(order)).id)
  }
  toString() {
    return `Fulfil(${this.order})`
  }
}

const unshipped = (o: MOrder) => o.fulfillments.filter((f) => !f.canceled_at && !f.shipped_at && !f.delivered_at)

export class Ship extends Base {
  constructor(readonly order: number) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  async act(h: Harness) {
    const order = h.order(this.order, (o) => open(o) && unshipped(o).length > 0)
    if (!order) return
    const f = unshipped(order)[0]
    await attempt(h, `${this} ${order.id} ${f.id}`, () => h.medusa.ship(order, f))
  }
  toString() {
    return `Ship(${this.order})`
  }
}

/** Mark as delivered: a shipped fulfillment, or one never shipped (a pickup: "Mark as picked up"). */
export class Deliver extends Base {
  constructor(
    readonly order: number,
    readonly which: "shipped" | "not shipped"
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  async act(h: Harness) {
    const candidates = (o: MOrder) =>
      o.fulfillments.filter(
        (f) => !f.canceled_at && !f.delivered_at && (this.which === "shipped" ? !!f.shipped_at : !f.shipped_at)
      )
    const order = h.order(this.order, (o) => open(o) && candidates(o).length > 0)
    if (!order) return
    const f = candidates(order)[0]
    await attempt(h, `${this} ${order.id} ${f.id}`, () => h.medusa.deliver(order, f))
  }
  toString() {
    return `Deliver(${this.order}, ${this.which === "shipped" ? "shipped" : "picked up without shipping"})`
  }
}

export class CancelFulfillment extends Base {
  constructor(readonly order: number) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  async act(h: Harness) {
    const order = h.order(this.order, (o) => open(o) && unshipped(o).length > 0)
    if (!order) return
    const f = unshipped(order)[0]
    await attempt(h, `${this} ${order.id} ${f.id}`, () => h.medusa.cancelFulfillment(order, f))
  }
  toString() {
    return `CancelFulfillment(${this.order})`
  }
}

/** The merchant captures an authorized payment from the admin. */
export class Capture extends Base {
  constructor(readonly order: number) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  async act(h: Harness) {
    const order = h.order(this.order, (o) => open(o) && live(o).some((p) => !p.captured_at))
    if (!order) return
    const payment = live(order).find((p) => !p.captured_at)!
    await attempt(h, `${this} ${order.id} ${payment.id}`, () => h.medusa.captureWorkflow(payment.id).then(() => "ok"))
  }
  toString() {
    return `Capture(${this.order})`
  }
}

/**
 * A refund from the admin (a return). `twice`: two refunds of the same amount started together,
 * as Medusa 2.21 runs them: both read the payment's data before either finished, each its own
 * refund row (idempotency key); `staggered`: the second's provider call starts once the first
 * one's refund has reached the service (its answer still on the way back).
 */
export class Refund extends Base {
  constructor(
    readonly order: number,
    readonly amount: 50 | 100 | "the rest",
    readonly twice: boolean,
    readonly staggered: boolean
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.orders > 0
  }
  async act(h: Harness) {
    const refundable = (p: any) =>
      p.captures.reduce((s: number, c: any) => s + c.amount, 0) -
      p.refunds.reduce((s: number, r: any) => s + r.amount, 0)
    const order = h.order(this.order, (o) => live(o).some((p) => refundable(p) > 0.005))
    if (!order) return
    const payment = live(order).find((p) => refundable(p) > 0.005)!
    const rest = refundable(payment)
    const amount = this.amount === "the rest" ? rest : this.amount
    if (!this.twice) {
      await attempt(h, `${this} ${payment.id}`, () => h.medusa.refundWorkflow(payment.id, amount).then(() => "ok"))
      return
    }
    const pid = payment.data.bnpl_payment_id
    const atService = () => h.servicePayment(pid)?.refunds.length ?? 0
    const before = atService()
    // Both read the payment first; then each creates its refund row under the payment's lock.
    const a = h.medusa.readForRefund(payment.id)
    const b = h.medusa.readForRefund(payment.id)
    let rowA, rowB
    try {
      rowA = h.medusa.createRefundRow(payment, amount)
      rowB = h.medusa.createRefundRow(payment, amount)
    } catch (e) {
      if (rowA) payment.refunds = payment.refunds.filter((r) => r !== rowA)
      h.note(`${this}: refused (${(e as Error).message})`)
      return
    }
    let aDone = false
    const first = h.medusa
      .refundFromProvider(payment, rowA, a.data)
      .finally(() => (aDone = true))
      .then(
        () => "ok",
        (e) => `refused (${e.message.slice(0, 120)})`
      )
    if (this.staggered) {
      while (!aDone && atService() === before) await new Promise((r) => setTimeout(r, 1))
    }
    const second = h.medusa.refundFromProvider(payment, rowB, b.data).then(
      () => "ok",
      (e) => `refused (${e.message.slice(0, 120)})`
    )
    const [ra, rb] = await Promise.all([first, second])
    h.note(`${this} ${payment.id}: ${ra}, ${rb}`)
  }
  toString() {
    const amount = typeof this.amount === "number" ? `${this.amount} €` : this.amount
    return `Refund(${this.order}, ${amount}${this.twice ? `, twice at once${this.staggered ? " (second after the first reached the service)" : ""}` : ""})`
  }
}

// ---------------------------------------------------------------- jobs, clock, mode, faults

export class RunJob extends Base {
  constructor(readonly job: "settle" | "retry" | "warn") {
    super()
  }
  check() {
    return true
  }
  async act(h: Harness) {
    const run = { settle: () => h.runSettleJob(), retry: () => h.runRetryJob(), warn: () => h.runWarnJob() }[this.job]
    await attempt(h, this.toString(), run)
  }
  toString() {
    return `RunJob(${this.job})`
  }
}

export class AdvanceClock extends Base {
  constructor(readonly minutes: number) {
    super()
  }
  check() {
    return true
  }
  async act(h: Harness) {
    h.advance(this.minutes * MINUTE)
    h.note(`${this}: ${new Date(h.now).toISOString()}`)
  }
  toString() {
    return this.minutes >= 1440 ? `AdvanceClock(${this.minutes / 1440} days)` : `AdvanceClock(${this.minutes} min)`
  }
}

/** The merchant switches the store between its test and live accounts (new payments only). */
export class SwitchMode extends Base {
  check() {
    return true
  }
  async act(h: Harness) {
    h.options.mode = h.options.mode === "live" ? "test" : "live"
    h.note(`${this}: ${h.options.mode}`)
  }
  toString() {
    return "SwitchMode()"
  }
}

/** The service fails the next calls about a cart's payment: 5xx, an answer lost (processed, unreadable), a dropped connection. */
export class Fault extends Base {
  constructor(
    readonly cart: number,
    readonly endpoint: "fetch" | "refund" | "cancel" | "trigger" | "orders" | "any",
    readonly kind: "503" | "503, retry in an hour" | "lost answer" | "dropped",
    readonly count: number
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.carts > 0
  }
  async act(h: Harness) {
    const cart = h.cart(this.cart)
    const pid = cart && h.pidOf(cart)
    if (!pid) return
    const match = {
      fetch: { method: "GET", path: `/v1/payments/${pid}` },
      refund: { method: "POST", path: `/v1/payments/${pid}/refund` },
      cancel: { method: "PUT", path: `/v1/payments/${pid}/cancel` },
      trigger: { method: "POST", path: `/v1/payments/${pid}/trigger` },
      orders: { path: `/v1/payments/${pid}/orders` },
      any: { path: `/v1/payments/${pid}` },
    }[this.endpoint]
    const kind = {
      "503": { status: 503 },
      "503, retry in an hour": { status: 503, retryAfter: 3600 },
      "lost answer": { wrongShape: true },
      dropped: { drop: true },
    }[this.kind]
    h.sandbox.setFault({ match, ...kind, count: this.count })
    h.note(`${this} ${pid}`)
  }
  toString() {
    return `Fault(cart ${this.cart} ${this.endpoint}: ${this.kind} x${this.count})`
  }
}

/** One read of an order fails (a dropped database connection) while the next event is handled. */
export class FailNextOrderRead extends Base {
  check() {
    return true
  }
  async act(h: Harness) {
    h.medusa.failOrderReads++
    h.note(this.toString())
  }
  toString() {
    return "FailNextOrderRead()"
  }
}

// ---------------------------------------------------------------- the generator

const plan = fc.constantFrom<Plan>("3x", "pay at shipment")
/** Which cart or order a command is about: mostly the first, so that one life goes far. */
const ix = fc.constantFrom(0, 0, 0, 0, 1, 1, 2, 3)

/** The sequence's first command: a customer at checkout (every life starts there). */
export const firstCheckout: fc.Arbitrary<Cmd> = fc
  .tuple(fc.constantFrom(60, 300), plan)
  .map(([a, p]) => new Checkout(a, p))

/** The commands and how often each comes (an order's life needs several steps in a row). */
export const commandArbitraries: fc.Arbitrary<Cmd>[] = [
  ...Array(3).fill(fc.tuple(fc.constantFrom(60, 300), plan).map(([a, p]) => new Checkout(a, p))),
  fc.tuple(ix, plan).map(([c, p]) => new ChoosePlan(c, p)),
  ...Array(5).fill(
    fc
      .tuple(
        ix,
        fc.constantFrom<"accepts" | "refuses" | "is reviewed">(
          "accepts",
          "accepts",
          "accepts",
          "accepts",
          "refuses",
          "is reviewed"
        ),
        fc.constantFrom<"current" | "previous">("current", "current", "current", "previous")
      )
      .map(([c, a, w]) => new Customer(c, a, w))
  ),
  ...Array(5).fill(
    fc
      .tuple(
        ix,
        fc.constantFrom<Complete["failure"]>(
          "none",
          "none",
          "none",
          "none",
          "none",
          "after authorization",
          "after authorization, service down"
        )
      )
      .map(([c, f]) => new Complete(c, f))
  ),
  fc
    .tuple(
      ix,
      fc.constantFrom<Notify["kind"]>(
        "current",
        "current",
        "previous",
        "repeated",
        "repeated",
        "forged pid",
        "forged pid, no token"
      )
    )
    .map(([c, k]) => new Notify(c, k)),
  ix.map((o) => new CancelOrder(o)),
  ...Array(3).fill(ix.map((o) => new Fulfil(o))),
  ...Array(3).fill(ix.map((o) => new Ship(o))),
  ...Array(3).fill(
    fc
      .tuple(ix, fc.constantFrom<"shipped" | "not shipped">("shipped", "not shipped"))
      .map(([o, w]) => new Deliver(o, w))
  ),
  ix.map((o) => new CancelFulfillment(o)),
  ix.map((o) => new Capture(o)),
  ...Array(3).fill(
    fc
      .tuple(ix, fc.constantFrom<50 | 100 | "the rest">(50, 100, "the rest"), fc.boolean(), fc.boolean())
      .map(([o, a, t, s]) => new Refund(o, a, t, s))
  ),
  ...Array(2).fill(
    fc.constantFrom<"settle" | "retry" | "warn">("settle", "settle", "retry", "retry", "warn").map((j) => new RunJob(j))
  ),
  fc.constantFrom(2, 30, 70, 240, 27 * 1440).map((m) => new AdvanceClock(m)),
  fc.constant(new SwitchMode()),
  ...Array(2).fill(
    fc
      .tuple(
        ix,
        fc.constantFrom<Fault["endpoint"]>("fetch", "refund", "cancel", "trigger", "orders", "any"),
        fc.constantFrom<Fault["kind"]>(
          "503",
          "503, retry in an hour",
          "503, retry in an hour",
          "lost answer",
          "dropped"
        ),
        fc.integer({ min: 1, max: 2 })
      )
      .map(([c, e, k, n]) => new Fault(c, e, k, n))
  ),
  fc.constant(new FailNextOrderRead()),
]
