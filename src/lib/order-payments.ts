import { BNPL_PROVIDER_ID } from "./provider-registration"

/** An order's payment as `query.graph` gives it (`payment_collections.payments.*`). */
export type OrderPaymentLike = { provider_id?: string; data?: Record<string, unknown> | null; canceled_at?: unknown }
type OrderLike =
  { payment_collections?: ({ payments?: (OrderPaymentLike | null)[] | null } | null)[] | null } | null | undefined

/** Every payment of the order made with this plugin (cancelled ones included). */
export function bnplPaymentsOf<P extends OrderPaymentLike>(order: OrderLike): P[] {
  return (order?.payment_collections ?? [])
    .flatMap((pc) => pc?.payments ?? [])
    .filter((p): p is P => !!p && p.provider_id === BNPL_PROVIDER_ID)
}

/** The order's live BNPL payment (not cancelled), if any. */
export function liveBnplPaymentOf<P extends OrderPaymentLike>(order: OrderLike): P | undefined {
  return bnplPaymentsOf<P>(order).find((p) => !p.canceled_at)
}

/** The service payment ids an order's BNPL payments hold (cancelled payments included). */
export function servicePaymentIdsOf(order: OrderLike): string[] {
  return bnplPaymentsOf(order)
    .map((p) => p.data?.bnpl_payment_id)
    .filter((pid): pid is string => !!pid && typeof pid === "string")
}
