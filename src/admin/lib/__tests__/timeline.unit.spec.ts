import { formatCents } from "../format"
import { contentInWords, eventsWaitingInWords, messageDetails, messageTriggerLabel, outcomeBadge } from "../timeline"
import { orderMessage as message } from "./order-message"

/** The key and its values, so the tests read what was asked for. */
const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)

describe("the order's timeline", () => {
  it("says how many order events wait to be told, whether the plugin still tries, and the last error that kept one (newest first)", () => {
    const event = (last_error: string | null, status: "pending" | "failed" = "pending") => ({
      id: "bnplevt_1",
      event: "shipment_created",
      status,
      attempts: 2,
      last_error,
      fulfillment_id: "ful_1",
      next_attempt_at: null,
      created_at: "2026-11-29T10:00:00.000Z",
    })
    expect(eventsWaitingInWords([], t)).toBeUndefined()
    expect(eventsWaitingInWords([event(null)], t)).toEqual({
      summary: 'order.timeline.eventsWaiting {"count":1}',
      progress: "order.timeline.eventsRetrying",
      givenUp: false,
    })
    expect(eventsWaitingInWords([event(null), event("connection dropped"), event("older")], t)).toMatchObject({
      summary: 'order.timeline.eventsWaiting {"count":3}',
      lastError: 'order.timeline.eventsLastError {"error":"connection dropped"}',
    })
    // One the retry job gave up on: only the merchant's "Try again now" handles it.
    expect(eventsWaitingInWords([event(null), event("unreadable", "failed")], t)).toEqual({
      summary: 'order.timeline.eventsWaiting {"count":2}',
      progress: "order.timeline.eventsGivenUp",
      givenUp: true,
      lastError: 'order.timeline.eventsLastError {"error":"unreadable"}',
    })
  })

  it("says each kind's content in words", () => {
    expect(contentInWords(message({}), "eur", t, "en")).toBe(
      'order.timeline.content.status {"status":"order.timeline.status.shipped"}'
    )
    expect(contentInWords(message({ kind: "order", content: { merchant_reference: "1042" } }), "eur", t, "en")).toBe(
      'order.timeline.content.order {"reference":"1042"}'
    )
    expect(
      contentInWords(
        message({ kind: "tracking", content: { carrier: "Colissimo", tracking_number: "6A1" } }),
        "eur",
        t,
        "en"
      )
    ).toBe('order.timeline.content.tracking {"number":"6A1","carrier":"Colissimo"}')
    const shipping = { selected_options: [{ title: "Express 24h", amount: 490 }] }
    expect(contentInWords(message({ kind: "shipping_info", content: shipping }), "eur", t, "en")).toBe(
      `order.sync.shipping {"sent":"Express 24h · ${formatCents(490, "eur", "en")}"}`
    )
    expect(contentInWords(message({ kind: "trigger", content: null }), "eur", t, "en")).toBe(
      "order.timeline.content.trigger"
    )
  })

  it("names why it was sent: the order event, or the shipping sync's own words", () => {
    expect(messageTriggerLabel(message({ trigger: "order_placed", kind: "order" }), t)).toBe(
      "order.timeline.trigger.order_placed"
    )
    expect(messageTriggerLabel(message({ trigger: "order_placed", kind: "shipping_info" }), t)).toBe(
      "order.trigger.order_placed"
    )
  })

  it("shows the backend's error first, else when it was accepted, that nothing changed, or the next attempt", () => {
    expect(messageDetails(message({ status: "failed", outcome: "failed", last_error: "HTTP 500" }), t, "en")).toBe(
      "HTTP 500"
    )
    expect(messageDetails(message({ accepted_at: "2026-03-12T10:00:00.000Z" }), t, "en")).toMatch(
      /^order\.sync\.acceptedOn /
    )
    expect(messageDetails(message({ outcome: "unchanged" }), t, "en")).toBe("order.timeline.unchanged")
    expect(
      messageDetails(
        message({ status: "pending", outcome: "pending", next_attempt_at: "2026-03-12T10:05:00.000Z" }),
        t,
        "en"
      )
    ).toMatch(/^order\.sync\.nextAttempt /)
  })

  it("badges each outcome, unknown ones as they are", () => {
    expect(outcomeBadge("pending", t)).toEqual({ label: "order.timeline.outcome.pending", color: "orange" })
    expect(outcomeBadge("unavailable", t).color).toBe("grey")
    expect(outcomeBadge("later", t)).toEqual({ label: "later", color: "grey" })
  })
})
