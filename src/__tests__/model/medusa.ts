import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { MemoryDb } from "./memory-db"

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
 * Medusa's rows the plugin reads through its own connection (`payment_session`, `order_cart`)
 * are kept in the model's database as well.
 */

const EPSILON = 0.005
const cents = (amount: number) => Math.round(amount * 100)

export type MCapture = { id: string; amount: number }
export type MRefund = { id: string; amount: number }
export type MPayment = {
  id: string
  session_id: string
  collection_id: string
  provider_id: string
  amount: number
  currency_code: string
  data: Record<string, any>
  created_at: Date
  captured_at: Date | null
  canceled_at: Date | null
  captures: MCapture[]
  refunds: MRefund[]
}
export type MSession = {
  id: string
  collection_id: string
  provider_id: string
  amount: number
  currency_code: string
  data: Record<string, any>
  status: string
  authorized_at: Date | null
  deleted: boolean
  payment?: MPayment
}
export type MCollection = {
  id: string
  amount: number
  currency_code: string
  status: string
  sessions: MSession[]
  payments: MPayment[]
}
export type MCart = { id: string; email: string; collection: MCollection; completed_at: Date | null; pids: string[] }
export type MFulfillment = {
  id: string
  labels: { tracking_number: string; tracking_url: string }[]
  shipped_at: Date | null
  delivered_at: Date | null
  canceled_at: Date | null
}
export type MOrder = {
  id: string
  display_id: number
  cart_id: string
  collection: MCollection
  status: "pending" | "canceled"
  canceled_at: Date | null
  /** How many service requests the sandbox had seen when the order was cancelled. */
  canceled_at_request: number | null
  fulfillments: MFulfillment[]
  /** What the shop did, in order: placed, shipped, delivered, canceled (what the service is told). */
  events: string[]
  /** A BNPL Medusa payment held by the order at some point (it was attached at the service). */
  heldPayment: boolean
}

type Provider = {
  initiatePayment(input: any): Promise<any>
  authorizePayment(input: any): Promise<any>
  capturePayment(input: any): Promise<any>
  refundPayment(input: any): Promise<any>
  cancelPayment(input: any): Promise<any>
  deletePayment(input: any): Promise<any>
  getWebhookActionAndData(payload: any): Promise<any>
}
type Subscriber = (args: { event: { name: string; data: any }; container: any }) => Promise<void>
type Hook = (input: { order: any }, context: { container: any }) => Promise<void>

export const PROVIDER_ID = "pp_bnpl_bnpl"

export class MedusaStandIn {
  carts: MCart[] = []
  orders: MOrder[] = []
  /** Errors Medusa logs and goes on (a failed cancel in a compensation, a failed subscriber). */
  logged: string[] = []
  /** Order reads (`query.graph` of `order`) that fail next: a dropped connection. */
  failOrderReads = 0
  private n = 0
  private pending: { name: string; data: any }[] = []
  container: any

  constructor(
    private readonly provider: Provider,
    private readonly db: MemoryDb,
    private readonly subscribers: Record<string, Subscriber[]>,
    private readonly hooks: { orderCanceled: Hook[] },
    private readonly requestCount: () => number
  ) {}

  private id(prefix: string) {
    return `${prefix}_${String(++this.n).padStart(4, "0")}`
  }

  // ---------------------------------------------------------------- the payment module

  private syncSessionRow(session: MSession) {
    const rows = this.db.tables.payment_session
    const at = rows.findIndex((r) => r.id === session.id)
    if (session.deleted) {
      if (at >= 0) rows.splice(at, 1) // Medusa deletes the row
      return
    }
    const row = { id: session.id, status: session.status, data: { ...session.data }, deleted_at: null }
    if (at >= 0) rows[at] = { ...rows[at], ...row }
    else rows.push({ created_at: new Date(), ...row })
  }

  /** createPaymentSession: the row, then the provider; the row deleted again if the provider throws. */
  async createPaymentSession(collection: MCollection, data: Record<string, any>): Promise<MSession> {
    const session: MSession = {
      id: this.id("payses"),
      collection_id: collection.id,
      provider_id: PROVIDER_ID,
      amount: collection.amount,
      currency_code: collection.currency_code,
      data: { ...data },
      status: PaymentSessionStatus.PENDING,
      authorized_at: null,
      deleted: false,
    }
    this.syncSessionRow(session)
    try {
      const out = await this.provider.initiatePayment({
        context: { idempotency_key: session.id },
        data: { ...data, session_id: session.id },
        amount: session.amount,
        currency_code: session.currency_code,
      })
      session.data = { ...data, ...out.data }
      session.status = out.status ?? PaymentSessionStatus.PENDING
    } catch (e) {
      session.deleted = true
      this.syncSessionRow(session)
      throw e
    }
    collection.sessions.push(session)
    this.syncSessionRow(session)
    return session
  }

