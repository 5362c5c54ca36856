import { BnplClient } from "../client"
import { ACTIVE_KEY, failure, sandbox, useSandbox } from "./client-fixtures"

// The file's sandbox (client-fixtures.ts): started before its tests, reset before each.
useSandbox()

// The default 10 s timeout: beyond jest's 5 s per test, so a busy machine's slow answer is never a timeout.
const client = () => new BnplClient({ apiKey: ACTIVE_KEY, baseUrl: sandbox.url, retryDelayMs: 5 })
const seen = (method: string, prefix: string) =>
  sandbox.requests.filter((r: any) => r.method === method && r.path.startsWith(prefix))

async function newPaymentId(): Promise<string> {
  const payment = await client().createPayment({
    payment: { purchase_amount: 30000, installments_count: 3, return_url: "https://shop.test/return" },
  })
  return payment.id
}

describe("after-order calls", () => {
  it("attaches the shop order (replace, idempotent) and answers the service's order id", async () => {
    const pid = await newPaymentId()
    const order = { merchant_reference: "1001", merchant_url: "https://shop.test/app/orders/order_1" }
    const first = await client().attachOrder(pid, order)
    const again = await client().attachOrder(pid, order)
    expect(first.id).toMatch(/^order_/)
    expect(again.id).toBe(first.id)
    expect(seen("POST", `/v1/payments/${pid}/orders`).map((r: any) => r.body)).toEqual([
      { orders: [order] },
      { orders: [order] },
    ])
    expect(sandbox.payments.get(pid).orders).toHaveLength(1)
  })

  it("retries the status after a 503 and sends it once accepted", async () => {
    const pid = await newPaymentId()
    await client().attachOrder(pid, { merchant_reference: "1001" })
    sandbox.setFault({ match: { path: `/v1/payments/${pid}/orders/1001/status` }, status: 503, count: 1 })
    await client().setOrderStatus(pid, "1001", { status: "shipped", is_shipped: true })
    expect(seen("POST", `/v1/payments/${pid}/orders/1001/status`).map((r: any) => r.status)).toEqual([503, 200])
    expect(sandbox.payments.get(pid).orders[0]).toMatchObject({ status: "shipped", is_shipped: true })
  })

  it("sends tracking to the service's order, never retried within the call", async () => {
    const pid = await newPaymentId()
    const { id } = await client().attachOrder(pid, { merchant_reference: "1001" })
    const tracking = { carrier: "colissimo", tracking_number: "6A1", tracking_url: "https://track.test/6A1" }
    await client().addTracking(pid, id, tracking)
    expect(sandbox.payments.get(pid).orders[0].shipments).toEqual([expect.objectContaining(tracking)])
    sandbox.setFault({ match: { path: `/v2/orders/${id}/shipment` }, status: 503 })
    expect((await failure(client().addTracking(pid, id, tracking))).code).toBe("unavailable")
    expect(seen("POST", `/v2/orders/${id}/shipment`)).toHaveLength(2)
  })

  it("a 404 on the endpoint, the payment found, is not_available (one look at the payment, no retry)", async () => {
    const pid = await newPaymentId()
    sandbox.setMerchant(ACTIVE_KEY, { after_order: false })
    const error = await failure(client().attachOrder(pid, { merchant_reference: "1001" }))
    expect(error.code).toBe("not_available")
    expect(error.message).toMatch(/order attachment is not available/)
    expect(seen("POST", `/v1/payments/${pid}/orders`)).toHaveLength(1)
    expect(seen("GET", `/v1/payments/${pid}`)).toHaveLength(1)
    // An order attached before the account lost the feature: its status endpoint's 404 is the endpoint's.
    sandbox.setMerchant(ACTIVE_KEY, { after_order: true })
    await client().attachOrder(pid, { merchant_reference: "1001" })
    sandbox.setMerchant(ACTIVE_KEY, { after_order: false })
    expect((await failure(client().setOrderStatus(pid, "1001", { status: "shipped", is_shipped: true }))).code).toBe(
      "not_available"
    )
  })

  it("a 404 for the payment or the order itself stays a refused request", async () => {
    const error = await failure(client().attachOrder("payment_unknown", { merchant_reference: "1001" }))
    expect(error).toMatchObject({ code: "invalid_request", status: 404 })
    const pid = await newPaymentId()
    const status = await failure(client().setOrderStatus(pid, "9999", { status: "shipped", is_shipped: true }))
    expect(status).toMatchObject({ code: "invalid_request", status: 404 })
    const tracking = await failure(client().addTracking(pid, "order_unknown", { carrier: "x", tracking_number: "1" }))
    expect(tracking).toMatchObject({ code: "invalid_request", status: 404 })
  })

  it("a body the service refuses is invalid_request with its field", async () => {
    const pid = await newPaymentId()
    const error = await failure(client().attachOrder(pid, { merchant_reference: "1001", merchant_url: "not a url" }))
    expect(error).toMatchObject({ code: "invalid_request", status: 400, field: "orders[0].merchant_url" })
  })
})
