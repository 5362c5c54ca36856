import { orderHoldsPayment } from "./trigger-deadline"
import type { IPaymentModuleService, MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { isBnplError } from "../../../client"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import {
  claimSettleAttempt,
  findPayment,
  markToSettle,
  orderOfCart,
  type Knex,
  type LedgerRow,
} from "../../../modules/bnpl/ledger"
import { settleAndRecord } from "../../../modules/bnpl/ledger-settling"
import { holdingOf, orderOfSession } from "../../../modules/bnpl/medusa-holding"
import { toCents } from "../../../lib/money/money"
import { cancelAwaitingOrder } from "./awaiting-order"
import { clientFor } from "../../../client"
import { modeOf } from "../../../lib/settings/mode"
import { checkNotification } from "../../../providers/bnpl/notification-check"
import { markChecked } from "../../../providers/bnpl/checked-notifications"
import { NOTIFICATION_CALL } from "../../../providers/bnpl/constants"
import { BNPL_PROVIDER_ID as PROVIDER_ID } from "../../../lib/payment/provider-registration"
import { forLog } from "../../../lib/payment/signature"
import {
  isAcceptedAction,
  isEndedAction,
  OUTCOME_BY_LEDGER_STATUS,
  sessionMatches,
  settleDue,
} from "../../../lib/payment/notification"

export type Outcome = {
  status: number
  result: "processed" | "ignored" | "rejected" | "retry" | "settled"
  message: string
  process?: WebhookActionResult
}

export type NotificationInput = { pid: unknown; token: unknown; headers: Record<string, unknown> }

/**
 * Decides what a notification may do. Trusts nothing it carries: it must pass the notification
 * check (no service call otherwise), the provider re-fetches the payment, and its session must
 * be one of this store's, for this payment and amount. A payment whose outcome the ledger knows
 * already (an order holds it, settled, to settle, left to the merchant) is answered without
 * asking the service; one that can no longer become an order (its session is gone) is settled
 * (refunded or cancelled) when its attempt is due. The answer is 200 only once the outcome is
 * settled, non-2xx while it is open, so the service notifies again.
 */
export async function handleNotification(container: MedusaContainer, input: NotificationInput): Promise<Outcome> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const check = await checkNotification(
    knex,
    { test: await bnpl.getOptions("test"), live: await bnpl.getOptions("live") },
    input
  )
  if (!check.ok) {
    logger.warn(`BNPL notification for ${forLog(input.pid)} rejected: ${check.message}`)
    return { status: check.status, result: "rejected", message: check.message }
  }
  return decide(container, check.payment as LedgerRow, { ...input, pid: check.pid })
}

/**
 * The customer is back from the hosted page of a payment the store found itself (a payment
 * link's session, read in Medusa's records, never taken from the request): the notification's
 * decision without its check, so that the return authorizes the payment as the notification
 * would, and only once (`processAccepted`). Without it, a collection with no cart waits for the
 * notification alone.
 */
export async function handleReturn(container: MedusaContainer, pid: string): Promise<Outcome> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const row = await findPayment(knex, pid)
  if (!row) {
    return { status: 404, result: "rejected", message: "unknown payment" }
  }
  return decide(container, row, { pid, token: undefined, headers: {} })
}

/** What a checked notification (or a return) may do for the payment of `row`. */
async function decide(
  container: MedusaContainer,
  row: LedgerRow,
  input: NotificationInput & { pid: string }
): Promise<Outcome> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  // The account of the payment's own mode settles it, also after the store switched modes.
  const options = await bnpl.getOptions(modeOf(row))
  const before = await knownOutcome(container, knex, row, options)
  if (before) {
    return before
  }
  const action = await webhookAction(container, input.pid, input)
  if (!("action" in action)) {
    return action
  }
  // The ledger may have moved meanwhile (the customer came back, the job, a deleted session).
  const now = (await findPayment(knex, input.pid)) as LedgerRow
  const after = await knownOutcome(container, knex, now, options)
  if (after) {
    return after
  }
  if (!isAcceptedAction(action.action)) {
    return notAccepted(container, knex, now, action)
  }
  return accepted(container, knex, now, action, options)
}

/**
 * The outcome of a payment that is no longer open, without a service call: an order's payment or
 * a settled one answers at once (processing an order's payment again would emit its events a
 * second time); one to settle gets its attempt only once due (the backoff after a failed
 * attempt, the claimant's turn), never sooner, however many notifications come; one whose
 * settling failed is left to the merchant. `undefined`: the payment is open.
 */
async function knownOutcome(
  container: MedusaContainer,
  knex: Knex,
  row: LedgerRow,
  options: Parameters<typeof clientFor>[0]
): Promise<Outcome | undefined> {
  const known = OUTCOME_BY_LEDGER_STATUS[row.status]
  if (!known) {
    return undefined
  }
  if (known.kind === "answer") {
    return { status: 200, result: known.result, message: known.message }
  }
  // Due, and claimed by this notification (another one, or the claimant, may be attempting it).
  if (!settleDue(row, new Date()) || !(await claimSettleAttempt(knex, row.id))) {
    return { status: 503, result: "retry", message: "the payment is being settled; notify again later" }
  }
  return settleNow(container, knex, row, options)
}

/** The provider's verdict from the service's own answer, or the outcome when it cannot give one. */
async function webhookAction(
  container: MedusaContainer,
  pid: string,
  input: NotificationInput
): Promise<WebhookActionResult | Outcome> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  try {
    return await payments.getWebhookActionAndData({
      provider: PROVIDER_ID,
      payload: {
        data: markChecked({ pid, token: input.token }),
        rawData: "",
        headers: input.headers as Record<string, string>,
      },
    })
  } catch (e) {
    if (isBnplError(e) && e.code === "invalid_request" && e.status === 404) {
      logger.warn(`BNPL notification for unknown payment ${forLog(pid)} rejected`)
      return { status: 404, result: "rejected", message: "unknown payment" }
    }
    // Service down or misconfigured: answer non-2xx so the service notifies again later.
    logger.warn(`BNPL notification for ${forLog(pid)} could not be checked: ${(e as Error).message}`)
    return { status: 503, result: "retry", message: "the payment could not be checked now; notify again later" }
  }
}

