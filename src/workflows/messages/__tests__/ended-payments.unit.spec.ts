// Medusa's refund flow needs a whole Medusa: the plugin's call of it is what is looked at (the
// one flow ended-payments.ts uses; Medusa's others are not loaded, which keeps this file fast).
const refunds: { payment_id: string; amount: unknown; note: string }[] = []
jest.mock("@medusajs/medusa/core-flows", () => ({
  refundPaymentWorkflow: () => ({
    run: async ({ input }: { input: { payment_id: string; amount: unknown; note: string } }) => {
      refunds.push(input)
      return { result: {} }
    },
  }),
}))

import { Modules } from "@medusajs/framework/utils"
import { memoryDb } from "../../../__tests__/helpers/memory-db"
import { plainContainer } from "../../../__tests__/helpers/review-store"
import { recordEndedPayments, recordEndedPaymentsOfOrder } from "../utils/ended-payments"

/**
 * Medusa records what the service did with an order's earlier payments (a completion that
 * failed after authorizing, whose payment the plugin then ended): what Medusa captured of one
 * the service gave back is refunded in Medusa, an uncaptured one cancelled, once the ledger says
 * the service ended it. The model reaches it only through its kept regressions; the mutation
 * run (docs/figures.md, "Mutation testing") found its conditions and amounts untested.
 */
describe("an order's earlier payments the service ended, recorded in Medusa (ended-payments.ts)", () => {
  function setUp(ledger: Record<string, string>) {
    refunds.length = 0
    const db = memoryDb({
      bnpl_payment: Object.entries(ledger).map(([pid, status], i) => ({
        id: `bnplpay_${i}`,
        bnpl_payment_id: pid,
        status,
        deleted_at: null,
      })),
    })
    const cancelled: string[] = []
    const reads: unknown[] = []
    const services: Record<string, unknown> = {
      [Modules.PAYMENT]: { cancelPayment: async (id: string) => void cancelled.push(id) },
      query: { graph: async (q: unknown) => (reads.push(q), { data: orders.splice(0, 1) }) },
    }
    const orders: unknown[] = []
    return { container: plainContainer(db, services), cancelled, orders, reads }
  }
  const earlier = (id: string, pid: string, captured: number, refunded = 0) => ({
    id,
    bnpl_payment_id: pid,
    captured_cents: captured,
    refunded_cents: refunded,
  })

  it("what Medusa captured and the service gave back is refunded in Medusa; an uncaptured one cancelled", async () => {
    const { container, cancelled } = setUp({ bnpl_1: "refunded", bnpl_2: "cancelled" })
    const recorded = await recordEndedPayments(
      container,
      [earlier("pay_1", "bnpl_1", 30000, 10000), earlier("pay_2", "bnpl_2", 0)],
      "eur"
    )
    expect({ recorded, refunds, cancelled }).toEqual({
      recorded: ["pay_1", "pay_2"],
      refunds: [
        {
          payment_id: "pay_1",
          amount: 200,
          note: "Given back by the payment service: no order held it when it was ended",
        },
      ],
      cancelled: ["pay_2"],
    })
  })

  it("amounts in the order's currency", async () => {
    const { container } = setUp({ bnpl_1: "refunded" })
    await recordEndedPayments(container, [earlier("pay_1", "bnpl_1", 5000)], "jpy")
    expect(refunds.map((r) => r.amount)).toEqual([5000])
  })

  it("only once the ledger says the service ended it: not while it is settled, held or unknown", async () => {
    const { container, cancelled } = setUp({ bnpl_1: "to_settle", bnpl_2: "failed", bnpl_3: "ordered" })
    const recorded = await recordEndedPayments(
      container,
      [
        earlier("pay_1", "bnpl_1", 30000),
        earlier("pay_2", "bnpl_2", 0),
        earlier("pay_3", "bnpl_3", 0),
        earlier("pay_4", "bnpl_unknown", 0),
      ],
      "eur"
    )
    expect({ recorded, refunds, cancelled }).toEqual({ recorded: [], refunds: [], cancelled: [] })
  })

  it("safe to repeat: a payment refunded in Medusa already has nothing left, and is not counted", async () => {
    const { container, cancelled } = setUp({ bnpl_1: "refunded" })
    const recorded = await recordEndedPayments(container, [earlier("pay_1", "bnpl_1", 30000, 30000)], "eur")
    expect({ recorded, refunds, cancelled }).toEqual({ recorded: [], refunds: [], cancelled: [] })
  })

  it("for one order, read here: its earlier payments, in its currency (euro when it has none)", async () => {
    const { container, orders, reads } = setUp({ bnpl_1: "refunded" })
    const payment = (id: string, pid: string, created: number, captured: number) => ({
      id,
      provider_id: "pp_bnpl_bnpl",
      data: { bnpl_payment_id: pid, checkout_id: "chk_1" },
      canceled_at: null,
      created_at: new Date(created),
      captures: [{ amount: captured }],
      refunds: [],
    })
    orders.push({
      id: "order_1",
      payment_collections: [{ payments: [payment("pay_1", "bnpl_1", 1, 300), payment("pay_2", "bnpl_2", 2, 300)] }],
    })
    expect(await recordEndedPaymentsOfOrder(container, "order_1")).toEqual(["pay_1"])
    expect(refunds.map((r) => [r.payment_id, r.amount])).toEqual([["pay_1", 300]])
    expect(reads).toMatchObject([{ entity: "order", filters: { id: "order_1" } }])
    // An order in yen: its amounts in yen.
    refunds.length = 0
    orders.push({
      id: "order_2",
      currency_code: "jpy",
      payment_collections: [{ payments: [payment("pay_1", "bnpl_1", 1, 5000), payment("pay_2", "bnpl_2", 2, 5000)] }],
    })
    expect(await recordEndedPaymentsOfOrder(container, "order_2")).toEqual(["pay_1"])
    expect(refunds.map((r) => [r.payment_id, r.amount])).toEqual([["pay_1", 5000]])
    // An order Medusa does not find: nothing.
    expect(await recordEndedPaymentsOfOrder(container, "order_gone")).toEqual([])
  })
})
