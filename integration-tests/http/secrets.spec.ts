import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { eventually, notificationPath, testPorts, TEST_API_KEY } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { signPaymentId } from "../../src/lib/payment/signature"

jest.setTimeout(180 * 1000)

const ports = testPorts(5)

/**
 * The security pass: one run through everything the plugin does (settings, verify, plans,
 * checkout, notification, refund, fulfillment sync, admin views, a failing service), then a
 * search of every response body, every log line and every stored row for the API keys.
 */
sandboxStoreSuite(
  { ports, reset: false },
  ({ api, getContainer, sandbox, store, admin, paidOrder, cartWith, startBnplSession }) => {
    const seen: string[] = []
    const logged: string[] = []
    const restore: (() => void)[] = []

    beforeAll(async () => {
      // Every response body the store sends, and every line written to the process output.
      api.interceptors.response.use(
        (response: any) => (seen.push(JSON.stringify(response.data ?? "")), response),
        (error: any) => (seen.push(JSON.stringify(error.response?.data ?? "")), Promise.reject(error))
      )
      for (const stream of [process.stdout, process.stderr]) {
        const write = stream.write.bind(stream)
        stream.write = ((chunk: any, ...rest: any[]) => {
          logged.push(String(chunk))
          return write(chunk, ...rest)
        }) as typeof stream.write
        restore.push(() => (stream.write = write))
      }
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any
      for (const level of ["info", "warn", "error", "debug", "log"]) {
        const original = logger[level]?.bind(logger)
        if (original) {
          logger[level] = (...args: unknown[]) => {
            logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a))).join(" "))
            return original(...args)
          }
          restore.push(() => (logger[level] = original))
        }
      }
    })
    afterAll(async () => {
      restore.forEach((undo) => undo())
    })

    it("never shows, logs or stores an API key in clear", async () => {
      const adminKey = "sk_test_active_0000000000000000"
      // A second account, saved through the admin (stored encrypted).
      sandbox().setMerchant("sk_live_settings_secret_4242424242", { name: "Settings account", activated: true })
      const secondKey = "sk_live_settings_secret_4242424242"
      await api.post("/admin/bnpl/settings/verify", { api_key: "sk_test_rejected_999999999999" }, admin()).catch(() => undefined)
      await api.post("/admin/bnpl/settings", { api_key: secondKey, verify_notification_signature: true, notification_signature_header: "x-bnpl-signature" }, admin())
      await api.get("/admin/bnpl/settings", admin())
      await api.post("/admin/bnpl/settings/verify", {}, admin())

      // Checkout, notification, refund, fulfillment and the admin view.
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      await api.get(notificationPath(sandbox(), pid), {
        headers: { "x-bnpl-signature": signPaymentId(pid, secondKey) },
      })
      await api.get(notificationPath(sandbox(), pid), { headers: { "x-bnpl-signature": "00" } }).catch(() => undefined)
      const { data: withPayments } = await api.get(`/admin/orders/${order.id}?fields=*payment_collections.payments`, admin())
      const payment = withPayments.order.payment_collections[0].payments[0]
      await api.post(`/admin/payments/${payment.id}/refund`, { amount: 10 }, admin())
      const { data: items } = await api.get(`/admin/orders/${order.id}?fields=*items`, admin())
      await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: items.order.items.map((i: any) => ({ id: i.id, quantity: i.quantity })), location_id: store().stockLocationId },
        admin()
      )
      const bnpl = getContainer().resolve("bnpl") as any
      await eventually(
        async () => (await bnpl.listBnplServiceMessages({ order_id: order.id, kind: "shipping_info" })).length > 0
      )
      await api.get(`/admin/bnpl/orders/${order.id}`, admin())

      // A failing service: errors are logged and answered, still without the key.
      sandbox().setFault({ match: { path: "/v1/" }, status: 500, body: { error_code: "boom", message: `echo ${secondKey}` } })
      const cart = await cartWith(349)
      await api.get(`/store/bnpl/eligibility?amount=77.77&currency_code=eur`, store().storeHeaders)
      await startBnplSession(cart.id).catch(() => undefined)
      await api.post(`/admin/bnpl/orders/${order.id}/shipping-sync`, {}, admin()).catch(() => undefined)
      sandbox().clearFaults()

      // Every stored row of every table.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      const { rows: tables } = await pg.raw(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
      )
      const stored: string[] = []
      for (const { table_name } of tables) {
        const { rows } = await pg.raw(`select row_to_json(t)::text as row from "${table_name}" t`)
        stored.push(...rows.map((r: any) => r.row))
      }

      // The search must find something to search in, or it proves nothing.
      expect(seen.length).toBeGreaterThan(15)
      expect(stored.some((row) => row.includes(pid))).toBe(true)
      expect(stored.some((row) => row.includes("api_key_encrypted") && row.includes("v3:"))).toBe(true)
      expect(logged.some((line) => line.includes("BNPL"))).toBe(true)
      for (const key of [adminKey, TEST_API_KEY, secondKey]) {
        expect(seen.filter((body) => body.includes(key))).toEqual([])
        expect(logged.filter((line) => line.includes(key))).toEqual([])
        expect(stored.filter((row) => row.includes(key))).toEqual([])
      }
    })
  }
)
