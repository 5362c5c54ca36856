import { MedusaError, PaymentActions } from "@medusajs/framework/utils"
import { MedusaPaymentModule } from "./medusa-payment-module"
import { graphOrder, orderQuery } from "./medusa-reads"
import { EPSILON, type MCart, type MFulfillment, type MOrder, type MPayment, type MSession } from "./medusa-rows"

/**
 * The model's stand-in of Medusa 2.21's side of a payment: carts with their payment collection
 * and sessions, orders, Medusa payments with their captures and refunds, and the workflows that
 * call the payment provider, in the order Medusa 2.21 makes the calls
 * (node_modules/@medusajs/payment/dist/services/payment-module.js, @medusajs/core-flows:
 * complete-cart, authorize-payment-session, compensate-payment-if-needed, process-payment,
 * cancel-order, refund-payments, capture-payment, create-payment-session, create-shipment,
 * mark-order-fulfillment-as-delivered). The provider is the plugin's real one; events go to the
 * plugin's real subscribers once the workflow that emitted them succeeded, and the cancel
 * workflow's `orderCanceled` hook runs the plugin's real handler. Nothing of the plugin is
 * stood in for here.
 *
 * In layers: the rows, lookups and events (medusa-rows.ts), the payment module on them
 * (medusa-payment-module.ts), and here the workflows of carts, orders and fulfillments, with
 * what the plugin reads of them (medusa-reads.ts).
 */
export * from "./medusa-rows"

export class MedusaStandIn extends MedusaPaymentModule {
  // ---------------------------------------------------------------- carts and orders

  /** A cart of `amount` euros with its payment collection (no session yet). */
  createCart(amount: number): MCart {
    const cart: MCart = {
      id: this.id("cart"),
      email: "customer@example.test",
      completed_at: null,
      pids: [],
      collection: {
        id: this.id("paycol"),
        amount,
        currency_code: "eur",
        status: "not_paid",
        sessions: [],
        payments: [],
      },
    }
    this.carts.push(cart)
    return cart
  }

  currentSession(cart: MCart): MSession | undefined {
    return [...cart.collection.sessions].reverse().find((s) => !s.deleted)
  }