/**
 * The service accepted an open payment: Medusa processes it if its session is still this
 * store's, for this payment and amount, and no order holds it yet.
 */
async function accepted(
  container: MedusaContainer,
  knex: Knex,
  row: LedgerRow,
  action: WebhookActionResult,
  options: Parameters<typeof clientFor>[0]
): Promise<Outcome> {
  const pid = row.bnpl_payment_id
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const session = await payments.retrievePaymentSession(row.session_id).catch(() => undefined)
  if (!session) {
    // The claimant attempts it at once; if another claimed it meanwhile, its turn is respected.
    const claimed = await markToSettle(knex, pid, "paid after its payment session was deleted")
    const current = (await findPayment(knex, pid)) as LedgerRow
    if (claimed) {
      return settleNow(container, knex, current, options)
    }
    return (
      (await knownOutcome(container, knex, current, options)) ?? {
        status: 503,
        result: "retry",
        message: "the payment could not be checked now; notify again later",
      }
    )
  }
  if (!sessionMatches(session, pid, action.data!.amount)) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `BNPL notification for ${forLog(pid)} rejected: it does not match a payment session of this store (amount or payment id differ)`
      )
    return { status: 400, result: "rejected", message: "the payment does not match a payment session of this store" }
  }
  const holding = await holdingOf(knex, row.session_id)
  if (holding.by === "order") {
    // The customer came back first: the order holds the payment already. Processing the
    // notification again would capture (and announce) it a second time.
    await orderHoldsPayment(container, pid, holding.order_id)
    return { status: 200, result: "processed", message: "the order was placed" }
  }
  if (!row.cart_id && holding.by === "nobody" && (await orderOfSession(knex, row.session_id))?.status === "canceled") {
    // What a cancelled order owed (its payment link paid late): never its payment; given back.
    const claimed = await markToSettle(knex, pid, "paid after its order was cancelled")
    return claimed
      ? settleNow(container, knex, (await findPayment(knex, pid)) as LedgerRow, options)
      : { status: 503, result: "retry", message: "the payment is being settled; notify again later" }
  }
  if (holding.by !== "awaiting" && (await orderOfCart(knex, row.cart_id))) {
    // The cart is an order, and Medusa holds no payment of this session: its completion is
    // authorizing it this moment, or this is a second payment made on a completed cart, which
    // Medusa never authorizes (the job refunds it once its page expired, under the cart's lock).
    return {
      status: 503,
      result: "retry",
      message: "the cart's order does not hold this payment yet; notify again later",
    }
  }
  return { status: 200, result: "processed", message: "payment accepted", process: action }
}

/**
 * After Medusa processed an accepted payment: an order for its cart settles it; otherwise the
 * cart could not become an order (yet: another request may hold its lock), so the service is
 * asked to notify again. The retry job refunds it if no order ever holds it.
 */
export async function afterProcessing(container: MedusaContainer, pid: string): Promise<Outcome> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const row = await findPayment(knex, pid)
  const holding = row ? await holdingOf(knex, row.session_id) : undefined
  if (holding?.by === "order") {
    // A cart's order, or the order whose own collection this pays (an edit, a claim, a link).
    await orderHoldsPayment(container, pid, holding.order_id)
    return { status: 200, result: "processed", message: "payment accepted" }
  }
  return { status: 503, result: "retry", message: "the cart could not become an order yet; notify again later" }
}

/**
 * A payment the service did not accept (refused, expired, stopped, not paid yet). An order placed
 * while it was being reviewed (`pending_authorization`) is cancelled once the service refused it.
 */
async function notAccepted(
  container: MedusaContainer,
  knex: Knex,
  row: LedgerRow,
  action: WebhookActionResult
): Promise<Outcome> {
  if (
    action.action === PaymentActions.FAILED &&
    toCents(action.data!.amount, row.currency_code) !== row.purchase_amount
  ) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `BNPL notification for ${forLog(row.bnpl_payment_id)} rejected: the service reports another amount than the session's`
      )
    return { status: 400, result: "rejected", message: "the payment does not match a payment session of this store" }
  }
  const holding = isEndedAction(action.action) ? await holdingOf(knex, row.session_id) : undefined
  const orderId = holding?.by === "awaiting" ? holding.order_id : undefined
  if (orderId) {
    await cancelAwaitingOrder(
      container,
      knex,
      row,
      orderId,
      `the service did not accept the payment (${action.action})`
    )
    return { status: 200, result: "settled", message: "the order waiting for this payment was cancelled" }
  }
  return { status: 200, result: "ignored", message: `nothing to do (payment ${action.action})` }
}

/** One attempt to end a payment no order will hold; 200 once settled, 503 while open. */
async function settleNow(
  container: MedusaContainer,
  knex: Knex,
  row: LedgerRow,
  options: Parameters<typeof clientFor>[0]
): Promise<Outcome> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const done = await settleAndRecord(knex, options, row, NOTIFICATION_CALL, row, logger)
    logger.info(`BNPL payment ${forLog(row.bnpl_payment_id)} settled without an order (${done.status}): ${row.reason}`)
    return { status: 200, result: "settled", message: `no order can hold this payment: ${done.status}` }
  } catch {
    return { status: 503, result: "retry", message: "the payment is being settled; notify again later" }
  }
}
