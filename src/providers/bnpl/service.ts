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
import { fromCents, toCents } from "../../lib/money/money"
// The one sideways import (with the ledger below): the provider runs in the payment module's
// container, so it reads the plugin module's tables through the settings reader's connection,
// not through the module service.
import { currencyProblem, validateOptions, type BnplOptions } from "../../modules/bnpl/settings"
import { forLog } from "../../lib/payment/signature"
import { modeOf, MODES, type Mode } from "../../lib/settings/mode"
import { BNPL_PROVIDER_IDENTIFIER } from "../../lib/payment/provider-registration"
import { claimForOrder, findPayment } from "../../modules/bnpl/ledger"
import type { BnplSessionData } from "./types"
import { AUTHORIZE_CALL, NOTIFICATION_CALL } from "./constants"
import { isAuthorizedStatus, statusOf, webhookActionOf, type StatusVerdict } from "./status"
import { forTheStorefront } from "./errors"
import { chosenPlan, sessionData } from "./payment-request"
import { checkNotification } from "./notification-check"
import { wasChecked } from "./checked-notifications"
import { operationFor, type Operation } from "./operation"
import { createServicePayment } from "./creation"
import { cancelForMedusa, endPayment } from "./ending"
import { refundForMedusa } from "./refund"
import { medusaRefusal } from "../../lib/infrastructure/medusa-version"

type Injected = { logger: Logger } & Record<string, unknown>

/**
 * Payment provider `pp_bnpl_bnpl`: the customer picks a plan, pays on the service's hosted
 * page, and the payment is authorized/captured once the service accepted it.
 *
 * One instance serves every request of the process: each operation resolves its account once
 * (`operationFor`: options, mode, client) and passes it down; nothing about one operation is
 * kept on the instance, where a concurrent operation of the other account could read it.
 */
class BnplProviderService extends AbstractPaymentProvider<BnplOptions> {
  static identifier = BNPL_PROVIDER_IDENTIFIER

