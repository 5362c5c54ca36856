import type { OrderMessageView, OrderPaymentView, OrderToShipView } from "../../lib/http/http-types"
import type { Translate } from "./i18n"

type State = OrderToShipView["state"]

/** Each state's colour: a second cue only, the label says it (WCAG 1.4.1). */
const STATE_COLORS: Record<State, "grey" | "blue" | "red"> = {
  to_ship: "grey",
  starting: "blue",
  not_started: "red",
  deadline_passed: "red",
}

/** A pay-at-shipment order's state in the merchant's words ("To ship", "Starting…", …). */
export function orderToShipBadge(state: State, t: Translate): { label: string; color: "grey" | "blue" | "red" } {
  return STATE_COLORS[state]
    ? { label: t(`ordersToShip.states.${state}`), color: STATE_COLORS[state] }
    : { label: String(state), color: "grey" }
}

/** Whether "Start the payment" is offered: the service refused it, the plugin gave up, or the deadline passed. */
export const canStartPayment = (state: State) => state === "not_started" || state === "deadline_passed"

/** The order as the merchant knows it: "#1042" (its id when it has no number). */
export const orderNumber = (displayId: number | string | null | undefined, orderId: string) =>
  `#${displayId ?? orderId}`

/**
 * On the order page: the trigger the service did not accept, when the payment is pay at shipment
 * and not started (`trigger_deadline` set) and the order's latest trigger message failed.
 */
export function failedTrigger(
  payment: Pick<OrderPaymentView, "trigger_deadline">,
  messages: OrderMessageView[]
): OrderMessageView | undefined {
  if (!payment.trigger_deadline) {
    return undefined
  }
  const latest = messages
    .filter((m) => m.kind === "trigger")
    .reduce<OrderMessageView | undefined>(
      (last, m) => (!last || Date.parse(m.created_at) > Date.parse(last.created_at) ? m : last),
      undefined
    )
  return latest?.status === "failed" ? latest : undefined
}
