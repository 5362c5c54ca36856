import type { Harness } from "./harness"
import type { MOrder } from "./medusa"
import { attempt, Base, live, open, type Model } from "./commands-base"

/** The model's commands of the shop: the merchant in Medusa's admin, and Medusa itself. */

/** A command about one open order (which: `order`), shown as `Name(order)`. */
abstract class OnOpenOrder extends Base {
  constructor(readonly order: number) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  toString() {
    return `${this.constructor.name}(${this.order})`
  }
}

export class CancelOrder extends OnOpenOrder {
  async act(h: Harness) {
    const order = h.order(this.order, open)
    if (!order) return
    await attempt(h, `${this} ${order.id}`, () => h.medusa.cancelOrder(order.id))
  }
}

export class Fulfil extends OnOpenOrder {
  async act(h: Harness) {
    const order = h.order(this.order, open)
    if (!order) return
    await attempt(h, `${this} ${order.id}`, async () => (await h.medusa.fulfil(order)).id)
  }
}

const unshipped = (o: MOrder) => o.fulfillments.filter((f) => !f.canceled_at && !f.shipped_at && !f.delivered_at)

/** `step` on the order's first fulfillment not shipped yet (nothing when it has none). */
async function onUnshipped(
  h: Harness,
  cmd: OnOpenOrder,
  step: (order: MOrder, f: MOrder["fulfillments"][number]) => Promise<unknown>
) {
  const order = h.order(cmd.order, (o) => open(o) && unshipped(o).length > 0)
  if (!order) return
  const f = unshipped(order)[0]
  await attempt(h, `${cmd} ${order.id} ${f.id}`, () => step(order, f))
}

export class Ship extends OnOpenOrder {
  async act(h: Harness) {
    await onUnshipped(h, this, (order, f) => h.medusa.ship(order, f))
  }
}

/** Mark as delivered: a shipped fulfillment, or one never shipped (a pickup: "Mark as picked up"). */
export class Deliver extends OnOpenOrder {
  constructor(
    order: number,
    readonly which: "shipped" | "not shipped"
  ) {
    super(order)
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

export class CancelFulfillment extends OnOpenOrder {
  async act(h: Harness) {
    await onUnshipped(h, this, (order, f) => h.medusa.cancelFulfillment(order, f))
  }
}

/** The merchant captures an authorized payment from the admin. */
export class Capture extends OnOpenOrder {
  async act(h: Harness) {
    const order = h.order(this.order, (o) => open(o) && live(o).some((p) => !p.captured_at))
    if (!order) return
    const payment = live(order).find((p) => !p.captured_at)!
    await attempt(h, `${this} ${order.id} ${payment.id}`, () => h.medusa.captureWorkflow(payment.id).then(() => "ok"))
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
