import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { BnplClient, clientFor, isBnplError, type CallOptions, type Payment, type Plan } from "../../client"
import { fromCents, toCents } from "../../lib/money"
// The one sideways import (with the ledger and the notification token below): the provider runs
// in the payment module's container, so it reads the plugin module's tables through the
// settings reader's connection, not through the module service.
import {
  currencyProblem,
  effectiveSettings,
  mergeSettings,
  settingsSourceFrom,
  validateOptions,
  type BnplOptions,
  type ResolvedOptions,
} from "../../modules/bnpl/settings"
import { readCheckoutSnapshot } from "../../modules/bnpl/checkout-snapshot-reader"
import { describeOutside, splitByBounds } from "../../lib/plan-bounds"
import { forLog } from "../../lib/signature"
import { notificationUrl } from "../../lib/notification"
import { tokenForUrl } from "../../lib/notification-token"
import { hasCharged } from "../../lib/settlement"
import { modeOf, type Mode } from "../../lib/mode"
import { BNPL_PROVIDER_IDENTIFIER } from "../../lib/provider-registration"
import { findPayment, markToSettle, recordPayment, settleAndRecord, type Knex } from "../../modules/bnpl/ledger"
import { notificationToken } from "../../modules/bnpl/notification-secret"
import type { BnplSessionData, CheckoutSnapshot } from "./types"
import { AUTHORIZE_CALL, NOTIFICATION_CALL } from "./constants"
import { statusOf, webhookActionOf } from "./status"
import { describeIneligibility, forTheStorefront, planUnavailable } from "./errors"
import { chosenPlan, keptAnswer, paymentRequest, returnUrlOf, sessionData } from "./payment-request"
import { checkNotification } from "./notification-check"

type Injected = { logger: Logger } & Record<string, unknown>

/**
 * Payment provider `pp_bnpl_bnpl`: the customer picks a plan, pays on the service's hosted
 * page, and the payment is authorized/captured once the service accepted it.
 */
class BnplProviderService extends AbstractPaymentProvider<BnplOptions> {
  static identifier = BNPL_PROVIDER_IDENTIFIER

  protected readonly logger: Logger
  /** The effective options, refreshed at the start of every operation (`refreshOptions`). */
  protected options: ResolvedOptions
  /** The account `options` talk to: the store's mode for a new payment, else the payment's own. */
  protected mode: Mode
  private readonly container_: Injected
  private readonly providerOptions: BnplOptions

  static validateOptions(options: Record<string, unknown>): void {
    validateOptions(options as BnplOptions)
  }

  constructor(container: Injected, options: BnplOptions) {
    super(container as unknown as Record<string, unknown>, options)
    this.logger = container.logger
    this.container_ = container
    this.providerOptions = options ?? {}
    const initial = mergeSettings({}, this.providerOptions)
    this.options = initial.options
    this.mode = initial.mode
  }

  /**
   * The admin settings (read from the plugin's `bnpl_settings` table through the payment
   * module's `__pg_connection__`, cached a few seconds) over this provider's options over env:
   * the same rules as the bnpl module (`modules/bnpl/settings`).
   */
  protected async refreshOptions(mode?: Mode): Promise<void> {
    const settings = await effectiveSettings(
      settingsSourceFrom(this.container_),
      this.providerOptions,
      process.env,
      mode
    )
    this.options = settings.options
    this.mode = settings.mode
  }

  /** The shared PostgreSQL connection (the plugin's `bnpl_payment` table, Medusa's sessions). */
  protected get knex(): Knex {
    return this.container_.__pg_connection__ as Knex
  }

  /** The client for the current key and URL (`clientFor` keeps one per account). */
  protected get client(): BnplClient {
    return clientFor(this.options, this.logger)
  }

