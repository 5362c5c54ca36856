import http, { type Server } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A stand-in service on 127.0.0.1 (ephemeral port), started before the suite's tests and closed
 * after them (call it in the describe block or at the file's top), that answers every payment's
 * creation with a payment whose hosted page is `service.answerUrl`: what the client makes of the
 * URL a service sends the customer to. Nothing else is bound.
 */
export function useHostedPageService(paymentId: string) {
  const service = { baseUrl: "", answerUrl: "" }
  let server: Server
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume()
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" })
        res.end(
          JSON.stringify({
            id: paymentId,
            url: service.answerUrl,
            state: "not_started",
            purchase_amount: 12990,
            installments_count: 3,
            deferred_days: 0,
            deferred_months: 0,
            payment_plan: [],
            refunds: [],
          })
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    service.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  return service
}
