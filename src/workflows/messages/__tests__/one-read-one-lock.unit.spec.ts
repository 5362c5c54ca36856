import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { BnplClient } from "../../../client"
import { recordPayment } from "../../../modules/bnpl/ledger"
import { forgetCachedSettings } from "../../../modules/bnpl/settings"
import { memoryDb } from "../../../providers/bnpl/__tests__/review-memory-db"
import { operationFor } from "../../../providers/bnpl/operation"
import fulfillmentCreated from "../../../subscribers/order-fulfillment-created"
import shipmentCreated from "../../../subscribers/shipment-created"

const { startSandbox } = require("../../../../sandbox/server")

const LIVE_KEY = "sk_live_counted_000000000000000"
const quiet = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as any

/** The message record in memory, as the bnpl module's generated methods answer (equality and IN filters). */
function memoryRecord() {
  const rows: any[] = []
  let n = 0
  const matches = (row: any, filter: Record<string, any>) =>
    Object.entries(filter).every(([k, v]) => (Array.isArray(v) ? v.includes(row[k]) : row[k] === v))
  return {
    rows,
    listBnplServiceMessages: async (filter: Record<string, any> = {}) =>
      rows.filter((r) => matches(r, filter)).map((r) => ({ ...r })),
    createBnplServiceMessages: async (input: any[]) => {
      const list = input.map((r) => ({ id: `msg_${++n}`, attempts: 0, created_at: new Date(Date.now() + n), ...r }))
      rows.push(...list)
      return list.map((r) => ({ ...r }))
    },
    retrieveBnplServiceMessage: async (id: string) => ({ ...rows.find((r) => r.id === id) }),
    updateBnplServiceMessages: async (patch: any) =>
      Object.assign(
        rows.find((r) => r.id === patch.id),
        patch
      ),
    deleteBnplServiceMessages: async (id: string) => {
      rows.splice(
        rows.findIndex((r) => r.id === id),
        1
      )
    },
    listBnplCheckoutSnapshots: async () => [],
  }
}

/**
 * The count: one order read and one lock per event, whatever the event tells the
 * service. A pay-at-shipment order of a store that starts payments on fulfillment: the
 * fulfillment sends the shipping information and the trigger (with the order's reference, never
 * recorded for it), the shipment its parcel and `shipped`; each event reads the order once and
 * takes the payment's lock once. Over the sandbox, over HTTP.
 */
describe("one order read and one lock per event", () => {
  let live: any
  beforeAll(async () => {
    live = await startSandbox({ port: 0, autoNotify: false, merchants: { [LIVE_KEY]: { name: "Live Store" } } })
  })
  afterAll(async () => {
    await live?.close()
  })

  it("a fulfillment that starts the payment, then its shipment", async () => {
    forgetCachedSettings()
    const db = memoryDb()
    const providerOptions = {
      apiUrl: live.url,
      apiKey: LIVE_KEY,
      mode: "live",
      backendUrl: "http://localhost:9000",
      returnUrl: "http://localhost:8000/checkout/bnpl-return",
    } as any
    const injected = { logger: quiet, __pg_connection__: db.knex } as any
    const client = new BnplClient({ apiKey: LIVE_KEY, baseUrl: live.url })
    const payment = await client.createPayment({
      payment: {
        purchase_amount: 30000,
        installments_count: 3,
        deferred: "trigger",
        deferred_description: "Nothing to pay today",
        return_url: "http://localhost:8000/r",
      },
    } as any)
    live.accept(payment.id, { notify: false })
    await recordPayment(db.knex, {
      bnpl_payment_id: payment.id,
      session_id: "payses_1",
      cart_id: "cart_1",
      purchase_amount: 30000,
      currency_code: "eur",
      mode: "live",
      pay_at_shipment: true,
    })
    Object.assign(db.tables.bnpl_payment[0], { status: "ordered", order_id: "order_1" })
    const order = {
      id: "order_1",
      display_id: 7,
      currency_code: "eur",
      items: [{ requires_shipping: true }],
      shipping_methods: [{ name: "Colissimo Home", total: 4.9, shipping_option_id: "so_1", detail: {} }],
      fulfillments: [{ id: "ful_1", provider_id: "manual_manual", labels: [{ tracking_number: "6A1" }] }],
      payment_collections: [
        {
          payments: [
            {
              id: "pay_1",
              provider_id: "pp_bnpl_bnpl",
              canceled_at: null,
              data: { bnpl_payment_id: payment.id, pay_at_shipment: true, installments_count: 3 },
            },
          ],
        },
      ],
    }
    const counted = { orderReads: 0, locks: 0 }
    const record = memoryRecord()
    const container = createMedusaContainer()
    container.register({
      logger: asValue(quiet),
      __pg_connection__: asValue(db.knex),
      locking: asValue({
        execute: async (_key: string, job: () => Promise<unknown>) => {
          counted.locks++
          return job()
        },
      }),
      query: asValue({
        graph: async ({ entity }: { entity: string }) => {
          if (entity === "order") counted.orderReads++
          if (entity === "fulfillment") return { data: [{ id: "ful_1", order: { id: "order_1" } }] }
          if (entity === "shipping_option")
            return { data: [{ id: "so_1", name: "Colissimo Home", provider_id: "manual_manual" }] }
          return { data: [order] }
        },
      }),
      bnpl: asValue({
        ...record,
        getOptions: async (mode?: any) => ({
          ...(await operationFor({ container: injected, providerOptions, logger: quiet }, mode)).options,
          triggerOn: "fulfillment",
          autoCapture: false,
        }),
      }),
    })
    const before = live.requests.length
    const calls = () =>
      live.requests
        .slice(before)
        .filter((r: any) => r.method !== "GET")
        .map((r: any) => r.path.replace(payment.id, "{id}"))

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
      ["order", "synced"],
      ["trigger", "synced"],
      ["shipping_info", "synced"],
      ["tracking", "synced"],
      ["status", "synced"],
    ])
  })
})