  async deletePaymentSession(session: MSession) {
    await this.provider.deletePayment({ data: session.data })
    session.deleted = true
    this.syncSessionRow(session)
  }

  /**
   * createPaymentSessionsWorkflow: the new session and the deletion of the collection's other
   * sessions side by side (parallelize); when the new one cannot be made, the deleted ones are
   * made again (the delete step's compensation: a new provider session with the old data).
   */
  async createPaymentSessions(collection: MCollection, data: Record<string, any>) {
    const existing = collection.sessions.filter((s) => !s.deleted)
    const [created, deleted] = await Promise.allSettled([
      this.createPaymentSession(collection, data),
      this.deletePaymentSessionsStep(existing),
    ])
    if (created.status === "rejected") {
      for (const old of deleted.status === "fulfilled" ? deleted.value : []) {
        await this.createPaymentSession(collection, { ...old.data }).catch((e) =>
          this.log(`Encountered an error when trying to recreate a payment session - ${e}`)
        )
      }
      throw created.reason
    }
    return created.value
  }

  /** deletePaymentSessionsStep: each deletion tried, a failure logged; the deleted ones answered. */
  private async deletePaymentSessionsStep(sessions: MSession[]) {
    const deleted: MSession[] = []
    await Promise.all(
      sessions.map((session) =>
        this.deletePaymentSession(session).then(
          () => deleted.push(session),
          (e) => this.log(`Encountered an error when trying to delete payment session - ${session.id} - ${e}`)
        )
      )
    )
    return deleted
  }

  session(id: string): MSession | undefined {
    for (const cart of this.carts) {
      const s = cart.collection.sessions.find((x) => x.id === id && !x.deleted)
      if (s) return s
    }
    return undefined
  }

  payment(id: string): MPayment | undefined {
    for (const cart of this.carts) {
      const p = cart.collection.payments.find((x) => x.id === id)
      if (p) return p
    }
    return undefined
  }

  cartOfCollection(collectionId: string) {
    return this.carts.find((c) => c.collection.id === collectionId)
  }

  orderOfCart(cartId: string) {
    const link = this.db.tables.order_cart.find((r) => r.cart_id === cartId && !r.deleted_at)
    return link ? this.orders.find((o) => o.id === link.order_id) : undefined
  }

