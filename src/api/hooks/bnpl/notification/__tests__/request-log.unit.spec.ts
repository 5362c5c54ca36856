import http from "node:http"
import type { AddressInfo } from "node:net"
import express from "express"
import morgan from "morgan"
import { redactUrlTokens } from "../../../../../client"
import middlewares from "../../../../middlewares"
import { keepTokenOutOfRequestLog } from "../middlewares"

/**
 * Issue 44: the notification token in Medusa's own request log. Medusa logs each request with
 * morgan's `:url` (req.originalUrl) when the response ends (@medusajs/framework's
 * http/express-loader). Real Express and morgan, as Medusa sets them up, on an ephemeral port of
 * 127.0.0.1: the line has no token, and the route still reads it.
 */
describe("the notification token and the request log", () => {
  it("the log line has no token; the route still gets it", async () => {
    const lines: string[] = []
    let seen: unknown
    const app = express()
    app.use(morgan(":method :url (:status)", { stream: { write: (line: string) => lines.push(line.trim()) } }))
    app.use("/hooks/bnpl/notification", keepTokenOutOfRequestLog as express.RequestHandler)
    app.get("/hooks/bnpl/notification", (req, res) => {
      seen = req.query.token
      res.json({ ok: true })
    })
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    try {
      const { port } = server.address() as AddressInfo
      const answer = await fetch(`http://127.0.0.1:${port}/hooks/bnpl/notification?token=0123abcdef&pid=payment_1`)
      expect(answer.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 20)) // morgan writes on the response's end
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    expect(seen).toBe("0123abcdef")
    expect(lines).toEqual(["GET /hooks/bnpl/notification?token=[redacted]&pid=payment_1 (200)"])
  })

  it("is the first middleware of the notification route, GET and POST", () => {
    const route = middlewares.routes?.find((r) => r.matcher === "/hooks/bnpl/notification")
    expect(route).toMatchObject({ methods: ["GET", "POST"], middlewares: [keepTokenOutOfRequestLog] })
  })

  it.each([
    [
      "https://shop.example/hooks/bnpl/notification?token=abc123&pid=p_1",
      "https://shop.example/hooks/bnpl/notification?token=[redacted]&pid=p_1",
    ],
    [
      "ipn_callback_url https://x/n?pid=1&token=s3cr3t is invalid",
      "ipn_callback_url https://x/n?pid=1&token=[redacted] is invalid",
    ],
    ["url=https%3A%2F%2Fx%2Fn%3Ftoken%3Dabc123%26pid%3D1", "url=https%3A%2F%2Fx%2Fn%3Ftoken%3D[redacted]%26pid%3D1"],
    ["/hooks/bnpl/notification?TOKEN=abc#f", "/hooks/bnpl/notification?TOKEN=[redacted]#f"],
    ["/hooks/bnpl/notification?pid=p_1", "/hooks/bnpl/notification?pid=p_1"],
  ])("redactUrlTokens(%j)", (text, redacted) => {
    expect(redactUrlTokens(text)).toBe(redacted)
  })
})