  /**
   * completeCartWorkflow: the order created first, then the session authorized at the very end;
   * `failAfterAuthorization`: a later step fails (the order's transactions, a hook, the links),
   * and the compensations run in reverse: the payment cancelled (a failure logged), the order
   * deleted, then compensatePaymentIfNeeded (a captured payment refunded, a new session made).
   * `duringCompensation` runs once the failure happened, before the compensations (a fault).
   */
  async completeCart(
    cart: MCart,
    opts: { failAfterAuthorization?: boolean; duringCompensation?: () => void; afterCompensation?: () => void } = {}
  ): Promise<MOrder> {
    const placed = this.orderOfCart(cart.id)
    if (placed) {
      return placed
    }
    const session = this.currentSession(cart)
    if (!session) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Payment sessions are required to complete cart")
    }
    const order: MOrder = {
      id: this.id("order"),
      display_id: this.orders.length + 1,
      cart_id: cart.id,
      collection: cart.collection,
      status: "pending",
      canceled_at: null,
      canceled_at_request: null,
      fulfillments: [],
      events: ["placed"],
      heldPayment: false,
      placed_at: new Date(),
    }
    this.orders.push(order)
    this.db.tables.order_cart.push({ id: this.id("ordercart"), cart_id: cart.id, order_id: order.id, deleted_at: null })
    const undoOrder = () => {
      this.orders = this.orders.filter((o) => o !== order)
      this.db.tables.order_cart.splice(
        this.db.tables.order_cart.findIndex((r) => r.order_id === order.id),
        1
      )
    }
    let payment: MPayment | null
    try {
      payment = await this.authorizePaymentSessionStep(session.id)
    } catch (e) {
      undoOrder()
      await this.compensatePaymentIfNeeded(session.id)
      throw e
    }
    if (opts.failAfterAuthorization) {
      opts.duringCompensation?.()
      try {
        if (payment) {
          await this.cancelPayment(payment.id).catch((e) =>
            this.log(`Error was thrown trying to cancel payment - ${payment!.id} - ${e}`)
          )
        }
        undoOrder()
        await this.compensatePaymentIfNeeded(session.id)
      } finally {
        opts.afterCompensation?.()
      }
      throw new Error("cart completion failed after the payment's authorization (a later step)")
    }
    cart.completed_at = new Date()
    order.heldPayment = !!payment && !payment.canceled_at
    await this.emit([{ name: "order.placed", data: { id: order.id } }])
    return order
  }

  /** compensatePaymentIfNeededStep's compensation. */
  private async compensatePaymentIfNeeded(sessionId: string) {
    const session = this.session(sessionId)
    if (!session?.payment?.captured_at) {
      return
    }
    const cart = this.cartOfCollection(session.collection_id)!
    if (this.orderOfCart(cart.id)) {
      return // a later completion attempt placed the order
    }
    try {
      await this.refundPayments([{ payment_id: session.payment.id, amount: session.amount }])
      await this.createPaymentSessions(cart.collection, session.data)
    } catch (e) {
      this.log(`Error was thrown trying to refund payment - ${session.payment.id} - ${e}`)
    }
  }

  /** processPaymentWorkflow (a webhook action, or the plugin's awaiting-order resolution). */
  async processPayment(input: { action: string; data?: { session_id?: string; amount?: any } }) {
    const sessionId = input.data?.session_id
    if (!sessionId) return
    const session = this.session(sessionId)
    const cart = session ? this.cartOfCollection(session.collection_id) : undefined
    const existing = session?.payment ?? cart?.collection.payments.find((p) => p.session_id === sessionId)
    const order = cart ? this.orderOfCart(cart.id) : undefined
    if (input.action === PaymentActions.SUCCESSFUL && existing) {
      await this.captureWorkflow(existing.id, Number(input.data?.amount))
    }
    if (input.action === PaymentActions.SUCCESSFUL && !existing) {
      const authorized = await this.authorizePaymentSessionStep(sessionId)
      if (authorized) await this.captureWorkflow(authorized.id, Number(input.data?.amount))
    }
    if (order && !existing && cart && input.action === PaymentActions.AUTHORIZED) {
      await this.authorizePaymentSessionStep(sessionId)
    }
    // A collection with no cart (an order's own): authorized here, no cart to complete.
    const owned = session && !cart ? this.collections().find((c) => c.id === session.collection_id) : undefined
    if (
      owned &&
      !owned.payments.some((p) => p.session_id === sessionId) &&
      input.action === PaymentActions.AUTHORIZED
    ) {
      await this.authorizePaymentSessionStep(sessionId)
    }
    if (order) {
      const held = order.collection.payments.some((p) => !p.canceled_at)
      order.heldPayment ||= held
    }
    if (cart && !order) {
      // completeCartAfterPaymentStep, continueOnPermanentFailure
      await this.completeCart(cart).catch((e) => this.log(`cart completion after payment failed: ${e}`))
    }
  }

  /** cancelOrderWorkflow: validation, refunds of captured payments, cancels of the others, the hook, the event. */
  async cancelOrder(orderId: string) {
    const order = this.orders.find((o) => o.id === orderId)
    if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order id not found: ${orderId}`)
    if (order.status === "canceled") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order with id ${orderId} has been canceled.`)
    }
    if (order.fulfillments.some((f) => !f.canceled_at)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "All fulfillments must be canceled before canceling an order"
      )
    }
    // Every collection of the order (deepFlatMap of payment_collections.payments): its cart's and its own.
    const payments = this.collectionsOf(order).flatMap((c) => c.payments)
    const toRefund = payments
      .filter((p) => p.captures.length)
      .map((p) => ({
        payment_id: p.id,
        amount: p.captures.reduce((s, c) => s + c.amount, 0) - p.refunds.reduce((s, r) => s + r.amount, 0),
      }))
      .filter((r) => r.amount > EPSILON)
    const uncaptured = payments.filter((p) => p.captures.length === 0)
    if (toRefund.length) await this.refundPayments(toRefund)
    for (const p of uncaptured) {
      await this.cancelPayment(p.id).catch((e) =>
        this.log(`Error was thrown trying to cancel payment - ${p.id} - ${e}`)
      )
    }
    for (const c of this.collectionsOf(order)) c.status = "canceled"
    order.status = "canceled"
    order.canceled_at = new Date()
    order.canceled_at_request = this.requestCount()
    order.events.push("canceled")
    for (const hook of this.hooks.orderCanceled) {
      await hook({ order: this.graphOrder(order) }, { container: this.container })
    }
    await this.emit([{ name: "order.canceled", data: { id: order.id } }])
  }

  /** createOrderFulfillmentWorkflow */
  async fulfil(order: MOrder) {
    if (order.status === "canceled") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Order is canceled")
    const f: MFulfillment = { id: this.id("ful"), labels: [], shipped_at: null, delivered_at: null, canceled_at: null }
    order.fulfillments.push(f)
    await this.emit([{ name: "order.fulfillment_created", data: { order_id: order.id, fulfillment_id: f.id } }])
    return f
  }

  /** createShipmentWorkflow: the fulfillment's labels, then `shipment.created`. */
  async ship(order: MOrder, f: MFulfillment) {
    if (order.status === "canceled") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Order is canceled")
    f.shipped_at = new Date()
    f.labels = [
      { tracking_number: `TRK${f.id.replace(/\D/g, "")}`, tracking_url: `https://track.example.test/${f.id}` },
    ]
    order.events.push("shipped")
    await this.emit([{ name: "shipment.created", data: { id: f.id, no_notification: false } }])
  }

  /** markOrderFulfillmentAsDeliveredWorkflow: shipped or not (a pickup is only "picked up"). */
  async deliver(order: MOrder, f: MFulfillment) {
    if (order.status === "canceled") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Order is canceled")
    f.delivered_at = new Date()
    order.events.push("delivered")
    await this.emit([{ name: "delivery.created", data: { id: f.id } }])
  }

  /** cancelOrderFulfillmentWorkflow: only a fulfillment not shipped nor delivered. */
  async cancelFulfillment(order: MOrder, f: MFulfillment) {
    if (f.shipped_at || f.delivered_at) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "The fulfillment has been shipped or delivered")
    }
    f.canceled_at = new Date()
  }

  // ---------------------------------------------------------------- what the plugin reads of Medusa

  graphOrder(order: MOrder) {
    return graphOrder(order)
  }

  /** `query` as the plugin uses it: orders (by id) and fulfillments (to their order). */
  query() {
    return orderQuery(this)
  }
}
