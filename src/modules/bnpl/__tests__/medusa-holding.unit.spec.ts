import { memoryDb } from "../../../__tests__/helpers/memory-db"
import { holdingOf, medusaPaymentOf, orderHandedOver, orderOfSession, sessionsOfOrder } from "../medusa-holding"

/**
 * Who holds a payment, read in Medusa's own tables (medusa-holding.ts), on the unit tests'
 * PostgreSQL stand-in, which refuses a column Medusa's tables do not have. Every table holds,
 * before the row a read must find, rows it must not take: another collection's, another
 * order's, deleted or cancelled ones.
 */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute))

function medusa() {
  return memoryDb({
    payment_session: [
      { id: "ps_other", payment_collection_id: "pay_col_other", status: "pending_authorization", deleted_at: null },
      { id: "ps_cart", payment_collection_id: "pay_col_cart", status: "authorized", deleted_at: null },
      { id: "ps_cart_2", payment_collection_id: "pay_col_cart", status: "canceled", deleted_at: at(1) },
      { id: "ps_edit", payment_collection_id: "pay_col_edit", status: "pending", deleted_at: null },
      { id: "ps_review", payment_collection_id: "pay_col_review", status: "pending_authorization", deleted_at: null },
      {
        id: "ps_review_gone",
        payment_collection_id: "pay_col_review",
        status: "pending_authorization",
        deleted_at: at(2),
      },
      { id: "ps_failed_cart", payment_collection_id: "pay_col_lost", status: "authorized", deleted_at: null },
      { id: "ps_plain", payment_collection_id: "pay_col_plain", status: "pending", deleted_at: null },
      { id: "ps_no_collection", payment_collection_id: null, status: "pending_authorization", deleted_at: null },
    ],
    payment: [
      {
        id: "pay_other",
        payment_session_id: "ps_other",
        payment_collection_id: "pay_col_other",
        amount: 1,
        canceled_at: null,
        deleted_at: null,
        created_at: at(0),
      },
      {
        id: "pay_cancelled",
        payment_session_id: "ps_cart",
        payment_collection_id: "pay_col_cart",
        amount: 90,
        canceled_at: at(3),
        deleted_at: null,
        created_at: at(3),
      },
      {
        id: "pay_deleted",
        payment_session_id: "ps_cart",
        payment_collection_id: "pay_col_cart",
        amount: 80,
        canceled_at: null,
        deleted_at: at(4),
        created_at: at(4),
      },
      {
        id: "pay_live",
        payment_session_id: "ps_cart",
        payment_collection_id: "pay_col_cart",
        amount: 100,
        canceled_at: null,
        deleted_at: null,
        created_at: at(1),
      },
      {
        id: "pay_lost",
        payment_session_id: "ps_failed_cart",
        payment_collection_id: "pay_col_lost",
        amount: 5,
        canceled_at: null,
        deleted_at: null,
        created_at: at(1),
      },
    ],
    order_payment_collection: [
      { id: "ordpay_other", order_id: "order_other", payment_collection_id: "pay_col_other", deleted_at: null },
      { id: "ordpay_gone", order_id: "order_gone", payment_collection_id: "pay_col_cart", deleted_at: at(0) },
      { id: "ordpay_cart", order_id: "order_1", payment_collection_id: "pay_col_cart", deleted_at: null },
      { id: "ordpay_edit", order_id: "order_1", payment_collection_id: "pay_col_edit", deleted_at: null },
      { id: "ordpay_review", order_id: "order_review", payment_collection_id: "pay_col_review", deleted_at: null },
      {
        id: "ordpay_deleted_order",
        order_id: "order_deleted",
        payment_collection_id: "pay_col_plain",
        deleted_at: null,
      },
    ],
    order: [
      { id: "order_other", status: "completed", deleted_at: null },
      { id: "order_gone", status: "pending", deleted_at: null },
      { id: "order_1", status: "canceled", deleted_at: null },
      { id: "order_review", status: "pending", deleted_at: null },
      { id: "order_deleted", status: "pending", deleted_at: at(5) },
    ],
    capture: [
      { id: "capt_other", payment_id: "pay_other", amount: 1, deleted_at: null },
      { id: "capt_gone", payment_id: "pay_cancelled", amount: 7, deleted_at: at(5) },
      { id: "capt_1", payment_id: "pay_cancelled", amount: 60, deleted_at: null },
      { id: "capt_2", payment_id: "pay_cancelled", amount: "30", deleted_at: null },
    ],
    refund: [
      { id: "ref_other", payment_id: "pay_other", amount: 1, deleted_at: null },
      { id: "ref_gone", payment_id: "pay_cancelled", amount: 3, deleted_at: at(6) },
      { id: "ref_1", payment_id: "pay_cancelled", amount: "25", deleted_at: null },
    ],
    order_fulfillment: [
      { id: "ordful_other", order_id: "order_other", fulfillment_id: "ful_other_shipped", deleted_at: null },
      { id: "ordful_gone", order_id: "order_1", fulfillment_id: "ful_unlinked_shipped", deleted_at: at(0) },
      { id: "ordful_1", order_id: "order_1", fulfillment_id: "ful_packed", deleted_at: null },
      { id: "ordful_2", order_id: "order_1", fulfillment_id: "ful_cancelled_shipped", deleted_at: null },
      { id: "ordful_3", order_id: "order_1", fulfillment_id: "ful_deleted_delivered", deleted_at: null },
      { id: "ordful_4", order_id: "order_shipped", fulfillment_id: "ful_shipped", deleted_at: null },
      { id: "ordful_5", order_id: "order_delivered", fulfillment_id: "ful_packed", deleted_at: null },
      { id: "ordful_6", order_id: "order_delivered", fulfillment_id: "ful_delivered", deleted_at: null },
    ],
    fulfillment: [
      { id: "ful_other_shipped", shipped_at: at(1), delivered_at: null, canceled_at: null, deleted_at: null },
      { id: "ful_unlinked_shipped", shipped_at: at(1), delivered_at: null, canceled_at: null, deleted_at: null },
      { id: "ful_packed", shipped_at: null, delivered_at: null, canceled_at: null, deleted_at: null },
      { id: "ful_cancelled_shipped", shipped_at: at(1), delivered_at: null, canceled_at: at(2), deleted_at: null },
      { id: "ful_deleted_delivered", shipped_at: null, delivered_at: at(1), canceled_at: null, deleted_at: at(2) },
      { id: "ful_shipped", shipped_at: at(1), delivered_at: null, canceled_at: null, deleted_at: null },
      { id: "ful_delivered", shipped_at: null, delivered_at: at(1), canceled_at: null, deleted_at: null },
    ],
  })
}

