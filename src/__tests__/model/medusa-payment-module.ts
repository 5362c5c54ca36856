import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import {
  EPSILON,
  MedusaRows,
  PROVIDER_ID,
  type MCollection,
  type MPayment,
  type MRefund,
  type MSession,
  type Provider,
} from "./medusa-rows"

/**
 * The payment module of the model's stand-in of Medusa 2.21
 * (node_modules/@medusajs/payment/dist/services/payment-module.js): sessions made and deleted
 * through the plugin's real provider, authorizations, captures, refunds and cancels, and the
 * module as the plugin's workflows resolve it. The workflows that use it are in medusa.ts.
 */
export class MedusaPaymentModule extends MedusaRows {
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
  protected async deletePaymentSessionsStep(sessions: MSession[]) {
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
    const collection = this.collections().find((c) => c.id === session.collection_id)!
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

  /** `provider`: the provider as this refund meets it (a stand-in of its call whose answer is lost: Refund `afterLost`). */
  async refundFromProvider(
    payment: MPayment,
    refund: MRefund,
    data: Record<string, any>,
    provider: Pick<Provider, "refundPayment"> = this.provider
  ) {
    try {
      const out = await provider.refundPayment({
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
      listPaymentSessions: async (filter: { payment_collection_id: string; provider_id?: string }) =>
        (this.collections().find((c) => c.id === filter.payment_collection_id)?.sessions ?? [])
          .filter((s) => !s.deleted && (!filter.provider_id || s.provider_id === filter.provider_id))
          .map((s) => ({ id: s.id, provider_id: s.provider_id, data: s.data, status: s.status })),
      // Medusa's deletePaymentSession: the provider's deletePayment, then the session soft-deleted.
      deletePaymentSession: async (id: string) => {
        const s = this.session(id)
        if (s) await this.deletePaymentSession(s)
      },
      getWebhookActionAndData: async ({ provider, payload }: { provider: string; payload: any }) => {
        if (`pp_${provider}`.replace(/^pp_pp_/, "pp_") !== PROVIDER_ID) throw new Error(`unknown provider ${provider}`)
        return this.provider.getWebhookActionAndData(payload)
      },
    }
  }
}
