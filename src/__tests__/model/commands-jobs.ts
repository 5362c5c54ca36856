import type { Harness } from "./harness"
import { attempt, Base, type Model } from "./commands-base"

/** The model's commands of the scheduled jobs, the clock, the store's mode, and faults. */

const MINUTE = 60_000

export class RunJob extends Base {
  constructor(readonly job: "settle" | "retry" | "warn" | "close links") {
    super()
  }
  check() {
    return true
  }
  async act(h: Harness) {
    const run = {
      settle: () => h.runSettleJob(),
      retry: () => h.runRetryJob(),
      warn: () => h.runWarnJob(),
      "close links": () => h.runCloseLinksJob(),
    }[this.job]
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

/**
 * The service fails the next calls about a cart's payment: 5xx, an answer lost (processed,
 * unreadable), a dropped connection; or the next reads of the account's plans (`plans`:
 * `GET /v1/me/fee-plans`, what a pay-at-shipment order's deadline is counted from).
 */
export class Fault extends Base {
  constructor(
    readonly cart: number,
    readonly endpoint: "fetch" | "refund" | "cancel" | "trigger" | "orders" | "any" | "plans",
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
      plans: { method: "GET", path: "/v1/me/fee-plans" },
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
    const what = this.endpoint === "plans" ? "the account's plans" : `cart ${this.cart} ${this.endpoint}`
    return `Fault(${what}: ${this.kind} x${this.count})`
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
