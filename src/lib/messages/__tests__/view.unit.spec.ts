import { decidePushAgain, messageView, PUSH_AGAIN_INTERVAL_MS, type RecordedMessage } from "../view"

const NOW = Date.UTC(2026, 10, 25, 18, 0, 0)
const row = (fields: Partial<RecordedMessage> = {}): RecordedMessage => ({
  id: "bnplmsg_1",
  kind: "status",
  status: "pending",
  trigger: "shipment_created",
  attempts: 1,
  last_error: null,
  next_attempt_at: null,
  accepted_at: null,
  created_at: new Date(NOW - 60_000),
  updated_at: new Date(NOW - 60_000),
  payload: { status: "shipped", is_shipped: true },
  ...fields,
})

describe("a recorded message in the admin API's words", () => {
  it.each([
    ["shipping_info", "shipping_info"],
    ["order", "order"],
    ["status", "status"],
    ["tracking", "tracking"],
    ["trigger", "trigger"],
  ])("kind %s → %s", (kind, word) => {
    expect(messageView(row({ kind })).kind).toBe(word)
  })

  it.each([
    ["pending", "pending", true],
    ["accepted", "accepted", false],
    ["unchanged", "accepted", false],
    ["failed", "failed", true],
    ["skipped", "failed", false],
    ["unavailable", "failed", false],
  ])("status %s → %s (push again: %s)", (status, word, pushable) => {
    const view = messageView(row({ status }))
    expect(view.status).toBe(word)
    expect(view.can_push_again).toBe(pushable)
  })

  it("accepted at: when the service took it; its content as recorded", () => {
    const at = new Date(NOW - 1000)
    expect(messageView(row({ status: "accepted", accepted_at: at }))).toMatchObject({
      accepted_at: at,
      outcome: "sent",
      content: { status: "shipped", is_shipped: true },
    })
    expect(messageView(row({ status: "unchanged", accepted_at: at })).accepted_at).toBeNull()
  })
})

describe("push again", () => {
  it("a pending or failed message last written long enough ago: pushed", () => {
    expect(decidePushAgain(row(), NOW)).toEqual({ action: "push" })
    expect(decidePushAgain(row({ status: "failed" }), NOW)).toEqual({ action: "push" })
  })

  it("accepted already: a conflict, nothing sent", () => {
    for (const status of ["accepted", "unchanged"]) {
      expect(decidePushAgain(row({ status }), NOW)).toMatchObject({ action: "conflict", message: /accepted/ })
    }
  })

  it("not sent on purpose: a conflict saying why", () => {
    expect(
      decidePushAgain(row({ status: "unavailable", last_error: "the account cannot attach orders" }), NOW)
    ).toMatchObject({ action: "conflict", message: /on purpose \(the account cannot attach orders\)/ })
  })

  it("written moments ago (recorded, attempted or claimed): wait, and for how long", () => {
    const decision = decidePushAgain(row({ updated_at: new Date(NOW - 1500) }), NOW)
    expect(decision).toEqual({
      action: "wait",
      message: expect.stringMatching(/try again in 4 s/),
      retry_after_s: Math.ceil((PUSH_AGAIN_INTERVAL_MS - 1500) / 1000),
    })
    expect(decidePushAgain(row({ updated_at: new Date(NOW - PUSH_AGAIN_INTERVAL_MS) }), NOW)).toEqual({
      action: "push",
    })
  })
})