  async initiatePayment({ amount, currency_code, data = {} }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    await this.refreshOptions()
    const input = data as BnplSessionData
    const plan = chosenPlan(input, this.options.plans)
    const currency = currency_code.toLowerCase()
    const unsupported = currencyProblem(this.options, currency)
    if (unsupported) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, unsupported)
    }
    const cents = toCents(amount, currency)
    const payment = await this.createServicePayment(input, plan, cents, currency).catch(forTheStorefront(this.logger))
    return { id: payment.id, data: sessionData(input, plan, cents, currency, payment, this.mode) }
  }

  async updatePayment({ amount, currency_code, data = {} }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    await this.refreshOptions()
    const current = data as BnplSessionData
    const currency = (currency_code ?? current.currency_code ?? "").toLowerCase()
    const cents = toCents(amount, currency)
    if (current.bnpl_payment_id && current.purchase_amount === cents) {
      return { data: current }
    }
    if (!current.session_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This instalment payment cannot be changed: create a new payment session for the new amount"
      )
    }
    // Never leave a payment for a stale amount: make the new one, then cancel the old one.
    // The new payment is made in the store's current mode; the old one is ended in its own.
    const plan = chosenPlan(current, this.options.plans)
    const payment = await this.createServicePayment(current, plan, cents, currency).catch(forTheStorefront(this.logger))
    const next = sessionData(current, plan, cents, currency, payment, this.mode)
    if (current.bnpl_payment_id) {
      await this.endPayment(current.bnpl_payment_id, "replaced by a payment for the new amount", modeOf(current))
    }
    return { data: next }
  }

  async authorizePayment({ data = {} }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return this.getPaymentStatus({ data })
  }

  async getPaymentStatus({ data = {} }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const session = data as BnplSessionData
    await this.refreshOptions(modeOf(session))
    const paymentId = this.paymentIdOf(session)
    // Runs inside cart completion's lock: bounded; the notification completes the cart otherwise.
    const payment = await this.client.getPayment(paymentId, AUTHORIZE_CALL)
    const { status, reason } = statusOf(payment, session.purchase_amount, this.options.autoCapture)
    if (reason && status !== PaymentSessionStatus.PENDING) {
      this.logger.warn(`BNPL payment ${paymentId} not authorized: ${reason}`)
    }
    return {
      status,
      data: { ...session, state: payment.state, failure_reason: reason ?? null },
    }
  }

  /** The service charges the customer when it accepts: capture only records it in Medusa. */
  async capturePayment({ data = {} }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data }
  }

  async refundPayment({ amount, data = {}, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = data as BnplSessionData
    await this.refreshOptions(modeOf(session))
    const paymentId = this.paymentIdOf(session)
    const cents = toCents(amount, session.currency_code ?? "eur")
    const reference = context?.idempotency_key ?? `medusa-refund-${Date.now()}`
    const payment = await this.client
      .refundPayment(paymentId, { amount: cents, merchant_reference: reference })
      .catch(async (e) => {
        // The answer was lost (timeout, garbled): the refund may have happened. Never refund
        // twice: look for it before reporting a failure.
        if (!isBnplError(e) || !["unavailable", "malformed_answer"].includes(e.code)) {
          throw e
        }
        const found = await this.findRefund(paymentId, reference)
        if (!found) {
          throw e
        }
        return found
      })
    return { data: { ...session, state: payment.state, refunds: payment.refunds } }
  }

  async cancelPayment({ data = {} }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const session = data as BnplSessionData
    await this.refreshOptions(modeOf(session))
    if (!session.bnpl_payment_id) {
      return { data }
    }
    const payment = await this.client.getPayment(session.bnpl_payment_id).catch((e) => {
      if (isBnplError(e) && e.status === 404) {
        return undefined // gone: nothing to cancel
      }
      throw e
    })
    if (!payment || payment.expired_at) {
      return { data: { ...session, state: payment?.state ?? session.state } }
    }
    if (hasCharged(payment)) {
      // An accepted payment cannot be cancelled at the service: give back what remains.
      const after = await this.refundRemaining(payment, `medusa-cancel-${session.session_id ?? payment.id}`)
      return {
        data: after ? { ...session, state: after.state, refunds: after.refunds } : { ...session, state: payment.state },
      }
    }
    return { data: { ...session, state: payment.state, cancelled: await this.cancelUnfinished(payment.id) } }
  }

  /**
   * Sessions are deleted whenever a cart total changes or another payment is started: their
   * payment can never become an order. It is recorded as "to settle" and one short attempt is
   * made here (fetched first: refunded if the customer already paid, cancelled otherwise);
   * inside the cart's lock, so bounded and never an error (Medusa fails the whole cart update
   * when a session cannot be deleted). What this attempt cannot do, the retry job does.
   */
  async deletePayment({ data = {} }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const session = data as BnplSessionData
    if (session.bnpl_payment_id) {
      await this.endPayment(
        session.bnpl_payment_id,
        "its payment session was deleted (cart changed or another payment started)",
        modeOf(session)
      )
    }
    return { data }
  }

  async retrievePayment({ data = {} }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const session = data as BnplSessionData
    await this.refreshOptions(modeOf(session))
    const payment = await this.client.getPayment(this.paymentIdOf(session))
    return {
      data: {
        ...session,
        state: payment.state,
        payment_plan: payment.payment_plan,
        refunds: payment.refunds,
      },
    }
  }

  /**
   * A notification only names a payment id. Before anything calls the service it passes the one
   * notification check (`notification-check.ts`: signature, a pid this store's payments
   * hold, the store's token), here as well as in the plugin's route, so Medusa's own webhook
   * route (`POST /hooks/payment/bnpl_bnpl` with `{pid, token}`) costs nothing when forged.
   * Then the payment is re-fetched and the action derived from the service's own answer, for
   * the session and amount this store recorded when it created the payment.
   */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const body = (payload.data ?? {}) as Record<string, unknown>
    const source = settingsSourceFrom(this.container_)
    const accountOptions = async (mode: Mode) =>
      (await effectiveSettings(source, this.providerOptions, process.env, mode)).options
    const check = await checkNotification(
      this.knex,
      { test: await accountOptions("test"), live: await accountOptions("live") },
      {
        pid: body.pid,
        token: body.token,
        headers: payload.headers as Record<string, unknown>,
      }
    )
    if (!check.ok) {
      this.logger.warn(`BNPL notification for ${forLog(body.pid)} ignored: ${check.message}`)
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const recorded = check.payment
    // The payment's own account answers for it, also after the store switched modes.
    await this.refreshOptions(modeOf(recorded))
    const payment = await this.client.getPayment(check.pid, NOTIFICATION_CALL)
    const { status } = statusOf(payment, recorded.purchase_amount, this.options.autoCapture)
    return {
      action: webhookActionOf(status),
      data: { session_id: recorded.session_id, amount: fromCents(payment.purchase_amount, recorded.currency_code) },
    }
  }

  private async createServicePayment(
    data: BnplSessionData,
    plan: Plan,
    cents: number,
    currency: string
  ): Promise<Payment> {
    await this.checkPlanFor(data, plan, cents, currency)
    const returnUrl = returnUrlOf(data, this.options.returnUrl)
    // Kept server-side (bnpl_checkout_snapshot): the session only names it.
    const checkout: CheckoutSnapshot =
      data.checkout ?? (await readCheckoutSnapshot(settingsSourceFrom(this.container_).knex, data.checkout_id)) ?? {}
    const { token } = await notificationToken(this.knex)
    const payment = await this.client.createPayment(
      paymentRequest({
        data,
        plan,
        cents,
        currency,
        checkout,
        returnUrl,
        cancelUrl: this.options.cancelUrl,
        notificationUrl: notificationUrl(this.options.backendUrl, tokenForUrl(this.options, token)),
      })
    )
    await this.record(payment, data, checkout, cents, currency)
    return payment
  }

  /** The merchant's bounds, then the service's eligibility (kept or asked) for this amount. */
  private async checkPlanFor(data: BnplSessionData, plan: Plan, cents: number, currency: string): Promise<void> {
    // The merchant's own bounds first: a plan outside them is refused without a service call.
    // (A cart holding an excluded product is refused by the store route before it gets here.)
    const [outside] = splitByBounds([plan], this.options.planBounds, cents, currency).outside
    if (outside) {
      throw planUnavailable(plan, cents, currency, describeOutside(outside, currency))
    }
    const result =
      keptAnswer(data, plan, cents) ?? (await this.client.checkEligibility({ purchase_amount: cents, ...plan }))
    if (!result.eligible) {
      throw planUnavailable(plan, cents, currency, describeIneligibility(result, currency))
    }
  }

  /**
   * Recorded before the customer can see the page: a notification for it is then recognised
   * without calling the service, and the job can end it if no order ever holds it.
   */
  private async record(
    payment: Payment,
    data: BnplSessionData,
    checkout: CheckoutSnapshot,
    cents: number,
    currency: string
  ) {
    try {
      await recordPayment(this.knex, {
        bnpl_payment_id: payment.id,
        session_id: data.session_id ?? "",
        cart_id: checkout.cart_id ?? null,
        purchase_amount: cents,
        currency_code: currency,
        mode: this.mode,
      })
    } catch (e) {
      await this.cancelQuietly(payment.id)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The instalment payment could not be recorded (${(e as Error).message}); try again`
      )
    }
  }

  /** A refund whose answer was lost: the service may show it a moment later, so look a few times. */
  private async findRefund(paymentId: string, reference: string): Promise<Payment | undefined> {
    for (let look = 0; look < 3; look++) {
      if (look) {
        await new Promise((r) => setTimeout(r, 500 * look))
      }
      const current = await this.client.getPayment(paymentId).catch(() => undefined)
      if (current?.refunds.some((r) => r.merchant_reference === reference)) {
        return current
      }
    }
    return undefined
  }

  /** Refunds what the customer paid and was not given back yet; undefined when nothing remains. */
  private async refundRemaining(payment: Payment, reference: string): Promise<Payment | undefined> {
    const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0)
    const remaining = payment.purchase_amount - refunded
    if (remaining <= 0) {
      return undefined
    }
    return this.client.refundPayment(payment.id, { amount: remaining, merchant_reference: reference })
  }

  /**
   * Cancel a payment nobody paid yet. False when the service refused (already accepted,
   * gone): logged, not thrown.
   */
  private async cancelUnfinished(paymentId: string, call?: CallOptions): Promise<boolean> {
    try {
      await this.client.cancelPayment(paymentId, call)
      return true
    } catch (e) {
      if (isBnplError(e) && e.code === "invalid_request") {
        this.logger.warn(`BNPL payment ${paymentId} was not cancelled: ${e.message}`)
        return false
      }
      throw e
    }
  }

  /** A payment no order will hold: recorded to settle, one short attempt now, never an error. */
  private async endPayment(paymentId: string, reason: string, mode: Mode): Promise<void> {
    try {
      await this.refreshOptions(mode)
      const knex = this.knex
      await markToSettle(knex, paymentId, reason)
      const row = await findPayment(knex, paymentId)
      if (row?.status !== "to_settle") {
        return // an order holds it, or it was settled already
      }
      await settleAndRecord(knex, () => this.client, row, {
        timeoutMs: this.options.eligibilityTimeoutMs,
        retries: 0,
      }).catch((e) =>
        this.logger.warn(
          `BNPL payment ${forLog(paymentId)} not settled yet (the retry job tries again): ${(e as Error).message}`
        )
      )
    } catch (e) {
      this.logger.warn(`BNPL payment ${forLog(paymentId)} could not be recorded as to settle: ${(e as Error).message}`)
    }
  }

  /** For cart changes: one short attempt, never an error (see deletePayment). */
  private async cancelQuietly(paymentId: string): Promise<void> {
    try {
      await this.refreshOptions(this.mode)
      await this.cancelUnfinished(paymentId, { timeoutMs: this.options.eligibilityTimeoutMs, retries: 0 })
    } catch (e) {
      this.logger.warn(`BNPL payment ${paymentId} was not cancelled (it expires on its own): ${(e as Error).message}`)
    }
  }

  private paymentIdOf(session: BnplSessionData): string {
    if (!session.bnpl_payment_id) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "This payment session has no instalment payment yet: create the payment session again"
      )
    }
    return session.bnpl_payment_id
  }
}

export default BnplProviderService
