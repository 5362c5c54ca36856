import type { Harness, Plan } from "./harness"
import { attempt, Base, live, type Model } from "./commands-base"

/** The model's commands of a customer at checkout, and of the service's notifications. */

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