  /** paymentModule.authorizePaymentSession */
  async authorizePaymentSession(sessionId: string): Promise<MPayment | null> {
    const session = this.session(sessionId)
    if (!session) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `PaymentSession with id: ${sessionId} was not found`)
    }
    if (session.payment && session.authorized_at) {
      return session.payment // idempotent
    }
    const { data, status } = await this.provider.authorizePayment({
      data: session.data,
      context: { idempotency_key: session.id },
    })
    if (status === PaymentSessionStatus.PENDING_AUTHORIZATION) {
      Object.assign(session, { status, data })
      this.syncSessionRow(session)
      return null
    }
    if (status !== PaymentSessionStatus.AUTHORIZED && status !== PaymentSessionStatus.CAPTURED) {
      Object.assign(session, { status, data })
      this.syncSessionRow(session)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Session: ${session.id} was not authorized with the provider.`
      )
    }
    // authorizePaymentSession_: the session, the payment, and its capture when the provider captured it.
    Object.assign(session, { status: PaymentSessionStatus.AUTHORIZED, data })
    session.authorized_at ??= new Date()
    this.syncSessionRow(session)
    const collection = this.carts.find((c) => c.collection.id === session.collection_id)!.collection
    const payment: MPayment = {
      id: this.id("pay"),
      session_id: session.id,
      collection_id: collection.id,
      provider_id: PROVIDER_ID,
      amount: session.amount,
      currency_code: session.currency_code,
      data,
      created_at: new Date(),
      captured_at: null,
      canceled_at: null,
      captures: [],
      refunds: [],
    }
    collection.payments.push(payment)
    session.payment = payment
    if (status === PaymentSessionStatus.CAPTURED) {
      payment.captures.push({ id: this.id("capt"), amount: payment.amount })
      payment.captured_at = new Date()
    }
    return payment
  }

  /** authorizePaymentSessionStep, as complete-cart and process-payment run it. */
  async authorizePaymentSessionStep(sessionId: string): Promise<MPayment | null> {
    let payment: MPayment | null = null
    try {
      payment = await this.authorizePaymentSession(sessionId)
    } catch (e) {
      this.log(`Error was thrown trying to authorize payment session - ${sessionId} - ${e}`)
      if (MedusaError.isMedusaError(e)) {
        throw e
      }
    }
    const session = this.session(sessionId)
    if (session?.status === PaymentSessionStatus.PENDING_AUTHORIZATION) {
      return null
    }
    if (session?.status !== PaymentSessionStatus.AUTHORIZED || !payment) {
      throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, "Payment authorization failed")
    }
    return payment
  }

  /** paymentModule.capturePayment (and capturePaymentWorkflow). */
  async capturePayment(paymentId: string, amount?: number) {
    const payment = this.payment(paymentId)
    if (!payment) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment ${paymentId} not found`)
    if (payment.canceled_at) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `The payment: ${payment.id} has been canceled.`)
    }
    if (payment.captured_at) {
      return payment // fully captured already: nothing asked of the provider
    }
    const want = amount ?? payment.amount
    const captured = payment.captures.reduce((s, c) => s + c.amount, 0)
    if (want > payment.amount - captured + EPSILON) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "You cannot capture more than the authorized amount substracted by what is already captured."
      )
    }
    const capture = { id: this.id("capt"), amount: want }
    payment.captures.push(capture)
    try {
      const out = await this.provider.capturePayment({ data: payment.data, context: { idempotency_key: capture.id } })
      payment.data = out.data
      if (captured + want >= payment.amount - EPSILON) payment.captured_at = new Date()
    } catch (e) {
      payment.captures = payment.captures.filter((c) => c !== capture)
      throw e
    }
    return payment
  }

  /** capturePaymentWorkflow: the capture, then `payment.captured`. */
  async captureWorkflow(paymentId: string, amount?: number) {
    const payment = await this.capturePayment(paymentId, amount)
    await this.emit([{ name: "payment.captured", data: { id: paymentId } }])
    return payment
  }

  /** refundPaymentWorkflow (the admin's refund): the refund, then `payment.refunded`. */
  async refundWorkflow(paymentId: string, amount: number) {
    const payment = await this.refundPayment(paymentId, amount)
    await this.emit([{ name: "payment.refunded", data: { id: paymentId } }])
    return payment
  }

  /** paymentModule.cancelPayment */
  async cancelPayment(paymentId: string) {
    const payment = this.payment(paymentId)!
    const { data } = await this.provider.cancelPayment({ data: payment.data, context: { idempotency_key: payment.id } })
    payment.canceled_at = new Date()
    payment.data = data
    return payment
  }

  /**
   * paymentModule.refundPayment in its three parts, so that two refunds started together can
   * run as Medusa runs them: the payment (and its data) read first; then, under the payment
   * row's lock, the amounts checked and the refund row created; then the provider called with
   * the data read first, the refund row deleted if it throws, the answer's data written back.
   */
  readForRefund(paymentId: string) {
    const payment = this.payment(paymentId)!
    return { payment, data: JSON.parse(JSON.stringify(payment.data)) }
  }

  createRefundRow(payment: MPayment, amount: number): MRefund {
    const captured = payment.captures.reduce((s, c) => s + c.amount, 0)
    const refunded = payment.refunds.reduce((s, r) => s + r.amount, 0)
    if (captured - (refunded + amount) < -EPSILON) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "You cannot refund more than what is captured on the payment."
      )
    }
    const refund = { id: this.id("ref"), amount }
    payment.refunds.push(refund)
    // Medusa's `refund` table shares the database with the plugin's (the provider reads it).
    this.db.tables.refund = [...(this.db.tables.refund ?? []), { id: refund.id, deleted_at: null }]
    return refund
  }

  async refundFromProvider(payment: MPayment, refund: MRefund, data: Record<string, any>) {
    try {
      const out = await this.provider.refundPayment({
        data,
        amount: refund.amount,
        context: { idempotency_key: refund.id },
      })
      payment.data = out.data
    } catch (e) {
      payment.refunds = payment.refunds.filter((r) => r !== refund)
      this.db.tables.refund = (this.db.tables.refund ?? []).filter((r) => r.id !== refund.id)
      throw e
    }
  }

  async refundPayment(paymentId: string, amount: number) {
    const { payment, data } = this.readForRefund(paymentId)
    const refund = this.createRefundRow(payment, amount)
    await this.refundFromProvider(payment, refund, data)
    return payment
  }

  /** refundPaymentsWorkflow: amounts validated, then each refund (a failure logged, not thrown). */
  async refundPayments(input: { payment_id: string; amount: number }[]) {
    for (const { payment_id, amount } of input) {
      const p = this.payment(payment_id)!
      const captured = p.captures.reduce((s, c) => s + c.amount, 0)
      const refunded = p.refunds.reduce((s, r) => s + r.amount, 0)
      if (captured - (refunded + amount) < -EPSILON) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `Payment with id ${p.id} is trying to refund amount greater than the refundable amount`
        )
      }
    }
    for (const { payment_id, amount } of input) {
      await this.refundPayment(payment_id, amount).catch((e) =>
        this.log(`Error was thrown trying to cancel payment - ${payment_id} - ${e}`)
      )
    }
  }

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
    const existing = cart?.collection.payments.find((p) => p.session_id === sessionId)
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
    const payments = order.collection.payments
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
    order.collection.status = "canceled"
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
    const iso = (d: Date | null) => (d ? d.toISOString() : null)
    return {
      id: order.id,
      display_id: order.display_id,
      status: order.status,
      currency_code: "eur",
      canceled_at: iso(order.canceled_at),
      items: [{ id: `item_${order.id}`, requires_shipping: true, quantity: 1 }],
      shipping_methods: [],
      fulfillments: order.fulfillments.map((f) => ({
        id: f.id,
        provider_id: "manual_manual",
        canceled_at: iso(f.canceled_at),
        shipped_at: iso(f.shipped_at),
        delivered_at: iso(f.delivered_at),
        labels: f.labels.map((l) => ({ ...l })),
        shipping_option: { name: "Standard shipping", metadata: null, data: null },
      })),
      payment_collections: [
        {
          id: order.collection.id,
          status: order.collection.status,
          payments: order.collection.payments.map((p) => ({
            id: p.id,
            provider_id: p.provider_id,
            data: JSON.parse(JSON.stringify(p.data)),
            amount: p.amount,
            currency_code: p.currency_code,
            canceled_at: iso(p.canceled_at),
            created_at: iso(p.created_at),
            captured_at: iso(p.captured_at),
            captures: p.captures.map((c) => ({ ...c, raw_amount: { value: String(c.amount), precision: 20 } })),
            refunds: p.refunds.map((r) => ({ ...r, raw_amount: { value: String(r.amount), precision: 20 } })),
          })),
        },
      ],
    }
  }

  /** `query` as the plugin uses it: orders (by id) and fulfillments (to their order). */
  query() {
    return {
      graph: async ({ entity, filters }: { entity: string; fields?: string[]; filters?: any }) => {
        const ids = filters?.id === undefined ? undefined : Array.isArray(filters.id) ? filters.id : [filters.id]
        if (entity === "order") {
          if (this.failOrderReads > 0) {
            this.failOrderReads--
            throw new Error("Connection terminated unexpectedly")
          }
          const found = this.orders.filter((o) => !ids || ids.includes(o.id))
          return { data: found.map((o) => this.graphOrder(o)) }
        }
        if (entity === "fulfillment") {
          const data = this.orders.flatMap((o) =>
            o.fulfillments.filter((f) => !ids || ids.includes(f.id)).map((f) => ({ id: f.id, order: { id: o.id } }))
          )
          return { data }
        }
        return { data: [] }
      },
    }
  }

  /** The payment module as the plugin's workflows resolve it. */
  paymentModule() {
    return {
      retrievePayment: async (id: string) => {
        const p = this.payment(id)
        if (!p) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment with id: ${id} was not found`)
        return { id: p.id, captured_at: p.captured_at, canceled_at: p.canceled_at, data: p.data, amount: p.amount }
      },
      retrievePaymentSession: async (id: string) => {
        const s = this.session(id)
        if (!s) throw new MedusaError(MedusaError.Types.NOT_FOUND, `PaymentSession with id: ${id} was not found`)
        return {
          id: s.id,
          provider_id: s.provider_id,
          data: s.data,
          amount: s.amount,
          currency_code: s.currency_code,
          status: s.status,
        }
      },
      cancelPayment: async (id: string) => this.cancelPayment(id),
      getWebhookActionAndData: async ({ provider, payload }: { provider: string; payload: any }) => {
        if (`pp_${provider}`.replace(/^pp_pp_/, "pp_") !== PROVIDER_ID) throw new Error(`unknown provider ${provider}`)
        return this.provider.getWebhookActionAndData(payload)
      },
    }
  }

  // ---------------------------------------------------------------- events

  private log(line: string) {
    this.logged.push(line)
  }

  /** Events are delivered once the workflow that emitted them succeeded, each to the plugin's subscribers. */
  async emit(events: { name: string; data: any }[]) {
    this.pending.push(...events)
    while (this.pending.length) {
      const event = this.pending.shift()!
      for (const subscriber of this.subscribers[event.name] ?? []) {
        await subscriber({ event, container: this.container }).catch((e) =>
          this.log(`subscriber of ${event.name} failed: ${e}`)
        )
      }
    }
  }

  /** Cents Medusa recorded as refunded on a payment. */
  static refundedCents(p: MPayment) {
    return p.refunds.reduce((s, r) => s + cents(r.amount), 0)
  }
}
