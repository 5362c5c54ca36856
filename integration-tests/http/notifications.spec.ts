import { randomBytes } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { eventually, notificationPath, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(120 * 1000)

const ports = testPorts(5)

/**
 * Notifications cost nothing unless they can be real: before any call to the service, a
 * notification must name a payment this store made and carry the store's token (the one in the
 * notification URL sent with each payment). Counted with the sandbox's own request log.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, cartWith, startBnplSession, complete }) => {
    const answer = (p: Promise<any>) => p.then((r) => r).catch((e) => e.response)
    const serviceCalls = () => sandbox().requests.filter((r: any) => r.path.startsWith("/v1/"))
    const randomPid = () => `payment_${randomBytes(12).toString("hex")}`
    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any

    /** A customer's session with its payment accepted at the service (not notified yet). */
    async function acceptedPayment(price = 129.9) {
      const cart = await cartWith(price)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      return { cart, session, pid, path: notificationPath(sandbox(), pid) }
    }

    it("20 forged GET notifications and 5 forged POSTs to Medusa's webhook route: 0 service calls", async () => {
      const { pid, path } = await acceptedPayment()
      const token = new URL(path, "http://x").searchParams.get("token")!
      sandbox().clearRequests()

      const gets = await Promise.all(
        Array.from({ length: 20 }, () => answer(api.get(`/hooks/bnpl/notification?pid=${randomPid()}`)))
      )
      expect(gets.map((r) => r.status)).toEqual(Array(20).fill(404))
      // A real pid without the token, or with another one: refused too.
      expect((await answer(api.get(`/hooks/bnpl/notification?pid=${pid}`))).status).toBe(401)
      expect((await answer(api.get(`/hooks/bnpl/notification?pid=${pid}&token=${"0".repeat(48)}`))).status).toBe(401)

      const forgedBodies = [
        { pid: randomPid() },
        { pid: randomPid(), token },
        { pid },
        { pid, token: "not-the-token" },
        { pid: ["payment_a", "payment_b"], token },
      ]
      for (const body of forgedBodies) {
        const response = await answer(api.post("/hooks/payment/bnpl_bnpl", body))
        expect(response.status).toBe(200) // Medusa's route queues the event and answers at once
      }
      // Medusa processes webhook events 5 s later (`webhook_delay`): wait for them.
      await new Promise((r) => setTimeout(r, 7_000))
      expect(serviceCalls()).toHaveLength(0)

      // The same route with the real pid and token does reach the service (the count above can fail).
      await answer(api.post("/hooks/payment/bnpl_bnpl", { pid, token }))
      await eventually(async () => serviceCalls().some((r: any) => r.path === `/v1/payments/${pid}`), 15_000)
    })

    it("unknown pids are answered from a short negative cache after the first look-up", async () => {
      const pid = randomPid()
      // Database queries about this pid (the scheduled jobs may run queries of their own meanwhile).
      let queries = 0
      const onQuery = (q: any) => {
        if ((q.bindings ?? []).includes(pid)) queries++
      }
      knex().on("query", onQuery)
      try {
        expect((await answer(api.get(`/hooks/bnpl/notification?pid=${pid}`))).status).toBe(404)
        const first = queries
        expect(first).toBeGreaterThan(0)
        for (let i = 0; i < 4; i++) {
          expect((await answer(api.get(`/hooks/bnpl/notification?pid=${pid}`))).status).toBe(404)
        }
        expect(queries).toBe(first)
      } finally {
        knex().off("query", onQuery)
      }
      // About this pid (the previous test's real notification may still be processed in the
      // background by Medusa's webhook subscriber, with calls of its own).
      expect(serviceCalls().filter((r: any) => r.path.includes(pid))).toHaveLength(0)
    })

    it("a forged notification costs one database statement (the ledger, by its unique pid); Medusa's sessions are read once", async () => {
      // During the 7 days after the store's first token (payments made before it are looked up).
      const pids = Array.from({ length: 20 }, randomPid)
      const aboutPid = new Map(pids.map((pid) => [pid, 0]))
      let sessionReads = 0
      const onQuery = (q: any) => {
        const bindings: unknown[] = q.bindings ?? []
        for (const pid of pids) if (bindings.includes(pid)) aboutPid.set(pid, aboutPid.get(pid)! + 1)
        if (/payment_session/.test(q.sql) && bindings.includes("pp_bnpl_bnpl")) sessionReads++
      }
      knex().on("query", onQuery)
      try {
        for (const pid of pids) {
          expect((await answer(api.get(`/hooks/bnpl/notification?pid=${pid}`))).status).toBe(404)
        }
      } finally {
        knex().off("query", onQuery)
      }
      // Before: two each, the second an unindexed look-up in payment_session.
      expect([...aboutPid.values()]).toEqual(Array(20).fill(1))
      // The sessions of before the first token, once (this process forgot them before the test).
      expect(sessionReads).toBe(1)
    })

    it("Medusa's own webhook route: a replay for a payment an order holds is not processed again (no service call)", async () => {
      const { cart, pid, path } = await acceptedPayment(129.9)
      const token = new URL(path, "http://x").searchParams.get("token")!
      expect((await answer(api.get(path))).status).toBe(200)
      expect((await complete(cart.id)).data.type).toBe("order")
      sandbox().clearRequests()
      for (let i = 0; i < 3; i++) {
        expect((await answer(api.post("/hooks/payment/bnpl_bnpl", { pid, token }))).status).toBe(200)
      }
      // Medusa handles its webhook events 5 s after answering.
      await new Promise((r) => setTimeout(r, 7_000))
      expect(serviceCalls().filter((r: any) => r.path.includes(pid))).toHaveLength(0)
      // The plugin's own route answers from the ledger too.
      expect((await answer(api.get(path))).data).toMatchObject({ result: "processed" })
      expect(serviceCalls().filter((r: any) => r.path.includes(pid))).toHaveLength(0)
    })

    it("a real notification with the token places the order; the service is asked once, with a tight timeout and no retry", async () => {
      const { cart, path } = await acceptedPayment(349)
      sandbox().clearRequests()
      const placed = await answer(api.get(path))
      expect(placed.status).toBe(200)
      expect(placed.data.result).toBe("processed")
      const back = await complete(cart.id)
      expect(back.data.type).toBe("order")

      // A service slower than the notification waits: one call, answered 503 (notify again) in about 3 s.
      const slow = await acceptedPayment(349)
      sandbox().clearRequests()
      sandbox().setFault({ match: { method: "GET", path: "/v1/payments/" }, delayMs: 6_000 })
      const started = Date.now()
      const retry = await answer(api.get(slow.path))
      expect(retry.status).toBe(503)
      expect(Date.now() - started).toBeLessThan(5_500)
      expect(serviceCalls().filter((r: any) => r.method === "GET")).toHaveLength(1)
      sandbox().clearFaults()
    })

    it("a payment made before the upgrade (no token in its URL) still completes its order without the token", async () => {
      const { cart, pid } = await acceptedPayment(129.9)
      // As before the upgrade: no row for the payment, its session older than the store's token.
      await knex()("bnpl_payment").where({ bnpl_payment_id: pid }).delete()
      await knex()("payment_session")
        .whereRaw("data->>'bnpl_payment_id' = ?", [pid])
        .update({ created_at: new Date(Date.now() - 2 * 86_400_000) })
      const legacy = await answer(api.get(`/hooks/bnpl/notification?pid=${pid}`))
      expect(legacy.status).toBe(200)
      expect(legacy.data.result).toBe("processed")
      const back = await complete(cart.id)
      expect(back.data.type).toBe("order")

      // A session made after the upgrade gets no such pass, even with its row gone.
      const recent = await acceptedPayment(349)
      await knex()("bnpl_payment").where({ bnpl_payment_id: recent.pid }).delete()
      sandbox().clearRequests()
      expect((await answer(api.get(`/hooks/bnpl/notification?pid=${recent.pid}`))).status).toBe(404)
      expect(serviceCalls()).toHaveLength(0)
    })

    it("never writes the raw pid to the logs", async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any
      const lines: string[] = []
      const spies = ["warn", "info", "error"].map((level) =>
        jest.spyOn(logger, level).mockImplementation((...args: any[]) => {
          lines.push(args.map(String).join(" "))
        })
      )
      try {
        const evil = "payment_x\nINFO forged line \u001b[31m"
        await answer(api.get(`/hooks/bnpl/notification?pid=${encodeURIComponent(evil)}`))
        await answer(api.post("/hooks/payment/bnpl_bnpl", { pid: evil, token: "x" }))
        await new Promise((r) => setTimeout(r, 6_500))
        expect(lines.some((l) => l.includes("\nINFO forged line"))).toBe(false)
        expect(lines.some((l) => l.includes("\u001b[31m"))).toBe(false)
        expect(lines.some((l) => l.includes(JSON.stringify(evil)))).toBe(true)
      } finally {
        spies.forEach((s) => s.mockRestore())
      }
    })
  }
)
