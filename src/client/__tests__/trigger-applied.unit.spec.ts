import { awaitsTrigger, hasCharged } from "../../lib/payment/settlement"
import { BnplClient } from "../client"
import { failure } from "./client-fixtures"

const { startSandbox } = require("../../../sandbox/server")

/**
 * `deferred_trigger_applied` as each of the vendor's public clients reads it: null until the
 * trigger, then an int timestamp (its PHP client), a string (its JS clients), or `true` (one
 * client's `boolean | null`). Every form is the same boolean to the plugin: the trigger is seen
 * as applied, and the payment as charged, once the shop triggered it.
 */

const ACTIVE_KEY = "sk_test_active_0000000000000000"
const TEXT = "Nothing to pay today: your first instalment is taken when your order ships."
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

const FORMS = [
  { form: "timestamp", before: null, after: (v: unknown) => Number.isInteger(v) && (v as number) > 1_600_000_000 },
  { form: "string", before: null, after: (v: unknown) => typeof v === "string" && /^\d{10,}$/.test(v) },
  { form: "iso", before: null, after: (v: unknown) => typeof v === "string" && ISO.test(v) },
  { form: "boolean", before: false, after: (v: unknown) => v === true },
] as const

function onSandbox(options: Record<string, unknown>) {
  const box: { sandbox: any } = { sandbox: undefined }
  beforeAll(async () => {
    box.sandbox = await startSandbox({ port: 0, autoNotify: false, ...options })
  })
  afterAll(async () => {
    await box.sandbox?.close()
  })
  beforeEach(() => box.sandbox.reset())
  const client = () => new BnplClient({ apiKey: ACTIVE_KEY, baseUrl: box.sandbox.url, retryDelayMs: 5 })
  /** What the service API itself answers (not what the client makes of it). */
  const raw = async (pid: string) => {
    const res = await fetch(`${box.sandbox.url}/v1/payments/${pid}`, {
      headers: { authorization: `Service-Auth ${ACTIVE_KEY}` },
    })
    return (await res.json()) as Record<string, unknown>
  }
  /** A pay-at-shipment payment the customer accepted: nothing charged yet. */
  const acceptedAtShipment = async () => {
    const payment = await client().createPayment({
      payment: {
        purchase_amount: 30000,
        installments_count: 3,
        deferred: "trigger",
        deferred_description: TEXT,
        return_url: "https://shop.test/return",
      },
    })
    box.sandbox.accept(payment.id, { notify: false })
    return payment.id
  }
  const seen = (method: string, path: string) =>
    box.sandbox.requests.filter((r: any) => r.method === method && r.path === path)
  return { box, client, raw, acceptedAtShipment, seen }
}

describe.each(FORMS)("deferred_trigger_applied answered as $form", ({ form, before, after }) => {
  const { box, client, raw, acceptedAtShipment, seen } = onSandbox({ triggerAppliedAs: form })

  it("before the trigger: not applied, awaiting it, nothing charged", async () => {
    const pid = await acceptedAtShipment()
    expect((await raw(pid)).deferred_trigger_applied).toBe(before)
    const payment = await client().getPayment(pid)
    expect(payment).toMatchObject({ state: "in_progress", deferred_trigger: true, deferred_trigger_applied: false })
    expect(awaitsTrigger(payment)).toBe(true)
    expect(hasCharged(payment)).toBe(false)
  })

  it("the trigger's own answer is read as applied (no error), and the payment as charged", async () => {
    const pid = await acceptedAtShipment()
    const triggered = await client().triggerPayment(pid)
    expect(after((await raw(pid)).deferred_trigger_applied)).toBe(true)
    expect(triggered).toMatchObject({ id: pid, deferred_trigger: true, deferred_trigger_applied: true })
    expect(triggered.payment_plan[0].state).toBe("paid")
    expect(awaitsTrigger(triggered)).toBe(false)
    expect(hasCharged(triggered)).toBe(true)
    const fetched = await client().getPayment(pid)
    expect(fetched.deferred_trigger_applied).toBe(true)
    expect(awaitsTrigger(fetched)).toBe(false)
    expect(hasCharged(fetched)).toBe(true)
    expect(seen("POST", `/v1/payments/${pid}/trigger`)).toHaveLength(1)
  })

  it("a trigger applied whose answer was unreadable, made again: the service's refusal is the success it was", async () => {
    const pid = await acceptedAtShipment()
    // Processed, then answered `{}`: the shop does not know the trigger was applied.
    box.sandbox.setFault({ match: { path: `/v1/payments/${pid}/trigger` }, wrongShape: true, count: 1 })
    expect((await failure(client().triggerPayment(pid))).code).toBe("malformed_answer")
    const again = await client().triggerPayment(pid)
    expect(again.deferred_trigger_applied).toBe(true)
    expect(hasCharged(again)).toBe(true)
    expect(seen("POST", `/v1/payments/${pid}/trigger`).map((r: any) => r.status)).toEqual([200, 400])
  })
})

