import { BnplClient } from "../../../client"
import { refundablePayment } from "../../../__tests__/helpers/refunds"
import { LIVE_KEY, liveSandbox } from "../../../__tests__/helpers/review-store"
import { intendToRecord, recordedReferences, refundReference } from "../refund"

/**
 * A Medusa refund made once (refund.ts), called as Medusa 2.21 calls the provider (its refund
 * row first, the call with its id, the row deleted when the call fails), against the sandbox:
 * a refund whose answer was lost and that Medusa then deleted is taken by the merchant's next
 * refund of its cents (once, by one row of `bnpl_adopted_refund`), a refund made in the service's
 * back office only when the merchant asked to record it, and a refund whose answer is lost is
 * looked for before the call fails.
 */
describe("a Medusa refund made once: adoption and lost answers (refund.ts)", () => {
  const live = liveSandbox()
  afterEach(() => live.clearFaults())

  const authorizedPayment = (options: Record<string, unknown> = {}) => refundablePayment(live, options)
  const client = () => new BnplClient({ apiKey: LIVE_KEY, baseUrl: live.url })
  /** A refund made at the service with this reference (a lost answer, or the back office). */
  const madeAtService = (pid: string, cents: number, reference: string) =>
    client().refundPayment(pid, { amount: cents, merchant_reference: reference })
  const refundsAtService = (pid: string) =>
    live.payments.get(pid).refunds.map((r: any) => ({ amount: r.amount, reference: r.merchant_reference }))
  const adoptedRows = (db: any) =>
    (db.tables.bnpl_adopted_refund ?? []).map((r: any) => ({
      bnpl_payment_id: r.bnpl_payment_id,
      reference: r.reference,
      medusa_refund_id: r.medusa_refund_id,
      id: r.id.replace(/_[0-9A-Z]{26}$/, "_ULID"),
    }))

  it("the reference names Medusa's refund, or what was refunded before and the cents without one", () => {
    expect(refundReference("pid_1", "ref_A", 500, 700)).toBe("medusa-refund-pid_1-ref_A")
    expect(refundReference("pid_1", undefined, 500, 700)).toBe("medusa-refund-pid_1-500-700")
  })

  it("a retry of the Medusa refund that adopted a lost refund finds its own adoption: nothing made twice", async () => {
    const { db, refund, pid, paymentData } = await authorizedPayment()
    await madeAtService(pid, 5000, `medusa-refund-${pid}-ref_A`) // A's answer lost; Medusa deleted A
    const b = await refund("ref_B", 50, paymentData)
    expect(b.data).toMatchObject({ adopted_refunds: [`medusa-refund-${pid}-ref_A`], medusa_refunded: "50" })
    expect(adoptedRows(db)).toEqual([
      {
        bnpl_payment_id: pid,
        reference: `medusa-refund-${pid}-ref_A`,
        medusa_refund_id: "ref_B",
        id: "bnpladopt_ULID",
      },
    ])
    // Medusa retries B's call with the data it read first.
    const again = await refund("ref_B", 50, paymentData)
    expect(again.data).toMatchObject({ adopted_refunds: [`medusa-refund-${pid}-ref_A`] })
    expect(refundsAtService(pid)).toEqual([{ amount: 5000, reference: `medusa-refund-${pid}-ref_A` }])
    // Another 50 € refund is made: A is B's.
    await refund("ref_C", 50, b.data)
    expect(refundsAtService(pid)).toHaveLength(2)
    expect(await recordedReferences(db.knex, pid, ["ref_B", "ref_C"])).toEqual(
      new Set([`medusa-refund-${pid}-ref_B`, `medusa-refund-${pid}-ref_C`, `medusa-refund-${pid}-ref_A`])
    )
    expect(await recordedReferences(db.knex, pid, ["ref_C"])).toEqual(new Set([`medusa-refund-${pid}-ref_C`]))
    expect(await recordedReferences(db.knex, "pid_other", ["ref_B"])).toEqual(
      new Set(["medusa-refund-pid_other-ref_B"])
    )
  })

  it("a lost refund of other cents, or one its own Medusa refund still holds, is not taken", async () => {
    const { refund, pid, paymentData } = await authorizedPayment()
    await madeAtService(pid, 4000, `medusa-refund-${pid}-ref_A`) // 40 €, Medusa deleted A
    const b = await refund("ref_B", 50, paymentData) // 50 €: made
    expect(b.data).not.toHaveProperty("adopted_refunds")
    await refund("ref_C", 50, b.data) // B lives: C is made too
    expect(refundsAtService(pid).map((r: any) => r.amount)).toEqual([4000, 5000, 5000])
  })

  it("a taker whose Medusa refund was deleted in turn frees the lost refund for the next one", async () => {
    const { db, refund, medusaDeletes, pid, paymentData } = await authorizedPayment()
    await madeAtService(pid, 5000, `medusa-refund-${pid}-ref_A`)
    await refund("ref_B", 50, paymentData)
    medusaDeletes("ref_B") // B's call failed after all (later in Medusa's workflow)
    const c = await refund("ref_C", 50, paymentData)
    expect(c.data).toMatchObject({ adopted_refunds: [`medusa-refund-${pid}-ref_A`] })
    expect(adoptedRows(db)).toEqual([
      {
        bnpl_payment_id: pid,
        reference: `medusa-refund-${pid}-ref_A`,
        medusa_refund_id: "ref_C",
        id: "bnpladopt_ULID",
      },
    ])
    expect(refundsAtService(pid)).toHaveLength(1)
  })

  it("a refund made in the service's back office is taken only once the merchant asked to record it", async () => {
    const { db, refund, pid, paymentData } = await authorizedPayment()
    await madeAtService(pid, 5000, "backoffice-7")
    const b = await refund("ref_B", 50, paymentData) // not asked: made
    expect(refundsAtService(pid)).toHaveLength(2)
    await intendToRecord(db.knex, pid, "backoffice-7")
    await intendToRecord(db.knex, pid, "backoffice-7") // asked twice: one row
    expect(adoptedRows(db)).toEqual([
      { bnpl_payment_id: pid, reference: "backoffice-7", medusa_refund_id: "reconciliation", id: "bnpladopt_ULID" },
    ])
    const c = await refund("ref_C", 50, b.data)
    expect(c.data).toMatchObject({ adopted_refunds: ["backoffice-7"], medusa_refunded: "100" })
    expect(refundsAtService(pid)).toHaveLength(2)
    expect(adoptedRows(db)[0].medusa_refund_id).toBe("ref_C")
    // Recorded: the merchant's asking again moves it back to "record", taken by the next refund.
    await intendToRecord(db.knex, pid, "backoffice-7")
    expect(adoptedRows(db)).toHaveLength(1)
    expect(adoptedRows(db)[0].medusa_refund_id).toBe("reconciliation")
  })

  it("a refund whose answer was lost is found at the service, on a later look", async () => {
    // The call times out after 300 ms; the service made the refund and answers after a second.
    const { pid, refund, paymentData } = await authorizedPayment({ timeoutMs: 300 })
    const earlier = await refund("ref_0", 10, paymentData) // the payment shows another refund too
    live.setFault({ match: { method: "POST", path: `/v1/payments/${pid}/refund` }, delayMs: 1000, count: 1 })
    const posts = () =>
      live.requests.filter((r: any) => r.method === "POST" && r.path.startsWith(`/v1/payments/${pid}/refund`)).length
    const postsBefore = posts()
    const refunding = refund("ref_A", 50, earlier.data)
    while (posts() === postsBefore) {
      await new Promise((r) => setTimeout(r, 5))
    }
    // The first look fails (a GET is tried 3 times), the second finds it, 500 ms later.
    live.setFault({ match: { method: "GET", path: `/v1/payments/${pid}` }, status: 503, count: 3 })
    const started = Date.now()
    const done = await refunding
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
    expect(done.data).toMatchObject({ medusa_refunded: "60" })
    expect((done.data as any).refunds).toEqual([
      expect.objectContaining({ merchant_reference: `medusa-refund-${pid}-ref_0` }),
      expect.objectContaining({ merchant_reference: `medusa-refund-${pid}-ref_A` }),
    ])
    expect(refundsAtService(pid)).toHaveLength(2)
  })

  it("a refund whose answer was lost and that the service does not show is a failure, after three looks", async () => {
    const { pid, refund, paymentData } = await authorizedPayment()
    const first = await refund("ref_A", 50, paymentData)
    // The refund's answer is garbled (the service made none); the payment shows only A.
    live.setFault({ match: { method: "POST", path: `/v1/payments/${pid}/refund` }, garble: true, count: 1 })
    const gets = () => live.requests.filter((r: any) => r.method === "GET" && r.path === `/v1/payments/${pid}`).length
    const before = gets()
    const started = Date.now()
    await expect(refund("ref_B", 50, first.data)).rejects.toMatchObject({ code: "malformed_answer" })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400) // looked again after 500 ms and 1 s
    expect(gets() - before).toBe(1 + 3) // the payment before the refund, then three looks
    expect(refundsAtService(pid)).toHaveLength(1)
  })

  it("a refused refund is not looked for: the service's answer stands", async () => {
    const { pid, refund, paymentData } = await authorizedPayment()
    live.setFault({ match: { method: "POST", path: `/v1/payments/${pid}/refund` }, status: 422, count: 1 })
    const gets = () => live.requests.filter((r: any) => r.method === "GET" && r.path === `/v1/payments/${pid}`).length
    const before = gets()
    await expect(refund("ref_A", 50, paymentData)).rejects.toBeDefined()
    expect(gets() - before).toBe(1) // the payment read before the call, no look after it
  })

  it("a retry of a refund already made finds it by its reference: not made twice", async () => {
    const { refund, pid, paymentData } = await authorizedPayment()
    await refund("ref_A", 50, paymentData)
    // Medusa retries the call (its answer lost on Medusa's side) with the data it read first.
    const again = await refund("ref_A", 50, paymentData)
    expect(refundsAtService(pid)).toEqual([{ amount: 5000, reference: `medusa-refund-${pid}-ref_A` }])
    expect((again.data as any).refunds).toHaveLength(1)
  })

  it("a payment the settling refunded already: Medusa's refund is recorded without a call", async () => {
    const { db, refund, pid, paymentData } = await authorizedPayment()
    db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!.status = "refunded"
    const before = live.requests.length
    const done = await refund("ref_A", 300, paymentData)
    expect(done.data).toEqual({ ...(paymentData as object), medusa_refunded: "300" })
    expect(live.requests.length).toBe(before)
  })

  it("two lost refunds of the same cents: each taken by one refund, a freed one by the next, the other kept", async () => {
    const { db, refund, medusaDeletes, pid, paymentData } = await authorizedPayment()
    await madeAtService(pid, 5000, `medusa-refund-${pid}-ref_A1`)
    await madeAtService(pid, 5000, `medusa-refund-${pid}-ref_A2`)
    const b = await refund("ref_B", 50, paymentData)
    const c = await refund("ref_C", 50, b.data)
    expect(c.data).toMatchObject({
      adopted_refunds: [`medusa-refund-${pid}-ref_A1`, `medusa-refund-${pid}-ref_A2`],
    })
    // The merchant asks to record a back-office refund meanwhile: its own row, the others untouched.
    await intendToRecord(db.knex, pid, "backoffice-9")
    medusaDeletes("ref_B") // B's call failed after all: A1 is free again
    await refund("ref_D", 50, c.data)
    const takers = Object.fromEntries(adoptedRows(db).map((r: any) => [r.reference, r.medusa_refund_id]))
    expect(takers).toEqual({
      [`medusa-refund-${pid}-ref_A1`]: "ref_D",
      [`medusa-refund-${pid}-ref_A2`]: "ref_C",
      "backoffice-9": "reconciliation",
    })
    expect(refundsAtService(pid)).toHaveLength(2)
  })
})
