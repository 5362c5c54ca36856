import fulfillmentCreated from "../../../subscribers/order-fulfillment-created"
import shipmentCreated from "../../../subscribers/shipment-created"
import { memoryMessages } from "../../../__tests__/helpers/memory-messages"
import {
  liveSandbox,
  medusaContainer,
  medusaPayment,
  payAtShipmentStore,
} from "../../../__tests__/helpers/review-store"

const LIVE_KEY = "sk_live_counted_000000000000000"

/**
 * The count: one order read and one lock per event, whatever the event tells the
 * service. A pay-at-shipment order of a store that starts payments on fulfillment: the
 * fulfillment sends the shipping information and the trigger (with the order's reference, never
 * recorded for it), the shipment its parcel and `shipped`; each event reads the order once and
 * takes the payment's lock once. Over the sandbox, over HTTP.
 */
describe("one order read and one lock per event", () => {
  const live = liveSandbox(LIVE_KEY)

  it("a fulfillment that starts the payment, then its shipment", async () => {
    const { db, getOptions, pid } = await payAtShipmentStore(live, LIVE_KEY)
    live.accept(pid, { notify: false })
    Object.assign(db.tables.bnpl_payment[0], { status: "ordered", order_id: "order_1" })
    const order = {
      id: "order_1",
      display_id: 7,
      currency_code: "eur",
      items: [{ requires_shipping: true }],
      shipping_methods: [{ name: "Colissimo Home", total: 4.9, shipping_option_id: "so_1", detail: {} }],
      fulfillments: [{ id: "ful_1", provider_id: "manual_manual", labels: [{ tracking_number: "6A1" }] }],
      payment_collections: [{ payments: [medusaPayment(pid)] }],
    }
    const counted = { orderReads: 0, locks: 0 }
    const record = memoryMessages()
    const container = medusaContainer(db, {
      locking: {
        execute: async (_key: string, job: () => Promise<unknown>) => {
          counted.locks++
          return job()
        },
      },
      query: {
        graph: async ({ entity }: { entity: string }) => {
          if (entity === "order") counted.orderReads++
          if (entity === "order_fulfillment") return { data: [{ order_id: "order_1", fulfillment_id: "ful_1" }] }
          if (entity === "shipping_option")
            return { data: [{ id: "so_1", name: "Colissimo Home", provider_id: "manual_manual" }] }
          return { data: [order] }
        },
      },
      bnpl: {
        ...record,
        getOptions: async (mode?: any) => ({
          ...(await getOptions(mode)),
          triggerOn: "fulfillment",
          autoCapture: false,
        }),
      },
    })
    const before = live.requests.length
    const calls = () =>
      live.requests
        .slice(before)
        .filter((r: any) => r.method !== "GET")
        .map((r: any) => r.path.replace(pid, "{id}"))

    await fulfillmentCreated({ event: { data: { order_id: "order_1", fulfillment_id: "ful_1" } }, container } as any)
    expect(counted).toEqual({ orderReads: 1, locks: 1 })
    // The reference first; the trigger and the shipping information then go side by side.
    expect(calls()[0]).toBe("/v1/payments/{id}/orders")
    expect(calls().slice(1).sort()).toEqual(["/v1/payment/{id}", "/v1/payments/{id}/trigger"])

    await shipmentCreated({ event: { data: { id: "ful_1" } }, container } as any)
    expect(counted).toEqual({ orderReads: 2, locks: 2 })
    expect(calls().slice(3).sort()).toEqual([
      "/v1/payments/{id}/orders/7/status",
      expect.stringMatching(/^\/v2\/orders\/.+\/shipment$/),
    ])
    // Every message accepted, and no event left behind.
    expect(record.rows.map((r) => [r.kind, r.status])).toEqual([
      ["order", "accepted"],
      ["trigger", "accepted"],
      ["shipping_info", "accepted"],
      ["tracking", "accepted"],
      ["status", "accepted"],
    ])
    expect(record.eventRows.filter((e) => !e.deleted_at)).toEqual([])
    expect(record.eventRows).toHaveLength(2)
  })
})
