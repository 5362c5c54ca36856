import { toCents, type MedusaAmount } from "../money/money"
import { BNPL_PROVIDER_ID } from "./provider-registration"

/** An order's payment as `query.graph` gives it (`payment_collections.payments.*`). */
export type OrderPaymentLike = {
  provider_id?: string
  data?: Record<string, unknown> | null
  canceled_at?: unknown
  created_at?: unknown
}
type OrderLike =
  { payment_collections?: ({ payments?: (OrderPaymentLike | null)[] | null } | null)[] | null } | null | undefined

/** Every payment of the order made with this plugin (cancelled ones included), oldest first. */
export function bnplPaymentsOf<P extends OrderPaymentLike>(order: OrderLike): P[] {
  const time = (p: OrderPaymentLike) => (p.created_at ? new Date(p.created_at as string).getTime() : 0)
  return (order?.payment_collections ?? [])
    .flatMap((pc) => pc?.payments ?? [])
    .filter((p): p is P => !!p && p.provider_id === BNPL_PROVIDER_ID)
    .map((p, i) => ({ p, i }))
    .sort((a, b) => time(a.p) - time(b.p) || a.i - b.i) // stable: the graph's order when times are equal or absent
    .map(({ p }) => p)
}

/**
 * A payment made at the cart's checkout (its session names the checkout), not one of what the
 * order owes later on a collection of its own (an edit, a claim, a payment link: no checkout).
 */
const ofCheckout = (p: OrderPaymentLike) => !p.data?.owed_order_id && !!(p.data?.checkout_id || p.data?.checkout)

/**
 * The order's live BNPL payment, the one it was placed with: its latest one not cancelled made
 * at the checkout (else its latest not cancelled). Only one is live in the usual life; two when
 * a completion failed after authorizing and Medusa's cancel could not reach the service: the
 * first stays in the collection beside the one the order was placed with, the latest (see
 * `earlierBnplPayments`). A payment of what the order owes later is not it.
 */
export function liveBnplPaymentOf<P extends OrderPaymentLike>(order: OrderLike): P | undefined {
  const live = bnplPaymentsOf<P>(order).filter((p) => !p.canceled_at)
  return live.filter(ofCheckout).at(-1) ?? live.at(-1)
}

/**
 * The payment the order was placed with, cancelled or not: a cancelled order's status goes to
 * it (the service attached the order to it), not to a later payment of what the order owed.
 */
export function placedWithPaymentOf<P extends OrderPaymentLike>(order: OrderLike): P | undefined {
  const all = bnplPaymentsOf<P>(order)
  return all.filter(ofCheckout).at(-1) ?? all.at(-1)
}

/** The fields `earlierBnplPayments` needs besides the order's payments' own. */
export const ENDED_PAYMENT_FIELDS = [
  "payment_collections.payments.created_at",
  "payment_collections.payments.currency_code",
  "payment_collections.payments.captures.amount",
  "payment_collections.payments.refunds.amount",
]

type Amounts = { amount?: MedusaAmount | null }[] | null | undefined
export type EarlierPayment = { id: string; bnpl_payment_id: string; captured_cents: number; refunded_cents: number }

/**
 * The order's other live BNPL payments, left from a completion that failed after authorizing
 * (the plugin ended their service payment once their session went): what Medusa captured and
 * refunded on each, in cents. Read with `ENDED_PAYMENT_FIELDS`. `withLive`: the one it was
 * placed with too (Medusa's authorization is idempotent: a completion after a failed one places
 * the order with the payment whose cancel failed, which the plugin may have ended meanwhile).
 */
export function earlierBnplPayments(
  order: OrderLike & { currency_code?: string },
  { withLive = false }: { withLive?: boolean } = {}
): EarlierPayment[] {
  type Read = OrderPaymentLike & { id: string; currency_code?: string; captures?: Amounts; refunds?: Amounts }
  const live = liveBnplPaymentOf<Read>(order)
  const cents = (rows: Amounts, currency: string) =>
    (rows ?? []).reduce((sum, r) => sum + toCents(r?.amount ?? 0, currency), 0)
  return bnplPaymentsOf<Read>(order)
    .filter(
      (p) =>
        (withLive || p !== live) &&
        !p.canceled_at &&
        typeof p.data?.bnpl_payment_id === "string" &&
        // A failed completion's payment is a checkout's; what the order owes later never is.
        !p.data?.owed_order_id &&
        (ofCheckout(p) || !ofCheckout(live ?? {}))
    )
    .map((p) => {
      const currency = p.currency_code ?? order?.currency_code ?? "eur"
      return {
        id: p.id,
        bnpl_payment_id: p.data!.bnpl_payment_id as string,
        captured_cents: cents(p.captures, currency),
        refunded_cents: cents(p.refunds, currency),
      }
    })
}

/** The service payment ids an order's BNPL payments hold (cancelled payments included). */
export function servicePaymentIdsOf(order: OrderLike): string[] {
  return bnplPaymentsOf(order)
    .map((p) => p.data?.bnpl_payment_id)
    .filter((pid): pid is string => !!pid && typeof pid === "string")
}

/** The fields `payAtShipmentRefusal` reads of an order (under `prefix`, e.g. "order."). */
export const LINK_PAY_AT_SHIPMENT_FIELDS = [
  "fulfillments.shipped_at",
  "fulfillments.canceled_at",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.canceled_at",
]

/**
 * Why a payment of what an order owes (a payment link) cannot be paid at shipment, or undefined:
 * the goods have left (the schedule starts when they leave), or the order already holds a live
 * instalment payment (the messages after the order, the trigger among them, follow that one:
 * a second payment waiting for a shipment would never be started).
 */
export function payAtShipmentRefusal(
  order: (OrderLike & { display_id?: number | string | null }) | null | undefined,
  shipped: boolean
): string | undefined {
  if (!order) return undefined
  const number = order.display_id ?? ""
  if (shipped) {
    return `Pay at shipment is not offered for order #${number}: it has already shipped. Choose another plan.`
  }
  if (bnplPaymentsOf(order).some((p) => !p.canceled_at)) {
    return `Pay at shipment is not offered for order #${number}: the order is already paid in instalments, and its shipment starts that payment only. Choose another plan.`
  }
  return undefined
}
