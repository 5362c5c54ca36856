import { hashShippingInfo } from "../kinds/shipping-info"
import { carrierOf, hashMessage, messagesFor, messagesToRecord, orderReference, trackingOf } from "../content"

const order = {
  id: "order_01",
  display_id: 1042,
  fulfillments: [
    {
      id: "ful_1",
      provider_id: "manual_manual",
      shipping_option: { name: "Colissimo Home", metadata: null, data: null },
      labels: [
        { tracking_number: "6A1", tracking_url: "https://track.test/6A1" },
        { tracking_number: " 6A1 ", tracking_url: "https://track.test/6A1" },
        { tracking_number: "6A2", tracking_url: "" },
        { tracking_number: "", tracking_url: "https://track.test/none" },
      ],
    },
    { id: "ful_2", provider_id: "manual_manual", labels: [{ tracking_number: "Z9" }] },
  ],
}

describe("what each order event tells the service", () => {
  it("placed: the order reference (display id, admin URL)", () => {
    expect(messagesFor("order_placed", order, { backendUrl: "https://shop.test/" })).toEqual([
      {
        kind: "order",
        payload: { merchant_reference: "1042", merchant_url: "https://shop.test/app/orders/order_01" },
      },
    ])
  })

  it("shipment: each parcel of that fulfillment once, then shipped", () => {
    expect(messagesFor("shipment_created", order, { fulfillment_id: "ful_1" })).toEqual([
      {
        kind: "tracking",
        fulfillment_id: "ful_1",
        payload: { carrier: "Colissimo Home", tracking_number: "6A1", tracking_url: "https://track.test/6A1" },
      },
      { kind: "tracking", fulfillment_id: "ful_1", payload: { carrier: "Colissimo Home", tracking_number: "6A2" } },
      { kind: "status", payload: { status: "shipped", is_shipped: true } },
    ])
  })

  it("shipment of an unknown fulfillment: the status only", () => {
    expect(messagesFor("shipment_created", order, { fulfillment_id: "ful_x" })).toEqual([
      { kind: "status", payload: { status: "shipped", is_shipped: true } },
    ])
  })

  it.each([
    ["delivery_created", { status: "delivered", is_shipped: true }],
    ["order_canceled", { status: "canceled", is_shipped: false }],
  ] as const)("%s: its status", (trigger, payload) => {
    expect(messagesFor(trigger, order)).toEqual([{ kind: "status", payload }])
  })

  it("pay at shipment: every event that hands goods over at or after the one that starts the payment sends the trigger first", () => {
    const shipped = messagesFor("shipment_created", order, { fulfillment_id: "ful_2", startsOn: "shipment_created" })
    expect(shipped.map((m) => m.kind)).toEqual(["trigger", "tracking", "status"])
    expect(shipped[0]).toEqual({ kind: "trigger", payload: { on: "shipment_created" } })
    // A fulfillment is not a handover when the store triggers on shipment: its shipping information only.
    const shippingInfo = { kind: "shipping_info", payload: null }
    expect(messagesFor("fulfillment_created", order, { startsOn: "shipment_created" })).toEqual([shippingInfo])
    expect(messagesFor("fulfillment_created", order, { startsOn: "fulfillment_created" })).toEqual([
      { kind: "trigger", payload: { on: "fulfillment_created" } },
      shippingInfo,
    ])
    // Later handovers carry it again; it is recorded and sent once per payment (one hash).
    expect(
      messagesFor("shipment_created", order, { fulfillment_id: "ful_2", startsOn: "fulfillment_created" }).map(
        (m) => m.kind
      )
    ).toEqual(["trigger", "tracking", "status"])
    // Picked up (delivered without a shipment): the goods left, the payment starts.
    expect(messagesFor("delivery_created", order, { startsOn: "shipment_created" }).map((m) => m.kind)).toEqual([
      "trigger",
      "status",
    ])
    expect(messagesFor("order_canceled", order, { startsOn: "shipment_created" }).map((m) => m.kind)).toEqual([
      "status",
    ])
    expect(messagesFor("fulfillment_created", order)).toEqual([shippingInfo])
    expect(messagesFor("delivery_created", order).map((m) => m.kind)).toEqual(["status"])
  })

  it("shipping information: on a fulfillment; when placed only with nothing to ship; after a change only once pushed", () => {
    const digital = { ...order, items: [{ requires_shipping: false }] }
    expect(messagesFor("order_placed", digital).map((m) => m.kind)).toEqual(["order", "shipping_info"])
    expect(messagesFor("order_placed", { ...order, items: [{ requires_shipping: true }] }).map((m) => m.kind)).toEqual([
      "order",
    ])
    expect(messagesFor("order_edit_confirmed", order)).toEqual([])
    const pushed = [{ kind: "shipping_info", status: "accepted" }]
    expect(messagesFor("claim_created", order, { recorded: pushed })).toEqual([
      { kind: "shipping_info", payload: null },
    ])
    expect(messagesFor("manual", order)).toEqual([{ kind: "shipping_info", payload: null }])
  })

  it("an order placed before orders were attached gets its reference with the first message that needs it", () => {
    const shipped = messagesFor("shipment_created", order, { fulfillment_id: "ful_2" })
    expect(messagesToRecord(shipped, [], { order }).map((m) => m.kind)).toEqual(["order", "tracking", "status"])
    // A parcel recorded before (and not failed) is not recorded again; the status is (it may have moved).
    const recorded = [
      { kind: "tracking", status: "pending", payload_hash: hashMessage("tracking", shipped[0].payload) },
    ]
    const reference = [{ kind: "order", status: "accepted" }]
    expect(messagesToRecord(shipped, [...recorded, ...reference], { order }).map((m) => m.kind)).toEqual(["status"])
    expect(messagesToRecord(messagesFor("fulfillment_created", order), [], { order }).map((m) => m.kind)).toEqual([
      "shipping_info",
    ])
  })

  it("one trigger per payment: its hash does not depend on the event that sent it", () => {
    expect(hashMessage("trigger", { on: "shipment_created" })).toBe(hashMessage("trigger", { on: "delivery_created" }))
  })

  it("an order without a display id is referenced by its id; no backend URL, no merchant_url", () => {
    expect(orderReference({ id: "order_9" })).toEqual({ merchant_reference: "order_9" })
  })
})

