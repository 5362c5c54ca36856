import { PaymentActions } from "@medusajs/framework/utils"
import { toCents, type MedusaAmount } from "../money/money"
import { BNPL_PROVIDER_ID } from "./provider-registration"
import { sameSecret } from "./signature"

/**
 * What a service notification means, without I/O. A notification only names a payment id (and
 * carries the store's token in its URL, or a signature): everything else comes from the
 * service's own answer.
 */

/** A service payment id as the service makes them: anything else is refused before any query. */
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,100}$/

export function isPaymentId(value: unknown): value is string {
  return typeof value === "string" && PAYMENT_ID.test(value)
}

/**
 * The plugin's notification route on this backend. Each payment is sent it with the store's
 * token (`tokenForUrl`); without a token it is the route of payments whose signature is checked,
 * and the route as Verify shows it to the merchant.
 */
export function notificationUrl(backendUrl: string, token?: string): string {
  const route = `${backendUrl}/hooks/bnpl/notification`
  return token === undefined ? route : `${route}?token=${token}`
}

/**
 * The token rule: a payment whose notification URL carried a token needs one of the tokens
 * accepted for it back (`acceptedTokensFor`), each compared in constant time; one made before
 * the upgrade (no token in its URL) does not.
 */
export function tokenAccepted(
  payment: { token_in_url: boolean },
  given: unknown,
  accepted: readonly string[]
): boolean {
  // Every token is compared (no early exit): the time taken does not say which one matched.
  const matches = accepted.map((token) => sameSecret(given, token))
  return !payment.token_in_url || matches.includes(true)
}

/** The service accepted the payment: Medusa may complete the cart with it. */
export function isAcceptedAction(action: string): boolean {
  return action === PaymentActions.SUCCESSFUL || action === PaymentActions.AUTHORIZED
}

/** The service ended the payment without accepting it (refused, expired, stopped). */
export function isEndedAction(action: string): boolean {
  return action === PaymentActions.CANCELED || action === PaymentActions.FAILED
}

/**
 * What a notification does for a payment whose outcome the ledger already knows, without asking
 * the service: settled ones and ordered ones answer 200 at once (processing an ordered one again
 * would emit its events a second time); one to settle is settled when its attempt is due
 * (`settleDue`), never sooner; one whose settling failed is the merchant's (admin "Try again",
 * or the job once its account changes), never attempted from a notification.
 * `undefined`: the payment is open (or authorized with no order named yet), the service's answer
 * and Medusa's records decide.
 */
export type KnownOutcome =
  { kind: "answer"; result: "settled" | "processed" | "ignored"; message: string } | { kind: "settle" }

export const OUTCOME_BY_LEDGER_STATUS: Record<string, KnownOutcome | undefined> = {
  cancelled: { kind: "answer", result: "settled", message: "settled without an order (cancelled)" },
  refunded: { kind: "answer", result: "settled", message: "settled without an order (refunded)" },
  ordered: { kind: "answer", result: "processed", message: "the order was placed" },
  to_settle: { kind: "settle" },
  failed: {
    kind: "answer",
    result: "ignored",
    message: "settling it failed: left to the merchant (payments without an order)",
  },
  open: undefined,
  // Medusa authorized it; whether an order holds it is read in Medusa's records (medusa-holding.ts).
  authorized: undefined,
}

/**
 * A payment to settle may be attempted now: its backoff (or the claimant's turn) is over. The
 * same rule as the settle job's (`paymentsToSettle`), so repeated notifications never attempt
 * it faster than the job would.
 */
export function settleDue(row: { next_attempt_at?: Date | string | null }, now: Date): boolean {
  return row.next_attempt_at == null || new Date(row.next_attempt_at).getTime() <= now.getTime()
}

/** A payment session as the notification sees it (Medusa's `payment_session`). */
export type NotifiedSession = {
  provider_id: string
  amount: MedusaAmount
  currency_code: string
  data?: Record<string, unknown> | null
}

/**
 * The session the ledger names is this provider's, for this payment, and for the amount the
 * service accepted (compared in cents): anything else is refused, never processed.
 */
export function sessionMatches(session: NotifiedSession, pid: string, acceptedAmount: MedusaAmount): boolean {
  const data = (session.data ?? {}) as Record<string, unknown>
  return (
    session.provider_id === BNPL_PROVIDER_ID &&
    data.bnpl_payment_id === pid &&
    toCents(session.amount, session.currency_code) === toCents(acceptedAmount, session.currency_code)
  )
}
