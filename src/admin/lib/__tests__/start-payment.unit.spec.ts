import type { OrderMessageView } from "../../../lib/http/http-types"
import { canStartPayment, failedTrigger, orderNumber, orderToShipBadge } from "../start-payment"
import { orderMessage } from "./order-message"

const t = (key: string) => key

/** A trigger the service refused, after its three attempts. */
const trigger = (fields: Partial<OrderMessageView>): OrderMessageView =>
  orderMessage({
    kind: "trigger",
    status: "failed",
    outcome: "failed",
    attempts: 3,
    last_error: "Payment expired",
    content: {},
    can_push_again: true,
    ...fields,
  })

describe("orders to ship: the payment's state", () => {
  it("says each state in words, each with its own label", () => {
    const states = ["to_ship", "starting", "not_started", "deadline_passed"] as const
    const labels = states.map((s) => orderToShipBadge(s, t).label)
    expect(labels).toEqual([
      "ordersToShip.states.to_ship",
      "ordersToShip.states.starting",
      "ordersToShip.states.not_started",
      "ordersToShip.states.deadline_passed",
    ])
    expect(orderToShipBadge("not_started", t).color).toBe("red")
  })

  it("offers Start the payment only when it is not started or the deadline passed", () => {
    expect(canStartPayment("not_started")).toBe(true)
    expect(canStartPayment("deadline_passed")).toBe(true)
    expect(canStartPayment("to_ship")).toBe(false)
    expect(canStartPayment("starting")).toBe(false)
  })

  it("names the order by its number, else its id", () => {
    expect(orderNumber(1042, "order_1")).toBe("#1042")
    expect(orderNumber(null, "order_1")).toBe("#order_1")
  })
})

describe("the order page: a trigger the service did not accept", () => {
  const payment = { trigger_deadline: "2026-04-01T00:00:00.000Z" }

  it("is the latest trigger message when it failed", () => {
    const failed = trigger({ id: "new", created_at: "2026-03-13T10:00:00.000Z" })
    const older = trigger({ id: "old", status: "accepted" })
    expect(failedTrigger(payment, [older, failed])?.id).toBe("new")
  })

  it("is nothing when the latest trigger is not failed, there is none, or the payment is not waiting", () => {
    const newer = trigger({ id: "new", status: "pending", created_at: "2026-03-13T10:00:00.000Z" })
    expect(failedTrigger(payment, [trigger({}), newer])).toBeUndefined()
    expect(failedTrigger(payment, [trigger({ kind: "status" })])).toBeUndefined()
    expect(failedTrigger({ trigger_deadline: null }, [trigger({})])).toBeUndefined()
  })
})
