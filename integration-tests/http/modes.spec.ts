import { createHmac } from "node:crypto"
import { testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

jest.setTimeout(240 * 1000)

const ports = testPorts(7)
const TEST_KEY = "sk_test_modes_account_000000000000"
const LIVE_KEY = "sk_live_modes_account_000000000000"

/**
 * Test and live modes through the store and admin APIs: two accounts at the (same) sandbox with
 * different keys; each payment keeps the account it was made with after the store switches.
 */
sandboxStoreSuite(
  {
    ports,
    sandbox: { merchants: { [TEST_KEY]: { name: "Test account", activated: true }, [LIVE_KEY]: { name: "Live account", activated: true } } },
  },
  ({ api, sandbox, store, admin, cartWith, startBnplSession, complete }) => {
    const save = (body: Record<string, unknown>) => api.post("/admin/bnpl/settings", body, admin()).catch((e: any) => e.response)
    /** Service calls made with a key (the sandbox logs the Authorization header). */
    const callsWith = (key: string, path = "") =>
      sandbox().requests.filter((r: any) => r.headers.authorization === `Service-Auth ${key}` && r.path.startsWith(path))
    const paid = async (price: number) => {
      const cart = await cartWith(price)
      const { session } = await startBnplSession(cart.id)
      sandbox().accept(session.data.bnpl_payment_id, { notify: false })
      const done = await complete(cart.id)
      expect(done.status).toBe(200)
      return { order: done.data.order, pid: session.data.bnpl_payment_id as string, mode: session.data.mode }
    }
    const paymentOf = async (orderId: string) => {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`, admin())
      return data.order.payment_collections[0].payments[0]
    }

    beforeEach(async () => {
      const saved = await save({
        live_api_key: LIVE_KEY,
        live_api_url: sandbox().url,
        test_api_key: TEST_KEY,
        test_api_url: sandbox().url,
        mode: "test",
      })
      expect(saved.status).toBe(200)
    })

    it("refuses a key pasted into the other account's slot, naming the slot", async () => {
      const live = await save({ test_api_key: LIVE_KEY })
      expect(live.status).toBe(400)
      expect(live.data.message).toMatch(/test_api_key: this is a live key/)
      const test = await save({ live_api_key: TEST_KEY })
      expect(test.status).toBe(400)
      expect(test.data.message).toMatch(/live_api_key: this is a test key/)
      for (const response of [live, test]) {
        expect(JSON.stringify(response.data)).not.toContain("modes_account")
      }
      const verify = await api
        .post("/admin/bnpl/settings/verify", { mode: "test", api_key: LIVE_KEY }, admin())
        .catch((e: any) => e.response)
      expect(verify.status).toBe(400)
    })

    it("shows both accounts, never their keys, and verifies each", async () => {
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings).toMatchObject({
        mode: "test",
        api_key_hint: expect.stringMatching(/^sk_test_/),
        accounts: {
          test: { api_key_set: true, api_url: sandbox().url, source: { api_key: "settings" } },
          live: { api_key_set: true, api_url: sandbox().url, source: { api_key: "settings" } },
        },
      })
      expect(data.settings.accounts.live.api_key_hint).toMatch(/^sk_live_/)
      expect(JSON.stringify(data)).not.toContain("modes_account")
      for (const [mode, key] of [["test", TEST_KEY], ["live", LIVE_KEY]] as const) {
        sandbox().clearRequests()
        const { data: verified } = await api.post("/admin/bnpl/settings/verify", { mode }, admin())
        expect(verified).toMatchObject({ result: "works", mode })
        // One eligibility check, then what the account says of itself (name, plans): all with its own key.
        expect(callsWith(key, "/v1/payments/eligibility")).toHaveLength(1)
        expect(callsWith(key).map((r: any) => r.path).sort()).toEqual(["/v1/me", "/v1/me/fee-plans", "/v1/payments/eligibility"])
        expect(sandbox().requests.length).toBe(3)
      }
    })

    it("a payment in test mode, a switch to live, a payment in live mode: each refunded or cancelled with its own account", async () => {
      // Kept plans of a cart asked in test mode...
      const kept = await cartWith(129.9)
      await api.get(`/store/bnpl/eligibility?cart_id=${kept.id}`, store().storeHeaders)
      expect(callsWith(TEST_KEY, "/v1/payments/eligibility").length).toBeGreaterThan(0)
      // Checkout asks only the test account (the admin's save may read the live account's plans).
      expect(callsWith(LIVE_KEY, "/v1/payments")).toHaveLength(0)

      const testPayment = await paid(129.9)
      expect(testPayment.mode).toBe("test")
      expect(callsWith(TEST_KEY, "/v1/payments").length).toBeGreaterThan(0)

      expect((await save({ mode: "live" })).data.settings.mode).toBe("live")

      // ...are asked again of the live account after the switch.
      const liveEligibilityBefore = callsWith(LIVE_KEY, "/v1/payments/eligibility").length
      const { data: again } = await api.get(`/store/bnpl/eligibility?cart_id=${kept.id}`, store().storeHeaders)
      expect(again.eligibility.plans.length).toBeGreaterThan(0)
      expect(callsWith(LIVE_KEY, "/v1/payments/eligibility").length).toBeGreaterThan(liveEligibilityBefore)

      const livePayment = await paid(129.9)
      expect(livePayment.mode).toBe("live")

      // The order widget shows each payment's mode, read with its own account.
      sandbox().clearRequests()
      const views = await Promise.all(
        [testPayment, livePayment].map((p) => api.get(`/admin/bnpl/orders/${p.order.id}`, admin()))
      )
      expect(views.map((v) => v.data.bnpl_order.payment.mode)).toEqual(["test", "live"])
      // One read each (the order's own messages to the service, sent as it was placed, are apart).
      const reads = (key: string, pid: string) =>
        callsWith(key, `/v1/payments/${pid}`).filter((r: any) => r.method === "GET" && r.path === `/v1/payments/${pid}`)
      expect(reads(TEST_KEY, testPayment.pid)).toHaveLength(1)
      expect(reads(LIVE_KEY, livePayment.pid)).toHaveLength(1)
      expect(callsWith(TEST_KEY, `/v1/payments/${livePayment.pid}`)).toHaveLength(0)
      expect(callsWith(LIVE_KEY, `/v1/payments/${testPayment.pid}`)).toHaveLength(0)

      // The store is in live mode: the test payment is still refunded with the test key.
      sandbox().clearRequests()
      const testMedusaPayment = await paymentOf(testPayment.order.id)
      await api.post(`/admin/payments/${testMedusaPayment.id}/refund`, { amount: 20 }, admin())
      expect(callsWith(TEST_KEY, `/v1/payments/${testPayment.pid}/refund`)).toHaveLength(1)
      expect(callsWith(LIVE_KEY, `/v1/payments/${testPayment.pid}`)).toHaveLength(0)

      // Both orders cancelled: each rest given back by its own account.
      await api.post(`/admin/orders/${livePayment.order.id}/cancel`, {}, admin())
      await api.post(`/admin/orders/${testPayment.order.id}/cancel`, {}, admin())
      const refunded = (pid: string) => sandbox().payments.get(pid).refunds.reduce((s: number, r: any) => s + r.amount, 0)
      expect(refunded(livePayment.pid)).toBe(sandbox().payments.get(livePayment.pid).purchase_amount)
      expect(refunded(testPayment.pid)).toBe(sandbox().payments.get(testPayment.pid).purchase_amount)
      expect(callsWith(LIVE_KEY, `/v1/payments/${livePayment.pid}/refund`).length).toBeGreaterThan(0)
      expect(callsWith(TEST_KEY, `/v1/payments/${testPayment.pid}/refund`).length).toBeGreaterThan(1)
      expect(callsWith(TEST_KEY, `/v1/payments/${livePayment.pid}`)).toHaveLength(0)
      expect(callsWith(LIVE_KEY, `/v1/payments/${testPayment.pid}`)).toHaveLength(0)
    })

    it("a notification of a test payment after the switch is checked (signature) and settled with the test account", async () => {
      expect((await save({ verify_notification_signature: true, notification_signature_header: "x-bnpl-signature" })).status).toBe(200)
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid = session.data.bnpl_payment_id
      expect((await save({ mode: "live" })).status).toBe(200)
      sandbox().accept(pid, { notify: false })
      // Signed with the live key (the store's current account): not this payment's account.
      const signed = (key: string) => createHmac("sha256", key).update(pid).digest("hex")
      const path = `/hooks/bnpl/notification?pid=${pid}`
      const forged = await api.get(path, { headers: { "x-bnpl-signature": signed(LIVE_KEY) } }).catch((e: any) => e.response)
      expect(forged.status).toBe(401)
      expect(forged.data.message).toBe("invalid notification signature")
      sandbox().clearRequests()
      // The sandbox signs with the payment's merchant key: the test key.
      const call = await sandbox().notify(pid)
      expect(call.status).toBe(200)
      expect(callsWith(TEST_KEY, `/v1/payments/${pid}`).length).toBeGreaterThan(0)
      expect(callsWith(LIVE_KEY)).toHaveLength(0)
    })
  }
)