describe("the carrier of a parcel", () => {
  it.each([
    [
      "the option's carrier metadata",
      { shipping_option: { name: "Home", metadata: { carrier: "Chronopost" } } },
      "Chronopost",
    ],
    ["the option's carrier data", { shipping_option: { name: "Home", data: { carrier: "DHL" } } }, "DHL"],
    ["the option's name", { shipping_option: { name: " Relay point " } }, "Relay point"],
    ["the provider", { provider_id: "mondial-relay_relay" }, "mondial-relay"],
    ["nothing known", {}, "unknown"],
  ])("from %s", (_, fulfillment, carrier) => {
    expect(carrierOf({ id: "f", ...fulfillment })).toBe(carrier)
  })

  it("a tracking URL that is not http(s) is left out", () => {
    const [message] = trackingOf({ id: "f", labels: [{ tracking_number: "1", tracking_url: "javascript:alert(1)" }] })
    expect(message.payload).toEqual({ carrier: "unknown", tracking_number: "1" })
  })
})

describe("content hash per kind", () => {
  it("is stable across key order, and ignores absent fields", () => {
    expect(hashMessage("tracking", { carrier: "A", tracking_number: "1", tracking_url: undefined })).toBe(
      hashMessage("tracking", { tracking_number: "1", carrier: "A" })
    )
  })

  it("differs with the content and with the kind", () => {
    const status = { status: "shipped", is_shipped: true }
    expect(hashMessage("status", status)).not.toBe(hashMessage("status", { ...status, status: "delivered" }))
    expect(hashMessage("status", status)).not.toBe(hashMessage("order", status))
  })

  it("keeps the shipping sync's own hash for shipping_info (rows recorded before compare with it)", () => {
    const info = { selected_options: [{ title: "Home", amount: 490 }] }
    expect(hashMessage("shipping_info", info)).toBe(hashShippingInfo(info))
  })
})