describe("the sandbox's default: the vendor's PHP client's int timestamp", () => {
  const { client, raw, acceptedAtShipment } = onSandbox({})

  it("answers null, then an int timestamp; triggerPayment no longer errors on it", async () => {
    const pid = await acceptedAtShipment()
    expect((await raw(pid)).deferred_trigger_applied).toBeNull()
    const triggered = await client().triggerPayment(pid)
    const answered = (await raw(pid)).deferred_trigger_applied
    expect(typeof answered).toBe("number")
    expect(triggered.deferred_trigger_applied).toBe(true)
    expect(hasCharged(triggered)).toBe(true)
  })

  it("refuses an unknown form", async () => {
    await expect(startSandbox({ port: 0, triggerAppliedAs: "date" })).rejects.toThrow(/triggerAppliedAs/)
  })
})

/**
 * A payment answer as one vendor client or another types it, served over HTTP (a fault whose
 * body is the answer): what the contract does not pin never fails a good answer; what the
 * plugin relies on for money stays strict.
 */
describe("vendor-API fields the vendor's clients type differently", () => {
  const { box, client } = onSandbox({})
  const PID = "payment_variant"
  const base = {
    id: PID,
    url: "https://pay.test/payment_variant",
    state: "in_progress",
    purchase_amount: 30000,
    installments_count: 3,
    payment_plan: [
      { purchase_amount: 10000, customer_fee: 0, customer_interest: 0, due_date: 1_767_225_600, total_amount: 10000 },
    ],
    refunds: [],
  }
  const answering = (payment: Record<string, unknown>) => {
    box.sandbox.clearFaults()
    box.sandbox.setFault({ match: { method: "GET", path: `/v1/payments/${PID}` }, status: 200, body: payment })
  }
  const fetched = async (payment: Record<string, unknown>) => {
    answering({ ...base, ...payment })
    return client().getPayment(PID)
  }

  it.each([
    ["an int timestamp", 1_767_225_600, true],
    ["a numeric string", "1767225600", true],
    ["an ISO string", "2026-01-01T00:00:00+00:00", true],
    ["true", true, true],
    ["null", null, false],
    ["false", false, false],
    ["absent", undefined, false],
  ])("deferred_trigger_applied as %s", async (_, applied, expected) => {
    const payment = await fetched({ deferred_trigger: true, deferred_trigger_applied: applied })
    expect(payment.deferred_trigger_applied).toBe(expected)
    expect(awaitsTrigger(payment)).toBe(!expected)
    expect(hasCharged(payment)).toBe(expected)
  })

  it.each([
    [true, true],
    [1, true],
    ["1", true],
    [false, false],
    [0, false],
    ["0", false],
  ])("deferred_trigger as %p", async (flag, expected) => {
    const payment = await fetched({ deferred_trigger: flag, deferred_trigger_applied: null })
    expect(payment.deferred_trigger).toBe(expected)
    expect(hasCharged(payment)).toBe(!expected)
  })

  it("expired_at as an int, a numeric or a date string; refunds' created likewise; custom_data as PHP's []", async () => {
    for (const expired of [1_767_225_600, "1767225600", "2026-01-01T00:00:00Z"]) {
      expect((await fetched({ state: "not_started", expired_at: expired })).expired_at).toBe(1_767_225_600)
    }
    expect((await fetched({ expired_at: null })).expired_at).toBeNull()
    const payment = await fetched({
      refunds: [
        { id: "refund_1", amount: 1000, created: "2026-01-01T00:00:00Z", merchant_reference: "r1" },
        { id: "refund_2", amount: 500, created: "1767225600" },
        { id: "refund_3", amount: 500, created: "yesterday" },
      ],
      custom_data: [],
      url: null,
    })
    expect(payment.refunds.map((r) => [r.amount, r.created])).toEqual([
      [1000, 1_767_225_600],
      [500, 1_767_225_600],
      [500, undefined],
    ])
    expect(payment.custom_data).toBeNull()
    expect(payment.url).toBeUndefined()
  })

  it("an attached order's informational fields: is_shipped as 0/1, merchant_url and status as null", async () => {
    box.sandbox.setFault({
      match: { method: "POST", path: `/v1/payments/${PID}/orders` },
      status: 200,
      body: {
        ...base,
        orders: [
          { id: "order_1", merchant_reference: "1001", merchant_url: null, status: null, is_shipped: 1, data: [] },
        ],
      },
    })
    const order = await client().attachOrder(PID, { merchant_reference: "1001" })
    expect(order).toMatchObject({ id: "order_1", merchant_reference: "1001", status: null, is_shipped: true })
    expect(order.merchant_url).toBeUndefined()
    expect(order.data).toBeUndefined()
  })

  it.each([
    ["purchase_amount as a string", { purchase_amount: "30000" }, "purchase_amount"],
    ["no state", { state: undefined }, "state"],
    ["a refund's amount as a string", { refunds: [{ id: "refund_1", amount: "1000" }] }, "refunds.0.amount"],
    ["deferred_trigger no client reads", { deferred_trigger: "yes" }, "deferred_trigger"],
    ["expired_at that is no moment", { expired_at: "soon" }, "expired_at"],
  ])("stays strict on what money relies on: %s", async (_, payment, field) => {
    answering({ ...base, ...payment })
    const error = await failure(client().getPayment(PID))
    expect(error.code).toBe("malformed_answer")
    expect(error.message).toContain(`${field}:`)
  })
})
