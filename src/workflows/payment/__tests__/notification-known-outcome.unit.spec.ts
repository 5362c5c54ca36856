import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { BnplClient } from "../../../client"
import { memoryDb } from "../../../__tests__/helpers/memory-db"
import { forgetProcessMemory } from "../../../lib/infrastructure/process-memory"
import { handleNotification } from "../utils/handle-notification"

/**
 * A notification for a payment the ledger no longer holds open costs no service call to decide
 * what it means: an order's payment (Medusa's own webhook route answers `not_supported` for it
 * too), one to settle (attempted only once its backoff is over, however many notifications
 * come), one whose settling failed (the merchant's, never attempted from a notification).
 */
const options = { apiKey: "sk_live_0000000000000000000000", apiUrl: "https://api.bnpl.example", autoCapture: true }
const MINUTE = 60_000

function setUp(row: Record<string, unknown>) {
  const db = memoryDb({
    bnpl_notification_secret: [],
    bnpl_payment: [
      {
        id: "bnplpay_1",
        bnpl_payment_id: "payment_1",
        session_id: "payses_1",
        cart_id: "cart_1",
        purchase_amount: 12_990,
        currency_code: "eur",
        mode: "live",
        token_in_url: false, // authenticated without a token (a payment made before the upgrade)
        attempts: 0,
        created_at: new Date(),
        deleted_at: null,
        ...row,
      },
    ],
  })
  const payments = { getWebhookActionAndData: jest.fn(), retrievePaymentSession: jest.fn() }
  const container = createMedusaContainer()
  container.register({
    logger: asValue({ warn: () => {}, info: () => {}, error: () => {}, debug: () => {} }),
    __pg_connection__: asValue(db.knex),
    bnpl: asValue({ getOptions: async () => options }),
    payment: asValue(payments),
  })
  const notify = () => handleNotification(container as any, { pid: "payment_1", token: undefined, headers: {} })
  return { db, payments, notify, row: () => db.tables.bnpl_payment[0] }
}

describe("a notification for a payment that is no longer open", () => {
  let getPayment: jest.SpyInstance
  beforeEach(() => {
    forgetProcessMemory()
    getPayment = jest.spyOn(BnplClient.prototype, "getPayment").mockRejectedValue(new Error("service unavailable"))
  })
  afterEach(() => jest.restoreAllMocks())

  it("ordered: 200 at once, neither the service nor Medusa's webhook processing asked", async () => {
    const { notify, payments } = setUp({ status: "ordered", order_id: "order_1" })
    for (let i = 0; i < 3; i++) {
      expect(await notify()).toEqual({ status: 200, result: "processed", message: "the order was placed" })
    }
    expect(payments.getWebhookActionAndData).not.toHaveBeenCalled()
    expect(getPayment).not.toHaveBeenCalled()
  })

  it("to settle, during its backoff: 503 (notify again later), no attempt, however many notifications come", async () => {
    const next = new Date(Date.now() + 4 * MINUTE)
    const { notify, row } = setUp({ status: "to_settle", attempts: 3, next_attempt_at: next, reason: "cart changed" })
    for (let i = 0; i < 20; i++) {
      expect(await notify()).toMatchObject({ status: 503, result: "retry" })
    }
    expect(getPayment).not.toHaveBeenCalled()
    expect(row()).toMatchObject({ status: "to_settle", attempts: 3, next_attempt_at: next })
  })

  it("to settle, once due: one attempt (which sets the next backoff), then none until that is over", async () => {
    const { notify, row } = setUp({
      status: "to_settle",
      attempts: 3,
      next_attempt_at: new Date(Date.now() - 1),
      reason: "cart changed",
    })
    for (let i = 0; i < 10; i++) {
      expect(await notify()).toMatchObject({ status: 503, result: "retry" })
    }
    expect(getPayment).toHaveBeenCalledTimes(1)
    expect(row()).toMatchObject({ status: "to_settle", attempts: 4 })
    expect(new Date(row().next_attempt_at).getTime()).toBeGreaterThan(Date.now())
  })

  it("to settle, due, five notifications at once: one attempt", async () => {
    const { notify, row } = setUp({ status: "to_settle", attempts: 0, next_attempt_at: null, reason: "cart changed" })
    const answers = await Promise.all(Array.from({ length: 5 }, notify))
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(503))
    expect(getPayment).toHaveBeenCalledTimes(1)
    expect(row()).toMatchObject({ status: "to_settle", attempts: 1 })
  })

  it("failed (left to the merchant): no attempt, the row as it was", async () => {
    const { notify, row, payments } = setUp({
      status: "failed",
      attempts: 12,
      next_attempt_at: null,
      reason: "cart changed",
    })
    for (let i = 0; i < 5; i++) {
      expect(await notify()).toMatchObject({ status: 200, result: "ignored" })
    }
    expect(getPayment).not.toHaveBeenCalled()
    expect(payments.getWebhookActionAndData).not.toHaveBeenCalled()
    expect(row()).toMatchObject({ status: "failed", attempts: 12 })
  })
})