describe("who holds a payment, in Medusa's tables (medusa-holding.ts)", () => {
  it("holdingOf: the live payment of the session, on its order's collection, with the order's status", async () => {
    const { knex } = medusa()
    expect(await holdingOf(knex, "ps_cart")).toEqual({
      by: "order",
      order_id: "order_1",
      payment_id: "pay_live",
      order_status: "canceled",
    })
  })

  it("holdingOf: a live payment no order holds, an order awaiting the review, or nobody", async () => {
    const { knex } = medusa()
    expect(await holdingOf(knex, "ps_failed_cart")).toEqual({ by: "no order", payment_id: "pay_lost" })
    expect(await holdingOf(knex, "ps_review")).toEqual({ by: "awaiting", order_id: "order_review" })
    // Deleted, not awaiting the review, on a collection no order holds, or unknown: nobody.
    expect(await holdingOf(knex, "ps_review_gone")).toEqual({ by: "nobody" })
    expect(await holdingOf(knex, "ps_edit")).toEqual({ by: "nobody" })
    expect(await holdingOf(knex, "ps_no_collection")).toEqual({ by: "nobody" })
    expect(await holdingOf(knex, "ps_unknown")).toEqual({ by: "nobody" })
  })

  it("holdingOf: a payment Medusa cancelled or deleted holds nothing", async () => {
    const { knex, tables } = medusa()
    tables.payment = tables.payment.filter((p) => p.id !== "pay_live")
    expect(await holdingOf(knex, "ps_cart")).toEqual({ by: "nobody" })
  })

  it("orderOfSession: the order of the session's collection (not deleted), with its status", async () => {
    const { knex } = medusa()
    expect(await orderOfSession(knex, "ps_edit")).toEqual({ id: "order_1", status: "canceled" })
    expect(await orderOfSession(knex, "ps_review")).toEqual({ id: "order_review", status: "pending" })
    expect(await orderOfSession(knex, "ps_plain")).toBeUndefined() // its order is deleted
    expect(await orderOfSession(knex, "ps_failed_cart")).toBeUndefined() // no order's collection
    expect(await orderOfSession(knex, "ps_no_collection")).toBeUndefined()
    expect(await orderOfSession(knex, "ps_unknown")).toBeUndefined()
  })

  it("sessionsOfOrder: the sessions of every collection of the order, deleted ones included", async () => {
    const { knex } = medusa()
    expect((await sessionsOfOrder(knex, "order_1")).sort()).toEqual(["ps_cart", "ps_cart_2", "ps_edit"])
    expect(await sessionsOfOrder(knex, "order_gone")).toEqual([]) // its link is deleted
    expect(await sessionsOfOrder(knex, "order_unknown")).toEqual([])
  })

  it("medusaPaymentOf: the session's latest payment, cancelled or not, with its captures and refunds", async () => {
    const { knex } = medusa()
    expect(await medusaPaymentOf(knex, "ps_cart")).toEqual({
      id: "pay_cancelled",
      amount: 90,
      canceled_at: at(3),
      captures: [60, "30"],
      refunds: [{ id: "ref_1", amount: "25" }],
    })
    expect(await medusaPaymentOf(knex, "ps_failed_cart")).toEqual({
      id: "pay_lost",
      amount: 5,
      canceled_at: null,
      captures: [],
      refunds: [],
    })
    expect(await medusaPaymentOf(knex, "ps_unknown")).toBeUndefined()
  })

  it("orderHandedOver: a fulfillment of the order shipped or delivered, not cancelled nor deleted", async () => {
    const { knex } = medusa()
    expect(await orderHandedOver(knex, "order_shipped")).toBe(true)
    expect(await orderHandedOver(knex, "order_delivered")).toBe(true)
    // Packed only, shipped then cancelled, delivered then deleted, a link deleted: not handed over.
    expect(await orderHandedOver(knex, "order_1")).toBe(false)
    expect(await orderHandedOver(knex, "order_review")).toBe(false) // no fulfillment
  })
})
