import { BNPL_PROVIDER_ID } from "../helpers/store"
import { RETURN_URL, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(120 * 1000)

const ports = testPorts(7)

/**
 * Issue 10, row 5: the hosted page sends the customer to the session's return and cancel
 * URLs, so they must be the storefront's own (no open redirect): 400 with the reason, and no
 * payment created at the service.
 */
sandboxStoreSuite(
  { ports },
  ({ api, sandbox, store, cartWith }) => {
    const startSession = async (data: Record<string, unknown>) => {
      const cart = await cartWith(129.9)
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, store().storeHeaders)
      return api
        .post(
          `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
          { provider_id: BNPL_PROVIDER_ID, data: { installments_count: 3, ...data } },
          store().storeHeaders
        )
        .catch((e: any) => e.response)
    }
    const paymentsCreated = () => sandbox().requests.filter((r: any) => r.method === "POST" && r.path === "/v1/payments")

    it.each([
      ["a javascript: URL", { return_url: "javascript:alert(1)" }, "http(s)"],
      ["another site", { return_url: "https://evil.example.net/steal" }, "origin https://evil.example.net"],
      ["a 5,000-character URL", { return_url: `http://localhost:8000/${"a".repeat(5000)}` }, "longer than 2048"],
      ["a cancel URL on another site", { return_url: RETURN_URL, customer_cancel_url: "https://evil.example.net/" }, "customer_cancel_url"],
    ])("refuses %s with a 400 and creates no payment", async (_label, data, words) => {
      const response = await startSession(data)
      expect(response.status).toBe(400)
      expect(response.data.message).toContain(words)
      expect(paymentsCreated()).toHaveLength(0)
    })

    it("accepts the storefront's own return and cancel URLs", async () => {
      const response = await startSession({ return_url: `${RETURN_URL}?step=review`, customer_cancel_url: "http://localhost:8000/checkout" })
      expect(response.status).toBe(200)
      const session = response.data.payment_collection.payment_sessions.find((s: any) => s.provider_id === BNPL_PROVIDER_ID)
      expect(session.data.url).toEqual(expect.any(String))
      expect(paymentsCreated()).toHaveLength(1)
    })
  }
)
