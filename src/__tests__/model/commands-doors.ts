import type { Harness, Plan } from "./harness"
import { handleReturn } from "../../workflows/payment/utils/handle-notification"
import { processAccepted } from "../../workflows/payment/utils/process-accepted"
import { linkRefusal, PAYABLE_COLLECTION } from "../../lib/payment-links/state"
import { cancelLink, linkOfCollection, recordLinkSent } from "../../workflows/payment-links/utils/links"
import type { MCollection, MOrder } from "./medusa"
import { attempt, Base, open, type Model } from "./commands-base"

/**
 * The model's commands of Medusa 2.21's other doors onto a payment (docs/payments-without-an-order.md,
 * "Who holds a payment"): a new session posted on a placed order's collection (a second tab, a
 * retry, anyone with the collection's id: createPaymentSessionsWorkflow checks nothing about the
 * cart and deletes the collection's sessions, the order's authorized one included), and a
 * collection of the order's own with no cart (what it owes after an edit, a claim or an
 * exchange; a draft order; the admin's "Copy payment link"), paid through the plugin; and its
 * instalment link: sent, cancelled, opened again (refused once it ended), expired (the clock and
 * the hourly bnpl-close-payment-links job).
 */

/** A new session on the collection of a placed order's cart: the customer may then pay its page too. */
export class NewSessionOnOrder extends Base {
  constructor(
    readonly order: number,
    readonly plan: Plan
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.orders > 0
  }
  async act(h: Harness) {
    const order = h.order(this.order)
    const cart = order && h.medusa.carts.find((c) => c.id === order.cart_id)
    if (!cart) return
    await attempt(h, `${this} ${order.id}`, async () => {
      await h.choosePlan(cart, this.plan) // Medusa lets it: the cart's collection, completed or not
      return cart.pids.at(-1)
    })
  }
  toString() {
    return `NewSessionOnOrder(${this.order}, ${this.plan})`
  }
}

/** The order owes `amount` € on a collection of its own (an edit adding an item, a claim, a link), and a session is made on it. */
export class OrderOwes extends Base {
  constructor(
    readonly order: number,
    readonly amount: number
  ) {
    super()
  }
  check(m: Readonly<Model>) {
    return m.openOrders > 0
  }
  async act(h: Harness) {
    const order = h.order(this.order, open)
    if (!order) return
    await attempt(h, `${this} ${order.id}`, async () => {
      // Medusa 2.21's createOrUpdateOrderPaymentCollectionWorkflow: an order's collection still
      // unpaid (placed awaiting its payment, or an earlier difference) gets the new amount and no
      // collection is made; an authorized one (not captured) is cancelled, its payments with it
      // (cancelPayment), and a collection made for all the order owes; else one for the difference.
      const all = [order.collection, ...(order.ownCollections ?? [])].filter((c) => c.status !== "canceled")
      const live = (c: MCollection) => c.payments.filter((p) => !p.canceled_at)
      const unpaid = all.find((c) => live(c).length === 0)
      if (unpaid) {
        unpaid.amount += this.amount
        return `Medusa adds ${this.amount} € to its unpaid collection ${unpaid.id}: no collection of its own`
      }
      const authorized = all.find((c) => live(c).length > 0 && live(c).every((p) => !p.captured_at))
      let amount = this.amount
      if (authorized) {
        for (const p of live(authorized)) await h.medusa.cancelPayment(p.id)
        authorized.status = "canceled"
        amount += authorized.amount
      }
      const collection: MCollection = {
        id: `paycol_owed_${order.id}_${(order.ownCollections ?? []).length}`,
        amount,
        currency_code: "eur",
        status: "not_paid",
        sessions: [],
        payments: [],
      }
      ;(order.ownCollections ??= []).push(collection)
      // The store route names the order whose own collection it is (the checkout read from it).
      return startOwedSession(h, collection, order.id)
    })
  }
  toString() {
    return `OrderOwes(${this.order}, ${this.amount} €)`
  }
}