  protected readonly logger: Logger
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
  }

  /** The account of `mode` (a payment's own), or the store's current one for a new payment. */
  protected operation(mode?: Mode): Promise<Operation> {
    return operationFor(
      { container: this.container_, providerOptions: this.providerOptions, logger: this.logger },
      mode
    )
  }

  /**
   * Outside the tested Medusa versions a new payment is refused with the sentence that says why
   * (lib/infrastructure/medusa-version.ts); everything a payment already taken needs goes on.
   */
  private refuseNewPaymentOnUntestedMedusa(): void {
    const refusal = medusaRefusal()
    if (refusal) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
    }
  }

  async initiatePayment({ amount, currency_code, data = {} }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    this.refuseNewPaymentOnUntestedMedusa()
    const op = await this.operation()
    const input = data as BnplSessionData
    const plan = chosenPlan(input, op.options.plans)
    const currency = currency_code.toLowerCase()
    const unsupported = currencyProblem(op.options, currency)
    if (unsupported) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, unsupported)
    }
    const cents = toCents(amount, currency)
    const payment = await createServicePayment(op, input, plan, cents, currency).catch(forTheStorefront(this.logger))
    return { id: payment.id, data: sessionData(input, plan, cents, currency, payment, op.mode) }
  }

  async updatePayment({ amount, currency_code, data = {} }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = data as BnplSessionData
    const currency = (currency_code ?? current.currency_code ?? "").toLowerCase()
    const cents = toCents(amount, currency)
    const sameAmount = !!current.bnpl_payment_id && current.purchase_amount === cents
    if (sameAmount && !(await this.checkoutChanged(current))) {
      return { data: current }
    }
    if (!current.session_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This instalment payment cannot be changed: create a new payment session for the new amount"
      )
    }
    this.refuseNewPaymentOnUntestedMedusa()
    // Never leave a payment for a stale amount or stale details: make the new one, then end the old one.
    // The new payment is made in the store's current mode; the old one is ended in its own.
    const op = await this.operation()
    const plan = chosenPlan(current, op.options.plans)
    const payment = await createServicePayment(op, current, plan, cents, currency).catch(forTheStorefront(this.logger))
    const next = sessionData(current, plan, cents, currency, payment, op.mode)
    if (current.bnpl_payment_id) {
      await endPayment(
        await this.operation(modeOf(current)),
        current.bnpl_payment_id,
        sameAmount ? "replaced by a payment with the cart's new details" : "replaced by a payment for the new amount"
      )
    }
    return { data: next }
  }

  /**
   * The session names another checkout snapshot than the one its payment was made with (the
   * ledger's): the cart hook found the details the service holds changed. The service's edit
   * endpoint takes only shipping information, so new details mean a new payment.
   */
  private async checkoutChanged(session: BnplSessionData): Promise<boolean> {
    const knex = this.container_.__pg_connection__ as Parameters<typeof findPayment>[0]
    const row =
      session.checkout_id && session.bnpl_payment_id ? await findPayment(knex, session.bnpl_payment_id) : undefined
    return !!row?.checkout_id && row.checkout_id !== session.checkout_id
  }

  /**
   * Cart completion: the service's answer, then the ledger's claim. A payment the ledger already
   * sent to settling, or settled (refunded by the job while the customer was away), never
   * becomes an order's, whatever the service says now; the claim is one conditional update, so
   * a job settling the same payment at the same moment and this authorization never both win.
   */
  async authorizePayment({ data = {} }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const session = data as BnplSessionData
    const op = await this.operation(modeOf(session))
    const paymentId = this.paymentIdOf(session)
    const { state, verdict: answered } = await this.verdictOf(op, session, paymentId)
    let verdict = answered
    if (isAuthorizedStatus(verdict.status)) {
      const claim = await claimForOrder(op.knex, paymentId)
      if (!claim.ok) {
        verdict = {
          status: PaymentSessionStatus.CANCELED,
          reason: `the payment was ended without an order (${claim.status}): it cannot become one`,
        }
      }
    }
    if (verdict.reason && verdict.status !== PaymentSessionStatus.PENDING) {
      this.logger.warn(`BNPL payment ${paymentId} not authorized: ${verdict.reason}`)
    }
    return { status: verdict.status, data: { ...session, state, failure_reason: verdict.reason ?? null } }
  }

  async getPaymentStatus({ data = {} }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const session = data as BnplSessionData
    const op = await this.operation(modeOf(session))
    const { verdict, state } = await this.verdictOf(op, session, this.paymentIdOf(session))
    return { status: verdict.status, data: { ...session, state, failure_reason: verdict.reason ?? null } }
  }

  /** The service's answer for the amount recorded when the payment was created (the session's, for older ones). */
  private async verdictOf(op: Operation, session: BnplSessionData, paymentId: string) {
    // Runs inside cart completion's lock: bounded; the notification completes the cart otherwise.
    const [payment, row] = await Promise.all([
      op.client().getPayment(paymentId, AUTHORIZE_CALL),
      findPayment(op.knex, paymentId),
    ])
    const expected = row?.purchase_amount ?? session.purchase_amount
    const verdict: StatusVerdict =
      expected === undefined
        ? { status: PaymentSessionStatus.ERROR, reason: "the session does not say the amount it was made for" }
        : statusOf(payment, expected, op.options.autoCapture)
    return { verdict, state: payment.state }
  }

  /**
   * The service charges the customer when it accepts: capture only records it in Medusa. A
   * pay-at-shipment payment is charged when its order ships (the trigger): capturing it before
   * would record money the service has not taken.
   */
  async capturePayment({ data = {} }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const session = data as BnplSessionData
    if (session.pay_at_shipment && session.bnpl_payment_id) {
      const row = await findPayment(
        this.container_.__pg_connection__ as Parameters<typeof findPayment>[0],
        session.bnpl_payment_id
      )
      if (row?.pay_at_shipment && !row.triggered_at) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "This instalment payment is taken when its order ships (pay at shipment): it is captured once the order's shipment starts it, not before"
        )
      }
    }
    return { data }
  }

  /** Medusa names the refund (`idempotency_key`: its refund id): the service's refund carries it. */
  async refundPayment({ amount, data = {}, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = data as BnplSessionData
    const op = await this.operation(modeOf(session))
    const key = context?.idempotency_key
    return { data: await refundForMedusa(op, session, this.paymentIdOf(session), amount, key) }
  }

  async cancelPayment({ data = {} }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const session = data as BnplSessionData
    return { data: await cancelForMedusa(await this.operation(modeOf(session)), session) }
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
      await endPayment(
        await this.operation(modeOf(session)),
        session.bnpl_payment_id,
        "its payment session was deleted (cart changed or another payment started)"
      )
    }
    return { data }
  }

  async retrievePayment({ data = {} }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const session = data as BnplSessionData
    const op = await this.operation(modeOf(session))
    const payment = await op.client().getPayment(this.paymentIdOf(session))
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
   * hold, the store's token), so Medusa's own webhook route (`POST /hooks/payment/bnpl_bnpl`
   * with `{pid, token}`) costs nothing when forged. A payload the plugin's own route checked
   * already (`checked-notifications.ts`) is not checked twice. Then the payment is re-fetched and the
   * action derived from the service's own answer, for the amount recorded at creation. Only for
   * an open payment: one an order holds already (`ordered`), or one the ledger ended (settled,
   * or being settled), is `not_supported` without a service call, so a replay never has Medusa
   * capture it again and announce it (`payment.captured`) a second time.
   */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const body = (payload.data ?? {}) as Record<string, unknown>
    const recorded = await this.notifiedPayment(payload.data, body, payload.headers as Record<string, unknown>)
    if (recorded?.status !== "open") {
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    // The payment's own account answers for it, also after the store switched modes.
    const op = await this.operation(modeOf(recorded))
    const payment = await op.client().getPayment(recorded.bnpl_payment_id, NOTIFICATION_CALL)
    const { status } = statusOf(payment, recorded.purchase_amount, op.options.autoCapture)
    return {
      action: webhookActionOf(status),
      data: { session_id: recorded.session_id, amount: fromCents(payment.purchase_amount, recorded.currency_code) },
    }
  }

  /** The ledger row a notification names, once it passed the one notification check. */
  private async notifiedPayment(data: unknown, body: Record<string, unknown>, headers: Record<string, unknown>) {
    const knex = this.container_.__pg_connection__ as Parameters<typeof findPayment>[0]
    if (wasChecked(data) && typeof body.pid === "string") {
      return findPayment(knex, body.pid)
    }
    const accounts = await Promise.all(MODES.map(async (mode) => (await this.operation(mode)).options))
    const check = await checkNotification(
      knex,
      { test: accounts[MODES.indexOf("test")], live: accounts[MODES.indexOf("live")] },
      { pid: body.pid, token: body.token, headers }
    )
    if (!check.ok) {
      this.logger.warn(`BNPL notification for ${forLog(body.pid)} ignored: ${check.message}`)
      return undefined
    }
    return check.payment
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
