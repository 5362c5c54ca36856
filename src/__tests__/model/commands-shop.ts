import type { Harness } from "./harness"
import { BnplClient } from "../../client"
import { refundReference } from "../../providers/bnpl/refund"
import { MedusaStandIn, type MOrder } from "./medusa"
import { EPSILON, type MPayment, type MRefund } from "./medusa-rows"
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
 * one's refund has reached the service (its answer still on the way back). `afterLost`: the
 * merchant's first refund of that amount was made at the service, its answer lost and not found
 * in time (Medusa deleted its refund and showed an error), and this is the merchant refunding
 * again (once, or twice at once): the service holds a refund no Medusa refund names.
 */
export class Refund extends Base {
  constructor(
    readonly order: number,
    readonly amount: 50 | 100 | "the rest",
    readonly twice: boolean,
    readonly staggered: boolean,
    readonly afterLost = false
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
    if (!this.afterLost) {
      await (this.twice ? this.twiceAtOnce(h, payment, amount) : this.once(h, payment, amount))
      return
    }
    // The merchant refunds again (as asked), then once more while Medusa does not show the
    // refund (a fault failed it): the customer got it once, Medusa must record it.
    const recorded = () => payment.refunds.reduce((s, r) => s + r.amount, 0)
    const target = recorded() + amount
    await lostRefund(h, payment, amount)
    if (this.twice && 2 * amount <= rest + EPSILON) await this.twiceAtOnce(h, payment, amount)
    else await this.once(h, payment, amount)
    for (let i = 0; i < 4 && recorded() < target - EPSILON; i++) await this.once(h, payment, amount)
  }
  private async once(h: Harness, payment: MPayment, amount: number) {
    await attempt(h, `${this} ${payment.id}`, () => h.medusa.refundWorkflow(payment.id, amount).then(() => "ok"))
  }
  private async twiceAtOnce(h: Harness, payment: MPayment, amount: number) {
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
    return `Refund(${this.order}, ${amount}${this.afterLost ? ", again after a refund whose answer was lost" : ""}${this.twice ? `, twice at once${this.staggered ? " (second after the first reached the service)" : ""}` : ""})`
  }
}

/**
 * The merchant's refund whose answer was lost: Medusa's refund row, the provider's call making
 * the refund at the service (as the provider names it) and its answer lost past the provider's
 * looks for it, so Medusa deletes the row again.
 */
async function lostRefund(h: Harness, payment: MPayment, amount: number) {
  const pid = payment.data.bnpl_payment_id
  let row: MRefund
  try {
    row = h.medusa.createRefundRow(payment, amount)
  } catch (e) {
    h.note(`lost refund ${payment.id}: refused (${(e as Error).message})`)
    return
  }
  const answerLost = {
    refundPayment: async () => {
      const owner = ((await (await fetch(`${h.sandbox.url}/_sandbox/payments/${pid}`)).json()) as any).merchant
      const cents = Math.round(amount * 100)
      const before = MedusaStandIn.refundedCents(payment) - cents
      await new BnplClient({ apiKey: owner, baseUrl: h.sandbox.url }).refundPayment(pid, {
        amount: cents,
        merchant_reference: refundReference(pid, row.id, before, cents),
      })
      throw new Error("the refund's answer was lost and it was not found in time")
    },
  }
  await h.medusa.refundFromProvider(payment, row, payment.data, answerLost).then(
    () => h.note(`lost refund ${payment.id}: not lost`),
    (e) => h.note(`lost refund ${payment.id} (${amount} €): ${e.message.slice(0, 120)}`)
  )
}
