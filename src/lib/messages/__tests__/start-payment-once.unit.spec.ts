import { hashMessage } from "../content"
import { decideMessage, type MessageRow } from "../policy"

/**
 * Issue 44: concurrent **Start the payment** calls after a failed attempt. A call finding the
 * failed (or pending) trigger pushes it through `claimMessagePush` (one attempt per interval,
 * 429 for the others); calls finding nothing left to push again each record a new manual
 * trigger, and each is sent under the payment's lock, the payment's messages read under it
 * (src/workflows/messages/steps/push-messages.ts). There, the rule below makes the second one
 * `unchanged` once the first was accepted: one trigger reaches the service however many calls.
 */
const manual = (id: string, status: string): MessageRow => ({
  id,
  kind: "trigger",
  status,
  attempts: status === "pending" ? 0 : 1,
  bnpl_payment_id: "payment_1",
  payload_hash: hashMessage("trigger", {}),
  payload: { on: "manual" },
})

describe("Start the payment, twice at once", () => {
  it("the second manual trigger is not sent once the first was accepted", () => {
    const first = manual("msg_1", "accepted")
    const second = manual("msg_2", "pending")
    expect(decideMessage(second, [first, second])).toEqual({ action: "unchanged" })
  })

  it("after a failed first one, the second is an attempt of its own (nothing was started)", () => {
    const first = manual("msg_1", "failed")
    const second = manual("msg_2", "pending")
    expect(decideMessage(second, [first, second])).toEqual({ action: "push" })
  })

  it("a trigger another call has already decided is done", () => {
    const decided = manual("msg_2", "accepted")
    expect(decideMessage(decided, [manual("msg_1", "failed"), decided])).toEqual({ action: "done" })
  })
})