/** The customer pays what an order owes on the hosted page; the notification comes (or is lost). */
export class PayOwed extends Base {
  constructor(
    readonly which: number,
    /**
     * What follows the payment: the notification (`sent`), nothing (`lost`), the customer's
     * return to the link's page (`returned`: the store authorizes it as the notification would),
     * or both at once (`both`).
     */
    readonly notification: "sent" | "lost" | "returned" | "both"
  ) {
    super()
  }
  check() {
    return true
  }
  async act(h: Harness) {
    const pid = h.owedPids.length ? h.owedPids[this.which % h.owedPids.length] : undefined
    if (!pid) return
    await attempt(h, `${this} ${pid}`, async () => {
      h.sandbox.accept(pid, { notify: false })
      if (this.notification === "lost") return h.servicePayment(pid).state
      const notify = async () => {
        const res = await h.notify(pid, h.tokenOf(pid))
        return `${res.statusCode} ${res.body?.result ?? ""}`
      }
      // What the payment-outcome route does once the service said accepted (link's return).
      const back = async () => {
        const decided = await handleReturn(h.container, pid)
        const done = decided.process ? await processAccepted(h.container, pid, decided.process) : decided
        return `return ${done.status} ${done.result}`
      }
      if (this.notification === "sent") return notify()
      if (this.notification === "returned") return back()
      return (await Promise.all([back(), notify()])).join(", ")
    })
  }
  toString() {
    return `PayOwed(${this.which}, notification ${this.notification})`
  }
}

/** A session on an owed collection, as the link's page starts one (the store route names the order); its payment noted to pay. */
async function startOwedSession(h: Harness, collection: MCollection, orderId: string) {
  const session = await h.medusa.createPaymentSessions(collection, { installments_count: 3, owed_order_id: orderId })
  const pid = session.data.bnpl_payment_id
  if (pid) h.owedPids.push(pid)
  return pid
}

/** The owed collection `which` (of every order's own) with its order, if any. */
function owedCollection(h: Harness, which: number) {
  const owed = h.medusa.orders.flatMap((order) =>
    (order.ownCollections ?? []).map((collection) => ({ order, collection }))
  )
  return owed.length ? owed[which % owed.length] : undefined
}

/** A command about the owed collection `which` (of every order's own); nothing when there is none. */
abstract class OnOwedCollection extends Base {
  constructor(readonly which: number) {
    super()
  }
  check() {
    return true
  }
  abstract step(h: Harness, owed: { order: MOrder; collection: MCollection }): Promise<unknown>
  /** Whether the command applies to this collection at all. */
  applies(_collection: MCollection) {
    return true
  }
  async act(h: Harness) {
    const owed = owedCollection(h, this.which)
    if (!owed || !this.applies(owed.collection)) return
    await attempt(h, `${this} ${owed.collection.id}`, () => this.step(h, owed))
  }
  toString() {
    return `${this.constructor.name}(${this.which})`
  }
}

/**
 * The merchant e-mails the instalment link of an owed collection (the admin card's "Send by
 * e-mail"): the link's record as sendLink writes it (sent again: renewed, a cancelled link reopened).
 */
export class SendLink extends OnOwedCollection {
  applies(collection: MCollection) {
    return PAYABLE_COLLECTION.has(collection.status)
  }
  async step(h: Harness, { order, collection }: { order: MOrder; collection: MCollection }) {
    const row = await linkOfCollection(h.container, collection.id)
    await recordLinkSent(h.container, { row, collectionId: collection.id, orderId: order.id }, new Date(h.now))
  }
}

/** The merchant cancels an owed collection's link (the admin card's "Cancel the link"): its open payment cancelled at the service. */
export class CancelLink extends OnOwedCollection {
  async step(h: Harness, { order, collection }: { order: MOrder; collection: MCollection }) {
    return (await cancelLink(h.container, order.id, collection.id, new Date(h.now))) ? "closed" : "left open"
  }
}

/**
 * The customer opens an owed collection's link again (another tab, the e-mail a second time): a
 * new session on it, refused as the store route refuses it once the link is cancelled or expired.
 */
export class OpenLinkAgain extends OnOwedCollection {
  async step(h: Harness, { order, collection }: { order: MOrder; collection: MCollection }) {
    const refused = linkRefusal(await linkOfCollection(h.container, collection.id), new Date(h.now))
    if (refused) return `refused (${refused})`
    return startOwedSession(h, collection, order.id)
  }
}
