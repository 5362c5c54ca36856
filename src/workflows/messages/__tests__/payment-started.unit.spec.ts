// Medusa's capture flow needs a whole Medusa: the plugin's call of it is what is looked at (the
// one flow triggered.ts uses; Medusa's others are not loaded, which keeps this file fast).
const captures: { payment_id: string }[] = []
let refuseCapture: string | undefined
jest.mock("@medusajs/medusa/core-flows", () => ({
  capturePaymentWorkflow: () => ({
    run: async ({ input }: { input: { payment_id: string } }) => {
      if (refuseCapture) throw new Error(refuseCapture)
      captures.push(input)
      return { result: {} }
    },
  }),
}))

import { Modules } from "@medusajs/framework/utils"
import { recordPayment } from "../../../modules/bnpl/ledger"
import { memoryDb } from "../../../__tests__/helpers/memory-db"
import { plainContainer } from "../../../__tests__/helpers/review-store"
import { captureStarted, recordStarted } from "../utils/payment-started"

/**
 * A pay-at-shipment payment the service started (the trigger accepted): the ledger notes it,
 * then a store that captures accepted payments records Medusa's capture, once. The mutation run
 * (docs/figures.md, "Mutation testing") found the capture's conditions untested: the model's
 * Medusa captures a payment twice without complaint and never refuses one.
 */
describe("a started pay-at-shipment payment recorded in Medusa (triggered.ts)", () => {
  const PAYMENT_FIELDS = ["id", "captured_at", "canceled_at", "amount", "data"]

  /** Medusa's payment module: its payment pay_1, answered with the fields asked for (all when none are). */
  function setUp(payment: Record<string, unknown> = {}) {
    captures.length = 0
    refuseCapture = undefined
    const db = memoryDb()
    const row = { id: "pay_1", captured_at: null, canceled_at: null, amount: 300, data: {}, ...payment }
    const reads: string[][] = []
    const paymentModule = {
      retrievePayment: async (id: string, config: { select?: string[] } = {}) => {
        if (id !== row.id) throw new Error(`Payment with id: ${id} was not found`)
        const select = config.select ?? []
        reads.push(select)
        const unknown = select.filter((f) => !PAYMENT_FIELDS.includes(f))
        if (unknown.length) throw new Error(`Payment has no field ${JSON.stringify(unknown[0])}`)
        return select.length ? Object.fromEntries(select.map((f) => [f, (row as any)[f]])) : { ...row }
      },
    }
    const container = plainContainer(db, { [Modules.PAYMENT]: paymentModule })
    return { db, container, reads }
  }
  const message = { payment_id: "pay_1", bnpl_payment_id: "bnpl_1" }

  it("the ledger notes the start once, for a pay-at-shipment payment only", async () => {
    const { db, container } = setUp()
    for (const [pid, payAtShipment] of [
      ["bnpl_1", true],
      ["bnpl_2", false],
    ] as const) {
      await recordPayment(db.knex, {
        bnpl_payment_id: pid,
        session_id: `payses_${pid}`,
        cart_id: "cart_1",
        purchase_amount: 30000,
        currency_code: "eur",
        pay_at_shipment: payAtShipment,
      })
    }
    await recordStarted(container, message)
    const first = db.tables.bnpl_payment[0].triggered_at
    expect(first).toBeInstanceOf(Date)
    await new Promise((r) => setTimeout(r, 5))
    await recordStarted(container, message)
    await recordStarted(container, { bnpl_payment_id: "bnpl_2" })
    expect(db.tables.bnpl_payment.map((r) => r.triggered_at)).toEqual([first, undefined])
  })

  it("a store that captures: Medusa captures the started payment, and nothing is to report", async () => {
    const { container, reads } = setUp()
    await expect(captureStarted(container, message, true)).resolves.toBeNull()
    expect(captures).toEqual([{ payment_id: "pay_1" }])
    expect(reads).toEqual([["id", "captured_at", "canceled_at"]])
  })

  it("a store that does not capture, or a message naming no Medusa payment: no capture, nothing read", async () => {
    const { container, reads } = setUp()
    await expect(captureStarted(container, message, false)).resolves.toBeNull()
    await expect(captureStarted(container, { bnpl_payment_id: "bnpl_1" }, true)).resolves.toBeNull()
    await expect(captureStarted(container, { ...message, payment_id: null }, true)).resolves.toBeNull()
    expect({ captures, reads }).toEqual({ captures: [], reads: [] })
  })

  it("a payment Medusa captured already (a retried message) or cancelled is left as it is", async () => {
    for (const done of [{ captured_at: new Date() }, { canceled_at: new Date() }]) {
      const { container } = setUp(done)
      await expect(captureStarted(container, message, true)).resolves.toBeNull()
      expect(captures).toEqual([])
    }
  })

  it("a capture Medusa refuses is answered as the problem to tell the merchant, not thrown", async () => {
    const { container } = setUp()
    refuseCapture = "Payment pay_1 cannot be captured"
    await expect(captureStarted(container, message, true)).resolves.toBe("Payment pay_1 cannot be captured")
  })
})
