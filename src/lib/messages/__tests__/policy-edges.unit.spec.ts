import { MAX_MESSAGE_ATTEMPTS } from "../retry"
import { triggerAllowed } from "../kinds/trigger"
import { decideMessage, lastAcceptedOf, ONCE_KINDS } from "../policy"
import { accepted, at, row, statusRow } from "./message-rows"

/**
 * The message policy's edges (policy.ts), beside policy.unit.spec.ts: what counts as accepted,
 * which rows are "the same kind", the reference kind ordered by time, the words recorded, and
 * whether the trigger may start a payment by the ledger's status. The mutation run
 * (docs/figures.md, "Mutation testing") found each of these untested.
 */
const reference = accepted({
  id: "ref",
  kind: "order",
  service_order_id: "order_svc",
  payload: { merchant_reference: "1042" },
  payload_hash: "ref",
  created_at: at(0),
})

describe("the message policy's edges", () => {
  it("the kinds sent once per content: the trigger and the parcels, not a state the next replaces", () => {
    expect(ONCE_KINDS).toEqual(expect.arrayContaining(["tracking", "trigger"]))
    expect(ONCE_KINDS).not.toContain("status")
    expect(ONCE_KINDS).not.toContain("shipping_info")
  })

  it("the words recorded for a message that is not sent", () => {
    expect(decideMessage(row({ id: "m", kind: "order", bnpl_payment_id: null }), [])).toEqual({
      action: "skip",
      reason: "the payment has no service payment id",
    })
    const status = row({ id: "s", kind: "status" })
    const pending = row({ id: "r", kind: "order", created_at: at(0) })
    expect(decideMessage(status, [pending, status])).toEqual({
      action: "fail",
      message: "waiting for the order to be attached to the payment",
      final: false,
    })
    expect(decideMessage(status, [{ ...pending, status: "failed" }, status])).toEqual({
      action: "fail",
      message: "the order could not be attached to the payment",
      final: true,
    })
    expect(decideMessage(status, [{ ...pending, status: "unavailable" }, status])).toEqual({
      action: "unavailable",
      reason: "the service account cannot attach orders, so it has nothing to attach this to",
    })
  })

  it("waits for the reference up to the last attempt", () => {
    const pending = row({ id: "r", kind: "order", created_at: at(0) })
    const status = (attempts: number) => row({ id: "s", kind: "status", attempts })
    expect(decideMessage(status(MAX_MESSAGE_ATTEMPTS - 2), [pending])).toMatchObject({ final: false })
    expect(decideMessage(status(MAX_MESSAGE_ATTEMPTS - 1), [pending])).toMatchObject({ final: true })
  })

  it("one reference unavailable among others is enough; one failed among others not", () => {
    const status = row({ id: "s", kind: "status" })
    const failed = row({ id: "r1", kind: "order", status: "failed", created_at: at(0) })
    const unavailable = row({ id: "r2", kind: "order", status: "unavailable", created_at: at(0) })
    const pending = row({ id: "r3", kind: "order", created_at: at(0) })
    expect(decideMessage(status, [failed, unavailable, status]).action).toBe("unavailable")
    expect(decideMessage(status, [failed, pending, status])).toMatchObject({ action: "fail", final: false })
  })

  it("a reference is skipped only for a later accepted reference, not an earlier or a simultaneous one", () => {
    const mine = row({ id: "r2", kind: "order", payload_hash: "mine", created_at: at(5) })
    const later = accepted({ id: "r3", kind: "order", payload_hash: "later", created_at: at(6) })
    const earlier = accepted({ id: "r1", kind: "order", payload_hash: "earlier", created_at: at(4) })
    const together = accepted({ id: "r0", kind: "order", payload_hash: "together", created_at: at(5) })
    expect(decideMessage(mine, [later, mine])).toEqual({ action: "skip", reason: "a later order was accepted" })
    expect(decideMessage(mine, [earlier, mine])).toEqual({ action: "push" })
    expect(decideMessage(mine, [together, mine])).toEqual({ action: "push" })
    // Recorded without a time: the oldest.
    expect(decideMessage({ ...mine, created_at: null }, [earlier, mine]).action).toBe("skip")
  })

  it("only accepted messages of the same kind count: pending or failed ones, and other kinds, do not", () => {
    const mine = row({ id: "r2", kind: "order", payload_hash: "mine", created_at: at(5) })
    const laterPending = row({ id: "r3", kind: "order", payload_hash: "later", created_at: at(6) })
    const laterFailed = { ...laterPending, id: "r4", status: "failed" }
    const laterStatus = accepted({ id: "s", kind: "status", payload_hash: "mine", created_at: at(7) })
    expect(decideMessage(mine, [laterPending, laterFailed, laterStatus, mine])).toEqual({ action: "push" })
    // The trigger: an accepted message of another kind with the same content does not make it sent.
    const trigger = row({ id: "t", kind: "trigger", payload_hash: "x" })
    expect(decideMessage(trigger, [accepted({ id: "o", kind: "order", payload_hash: "x" }), trigger])).toEqual({
      action: "push",
    })
    // A status: another kind ranked or not, accepted later, does not overtake it.
    const shipped = statusRow("s1", "shipped")
    const laterRef = accepted({ id: "r9", kind: "order", payload_hash: "shipped", created_at: at(9) })
    expect(decideMessage(shipped, [reference, laterRef, shipped])).toMatchObject({ action: "push" })
  })

  it("a status ranked lower than an accepted one is skipped with its reason; a higher one goes", () => {
    const delivered = statusRow("d", "delivered", { status: "accepted", accepted_sequence: 1 })
    const shipped = statusRow("s", "shipped")
    const canceled = statusRow("c", "canceled")
    expect(decideMessage(shipped, [reference, delivered, shipped])).toEqual({
      action: "skip",
      reason: "a later status was accepted",
    })
    expect(decideMessage(canceled, [reference, delivered, canceled])).toEqual({
      action: "push",
      reference: { merchant_reference: "1042", service_order_id: "order_svc" },
    })
  })

  it("the last accepted of a kind is the one with the highest sequence, wherever it is listed", () => {
    const first = accepted({ id: "s1", kind: "status", accepted_sequence: 1, payload_hash: "shipped" })
    const second = accepted({ id: "s2", kind: "status", accepted_sequence: 2, payload_hash: "delivered" })
    const unnumbered = accepted({ id: "s0", kind: "status", accepted_sequence: null, payload_hash: "old" })
    const pending = row({ id: "s3", kind: "status", accepted_sequence: 3, payload_hash: "canceled" })
    expect(lastAcceptedOf([second, first, unnumbered, pending, reference], "status")).toBe(second)
    expect(lastAcceptedOf([unnumbered, first], "status")).toBe(first)
    expect(lastAcceptedOf([reference], "status")).toBeUndefined()
  })

  it("a kind the policy does not know is ordered by time", () => {
    const mine = row({ id: "x2", kind: "other" as any, payload_hash: "a", created_at: at(5) })
    const later = accepted({ id: "x3", kind: "other" as any, payload_hash: "b", created_at: at(6) })
    expect(decideMessage(mine, [later, mine])).toMatchObject({ action: "skip" })
  })
})

describe("whether the trigger may start the payment (the ledger's status)", () => {
  it("never once no order holds the payment: skipped, saying why", () => {
    for (const status of ["to_settle", "cancelled", "refunded", "failed"]) {
      expect(triggerAllowed(status, 0)).toEqual({
        action: "skip",
        reason: `no order holds the payment any more (${status}): it is not started`,
      })
    }
  })

  it("an order awaiting the service's acceptance (open): waits, up to the last attempt", () => {
    expect(triggerAllowed("open", 0)).toEqual({
      action: "fail",
      message: "waiting for the service to accept the payment",
      final: false,
    })
    expect(triggerAllowed("open", MAX_MESSAGE_ATTEMPTS - 2)).toMatchObject({ final: false })
    expect(triggerAllowed("open", MAX_MESSAGE_ATTEMPTS - 1)).toMatchObject({ final: true })
  })

  it("an order's payment (ordered, authorized), or one the ledger does not hold: the policy's own decision", () => {
    for (const status of ["ordered", "authorized", undefined, ""]) {
      expect(triggerAllowed(status, 0)).toBeUndefined()
    }
  })
})
