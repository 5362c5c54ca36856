import { decideMessage, nextSequence } from "../policy"
import { accepted, at, row, statusRow } from "./message-rows"

const reference = accepted({
  id: "ref",
  kind: "order",
  service_order_id: "order_svc",
  payload: { merchant_reference: "1042" },
  created_at: at(0),
})

describe("one attempt at a message", () => {
  it("a message decided already is left alone", () => {
    expect(decideMessage(row({ id: "m", kind: "status", status: "accepted" }), [])).toEqual({ action: "done" })
  })

  it("no service payment id: skipped", () => {
    expect(decideMessage(row({ id: "m", kind: "order", bnpl_payment_id: null }), [])).toMatchObject({
      action: "skip",
    })
  })

  it("the reference is pushed first; status and tracking then name the attached order", () => {
    expect(decideMessage(row({ id: "r2", kind: "order" }), [])).toEqual({ action: "push" })
    const status = row({ id: "s", kind: "status", payload_hash: "shipped" })
    expect(decideMessage(status, [reference, status])).toEqual({
      action: "push",
      reference: { merchant_reference: "1042", service_order_id: "order_svc" },
    })
  })

  it("a parcel already accepted is not sent again (a set: any accepted one counts)", () => {
    const sent = row({ id: "t1", kind: "tracking", status: "accepted", payload_hash: "A", accepted_sequence: 1 })
    const other = row({ id: "t2", kind: "tracking", status: "accepted", payload_hash: "B", accepted_sequence: 2 })
    const again = row({ id: "t3", kind: "tracking", payload_hash: "A", created_at: at(5) })
    expect(decideMessage(again, [reference, sent, other, again])).toEqual({ action: "unchanged" })
  })

  it("a status equal to the last accepted is unchanged; a different one is pushed", () => {
    const shipped = accepted({ id: "s1", kind: "status", payload_hash: "shipped" })
    const again = row({ id: "s2", kind: "status", payload_hash: "shipped", created_at: at(5) })
    const delivered = row({ id: "s3", kind: "status", payload_hash: "delivered", created_at: at(6) })
    expect(decideMessage(again, [reference, shipped, again])).toEqual({ action: "unchanged" })
    expect(decideMessage(delivered, [reference, shipped, delivered]).action).toBe("push")
  })

  it("a late retry never puts an older status over a newer accepted one", () => {
    const shipped = statusRow("s1", "shipped", { created_at: at(1), attempts: 3 })
    const delivered = statusRow("s2", "delivered", { status: "accepted", accepted_sequence: 1, created_at: at(2) })
    expect(decideMessage(shipped, [reference, shipped, delivered])).toMatchObject({ action: "skip" })
  })

  it("a status never goes back: a shipment handled after its delivery is skipped, whatever was recorded first", () => {
    const delivered = statusRow("d", "delivered", { status: "accepted", accepted_sequence: 1, created_at: at(1) })
    const shippedLater = statusRow("s", "shipped", { created_at: at(2) })
    expect(decideMessage(shippedLater, [reference, delivered, shippedLater])).toMatchObject({ action: "skip" })
    // The other way round: delivered recorded before a shipped that was accepted goes out.
    const shipped = { ...shippedLater, id: "s0", status: "accepted", accepted_sequence: 1, created_at: at(3) }
    const deliveredEarlier = { ...delivered, id: "d0", status: "pending", accepted_sequence: null, created_at: at(1) }
    expect(decideMessage(deliveredEarlier, [reference, shipped, deliveredEarlier]).action).toBe("push")
  })

  it("waits for the reference (retried), gives up with it, or is unavailable with it", () => {
    const status = row({ id: "s", kind: "status" })
    const pending = row({ id: "r", kind: "order", status: "pending", created_at: at(0) })
    expect(decideMessage(status, [pending, status])).toMatchObject({ action: "fail", final: false })
    expect(decideMessage({ ...status, attempts: 11 }, [pending, status])).toMatchObject({ action: "fail", final: true })
    expect(decideMessage(status, [{ ...pending, status: "failed" }, status])).toMatchObject({
      action: "fail",
      final: true,
    })
    expect(decideMessage(status, [{ ...pending, status: "unavailable" }, status])).toMatchObject({
      action: "unavailable",
    })
  })

  it("the trigger needs no attached order, and is sent once per payment", () => {
    const trigger = row({ id: "t2", kind: "trigger", created_at: at(3) })
    expect(decideMessage(trigger, [trigger])).toEqual({ action: "push" })
    const accepted = row({ id: "t1", kind: "trigger", status: "accepted", accepted_sequence: 1 })
    expect(decideMessage(trigger, [accepted, trigger])).toEqual({ action: "unchanged" })
    const failed = row({ id: "t0", kind: "trigger", status: "failed" })
    expect(decideMessage(trigger, [failed, trigger])).toEqual({ action: "push" })
  })

  it("numbers accepted messages per kind", () => {
    expect(nextSequence([reference], "order")).toBe(2)
    expect(nextSequence([reference], "tracking")).toBe(1)
  })
})
