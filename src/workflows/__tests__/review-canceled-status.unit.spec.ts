import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { orderEventWorkflow } from "../messages/workflows/order-event"

const quiet = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as any

/**
 * Review: the order.canceled subscriber's messages are built from the order's *live* BNPL
 * payment (`liveBnplPaymentOf`: not cancelled). Medusa's cancelOrderWorkflow cancels every
 * uncaptured payment before the event is handled (cancelPaymentStep → canceled_at), so an
 * order whose payment was only authorized (pay at shipment before it ships, autoCapture off)
 * has no live payment any more: no message is recorded and the service never hears "canceled".
 */
describe("review: the status of a cancelled order whose payment was only authorized", () => {
  /** What the order.canceled subscriber's workflow records, for the order's payment as given. */
  async function recordedOnCancel(canceledAt: string | null) {
    const created: any[] = []
    const order = {
      id: "order_1",
      display_id: 7,
      fulfillments: [],
      payment_collections: [
        {
          payments: [
            {
              id: "pay_1",
              provider_id: "pp_bnpl_bnpl",
              canceled_at: canceledAt,
              data: { bnpl_payment_id: "payment_abc", pay_at_shipment: true, installments_count: 3 },
            },
          ],
        },
      ],
    }
    const bnpl = {
      getOptions: async () => ({ backendUrl: "http://localhost:9000", triggerOn: "shipment" }),
      listBnplServiceMessages: async () => [
        // The order's reference was attached when it was placed.
        {
          id: "sync_ref",
          kind: "order",
          status: "accepted",
          payload_hash: "h",
          bnpl_payment_id: "payment_abc",
        },
      ],
      recordMessages: async (rows: any[]) => {
        created.push(...rows)
        return rows.map((_r, i) => `sync_${i}`)
      },
      retrieveBnplServiceMessage: async () => ({ status: "failed" }),
    }
    const container = createMedusaContainer()
    container.register({
      logger: asValue(quiet),
      query: asValue({ graph: async () => ({ data: [order] }) }),
      bnpl: asValue(bnpl),
    })
    await orderEventWorkflow(container)
      .run({ input: { order_id: "order_1", event: "order_canceled" } })
      .catch(() => undefined) // only what was recorded matters here (no locking module in this container)
    return created.map((r) => [r.kind, r.payload])
  }
  const canceled = [["status", { status: "canceled", is_shipped: false }]]

  it("control: a payment Medusa did not cancel (captured, refunded): canceled is recorded", async () => {
    expect(await recordedOnCancel(null)).toEqual(canceled)
  })

  it("is recorded as canceled for the service", async () => {
    // As Medusa leaves it: cancelled by cancelOrderWorkflow (the service payment was cancelled too).
    expect(await recordedOnCancel("2026-11-27T10:00:00.000Z")).toEqual(canceled)
  })
})
