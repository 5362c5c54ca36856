import { BnplClient } from "../../../client"
import { refundablePayment, refundsAtService } from "../../../__tests__/helpers/refunds"
import { LIVE_KEY, liveSandbox } from "../../../__tests__/helpers/review-store"

/**
 * Review: the refund's reference is `medusa-refund-<pid>-<cents Medusa refunded before>-<cents>`,
 * "before" read from the payment's data. Medusa 2.21's refundPayment reads the payment (and its
 * data) first, then takes the payment row's lock only to check the amounts, and calls the
 * provider after that transaction committed, with the copy it read first. Two refunds of the
 * same amount started together therefore carry the same "before", the same reference, and the
 * second one finds the first's refund at the service and makes none, while Medusa records both.
 *
 * Fixed: Medusa names each refund (`context.idempotency_key`: the refund's id, created in its
 * `refund` table before the provider call, deleted when the call fails), and the reference
 * carries it. These tests call the provider as Medusa 2.21 does.
 */
describe("review: two refunds of the same amount of one payment", () => {
  const live = liveSandbox()

  const authorizedPayment = (options: Record<string, unknown> = {}) => refundablePayment(live, options)
  const atService = (pid: string) => refundsAtService(live, pid)

  it("control: one after the other (B reads the data A's answer wrote back), both are made", async () => {
    const { refund, pid, paymentData } = await authorizedPayment()
    const afterA = await refund("ref_A", 50, paymentData)
    await refund("ref_B", 50, afterA.data)
    expect(atService(pid)).toEqual({ refunds_at_service: 2, cents_refunded: 10000 })
  })

  it("started together: both are made at the service", async () => {
    // Medusa's payment.data as both refunds read it (neither has returned yet).
    const { refund, pid, paymentData } = await authorizedPayment()

    // Two returns of the same 50 € item are refunded at the same time. Refund A's provider call
    // is under way (the service made its refund, its answer is on the way back) when refund B's
    // provider call starts, with the payment data B read before A's answer was written back.
    const a = refund("ref_A", 50, paymentData)
    while (!live.payments.get(pid).refunds.length) {
      await new Promise((r) => setTimeout(r, 2))
    }
    const b = refund("ref_B", 50, paymentData)
    await Promise.all([a, b]) // both succeed: Medusa records two refunds of 50 €

    expect(atService(pid)).toEqual({ refunds_at_service: 2, cents_refunded: 10000 })
  })

  it("a refund whose answer was lost, then made again by the merchant, is made once", async () => {
    const { refund, pid, paymentData } = await authorizedPayment()
    // Refund A was made at the service, its answer lost and not found in time: Medusa deleted
    // refund A (its row is gone) and showed the error.
    await new BnplClient({ apiKey: LIVE_KEY, baseUrl: live.url }).refundPayment(pid, {
      amount: 5000,
      merchant_reference: `medusa-refund-${pid}-ref_A`,
    })
    // The merchant refunds the same 50 € again: refund B finds A's refund and makes none.
    const b = await refund("ref_B", 50, paymentData)
    expect(atService(pid)).toEqual({ refunds_at_service: 1, cents_refunded: 5000 })
    // Another 50 € while refund B's row exists: a refund of its own.
    await refund("ref_C", 50, b.data)
    expect(atService(pid)).toEqual({ refunds_at_service: 2, cents_refunded: 10000 })
  })
})
