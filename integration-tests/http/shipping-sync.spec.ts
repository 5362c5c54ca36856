import { eventually, paidDigitalOrder, testPorts, TEST_API_KEY } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { DEFAULT_SHIPPING_OPTIONS, setupStore } from "../helpers/store"
import retryBnplMessages from "../../src/jobs/retry-messages"
import { paymentLockKey } from "../../src/workflows/messages/utils/payment-lock"

jest.setTimeout(120 * 1000)

const ports = testPorts(1)

/**
 * Fulfillments created through the admin API push the order's shipping information to the
 * sandbox: what it received, failures then recovery, no duplicates.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, paidOrder, bnpl, fulfill }) => {
    const syncsOf = (orderId: string) =>
      bnpl().listBnplServiceMessages({ order_id: orderId, kind: "shipping_info" }, { order: { created_at: "ASC" } })
    const edits = (pid: string) => sandbox().requests.filter((r: any) => r.path === `/v1/payment/${pid}`)

    const settled = (orderId: string, count = 1) =>
      eventually(async () => {
        const syncs = await syncsOf(orderId)
        return syncs.length >= count && syncs.every((s: any) => s.status !== "pending" || s.attempts > 0) && syncs
      })

    it.each([
      ["Colissimo Home", { title: "Colissimo Home", amount: 490, shipping_method: "postal", express_delivery: false }],
      ["Express 24h", { title: "Express 24h", amount: 1290, shipping_method: "postal", express_delivery: true }],
      ["Relay point Mondial Relay", { title: "Relay point Mondial Relay", amount: 390, shipping_method: "pickup_point", express_delivery: false }],
      ["Click and collect", { title: "Click and collect", amount: 0, shipping_method: "pickup_store", express_delivery: false }],
    ])("pushes %s with the contract's path, header and body", async (optionName, expected) => {
      const { order, pid } = await paidOrder(sandbox(), 129.9, 1, optionName)
      sandbox().clearRequests()
      await fulfill(order.id)
      const [sync] = await settled(order.id)
      expect(sync).toMatchObject({ status: "accepted", attempts: 1, bnpl_payment_id: pid, last_error: null })

      const [edit] = edits(pid)
      expect(edit.method).toBe("POST")
      expect(edit.headers.authorization).toBe(`Service-Auth ${TEST_API_KEY}`)
      expect(edit.headers["content-type"]).toMatch(/^application\/json/)
      expect(edit.body.payment.shipping_info.selected_options).toEqual([expect.objectContaining(expected)])
      // The options offered at checkout, as snapshotted when the payment was created.
      const offered = edit.body.payment.shipping_info.available_options
      expect(offered.map((o: any) => o.title).sort()).toEqual(store().shippingOptions.map((o) => o.name).sort())
      expect(offered.every((o: any) => !("pickup_delivery" in o))).toBe(true)
    })

    it("retries while the service fails, then syncs exactly once", async () => {
      const { order, pid } = await paidOrder(sandbox(), 349)
      // First attempt: three 503s (the call and its two retries) → pending, retried later.
      sandbox().setFault({ match: { path: `/v1/payment/${pid}` }, status: 503, count: 3 })
      await fulfill(order.id)
      const [pending] = await settled(order.id)
      expect(pending).toMatchObject({ status: "pending", attempts: 1 })
      expect(pending.last_error).toMatch(/unavailable|503/)
      expect(pending.last_error).not.toContain(TEST_API_KEY)

      // The scheduled job picks it up once due, and the service has recovered.
      await bnpl().updateBnplServiceMessages({ id: pending.id, next_attempt_at: new Date(Date.now() - 1000) })
      await retryBnplMessages(getContainer())
      await retryBnplMessages(getContainer())
      const [synced] = await syncsOf(order.id)
      expect(synced).toMatchObject({ status: "accepted", attempts: 2 })
      const accepted = edits(pid).filter((r: any) => !r.fault)
      expect(accepted).toHaveLength(1)
    })

    it("sends what the customer paid for shipping, tax included", async () => {
      const tax = getContainer().resolve("tax") as any
      const [france] = await tax.listTaxRegions({ country_code: "fr", parent_id: null })
      const rate = await tax.createTaxRates({ tax_region_id: france.id, name: "TVA", code: "TVA", rate: 20, is_default: true })
      try {
        const { order, pid } = await paidOrder(sandbox(), 129.9)
        sandbox().clearRequests()
        await fulfill(order.id)
        await settled(order.id)
        const [edit] = edits(pid)
        // 4.90 + 20 % VAT = 5.88
        expect(edit.body.payment.shipping_info.selected_options[0]).toMatchObject({ title: "Colissimo Home", amount: 588 })
      } finally {
        await tax.deleteTaxRates(rate.id)
      }
    })

    it("does not push the same information twice for two fulfillments of one order", async () => {
      const cartOrder = await paidOrder(sandbox(), 30, 2)
      const { order, pid } = cartOrder
      sandbox().clearRequests()
      for (let i = 0; i < 2; i++) {
        await fulfill(order.id, { quantity: 1 })
        await settled(order.id, i + 1)
      }
      const syncs = await syncsOf(order.id)
      expect(syncs.map((s: any) => s.status)).toEqual(["accepted", "unchanged"])
      expect(edits(pid)).toHaveLength(1)
    })

    it("shows the order's BNPL view and pushes again on demand", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const unauthenticated = await api.get(`/admin/bnpl/orders/${order.id}`).catch((e: any) => e.response)
      expect(unauthenticated.status).toBe(401)

      sandbox().setFault({ match: { path: `/v1/payment/${pid}` }, status: 503 })
      await fulfill(order.id)
      await settled(order.id)
      const { data } = await api.get(`/admin/bnpl/orders/${order.id}`, admin())
      expect(data.bnpl_order).toMatchObject({
        paid_with_bnpl: true,
        payment: { bnpl_payment_id: pid, state: "in_progress", installments_count: 3, live: true },
      })
      expect(data.bnpl_order.payment.payment_plan).toHaveLength(3)
      expect(data.bnpl_order.messages.find((m: any) => m.kind === "shipping_info")).toMatchObject({
        status: "pending",
        attempts: 1,
      })
      expect(JSON.stringify(data)).not.toContain(TEST_API_KEY)

      sandbox().clearFaults()
      const pushed = await api.post(`/admin/bnpl/orders/${order.id}/shipping-sync`, {}, admin())
      expect(pushed.data.sync).toMatchObject({ status: "accepted" })
      const again = await api.post(`/admin/bnpl/orders/${order.id}/shipping-sync`, {}, admin())
      expect(again.data.sync).toMatchObject({ status: "unchanged" })
      expect(edits(pid).filter((r: any) => !r.fault)).toHaveLength(1)
    })

    /** Whether another owner could take the payment's push lock right now (taken and given back at once). */
    async function lockIsFree(pid: string) {
      const locking = getContainer().resolve("locking") as any
      const key = paymentLockKey(pid)
      try {
        await locking.acquire(key, { ownerId: "test-probe", expire: 5 })
      } catch {
        return false
      }
      await locking.release(key, { ownerId: "test-probe" })
      return true
    }
    const pushAgain = (orderId: string) => api.post(`/admin/bnpl/orders/${orderId}/shipping-sync`, {}, admin())

    it("holds the payment's lock while a push is in flight: a second sync waits, and sends nothing twice", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      sandbox().setFault({ match: { method: "POST", path: `/v1/payment/${pid}` }, delayMs: 2000, count: 1 })
      const first = pushAgain(order.id)
      let second: Promise<any> | undefined
      try {
        await eventually(async () => edits(pid).length === 1)
        expect(await lockIsFree(pid)).toBe(false)
        second = pushAgain(order.id) // while the first is in flight
      } finally {
        // Never left running into the next test.
        await Promise.allSettled([first, second])
      }
      expect((await first).data.sync).toMatchObject({ status: "accepted" })
      expect((await second).data.sync).toMatchObject({ status: "unchanged" })
      expect(edits(pid)).toHaveLength(1)
      expect(await lockIsFree(pid)).toBe(true)
    })

    it("releases the payment's lock when the push step throws: the next attempt is not blocked", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      // The order's own message (its reference, sent when it was placed) is settled first: the
      // failure below must hit this push's record, not that one's.
      await eventually(async () => {
        const rows = await bnpl().listBnplServiceMessages({ order_id: order.id })
        return rows.length > 0 && rows.every((r: any) => r.status !== "pending")
      })
      // The push fails, then recording its outcome fails too (a database error): the step throws.
      sandbox().setFault({ match: { method: "POST", path: `/v1/payment/${pid}` }, status: 500 })
      const recordOutcome = jest
        .spyOn(bnpl(), "writeMessageOutcome")
        .mockRejectedValueOnce(new Error("connection terminated"))
      try {
        const failed = await pushAgain(order.id).catch((e: any) => e.response)
        expect(failed.status).toBe(500)
        expect(recordOutcome).toHaveBeenCalledTimes(1)
      } finally {
        recordOutcome.mockRestore()
      }
      // Free at once (the lock step's compensation), not after its TTL.
      expect(await lockIsFree(pid)).toBe(true)

      // The recorded sync is still pending; the retry job's next attempt pushes it at once.
      sandbox().clearFaults()
      const [pending] = await syncsOf(order.id)
      expect(pending).toMatchObject({ status: "pending", attempts: 0 })
      await bnpl().updateBnplServiceMessages({ id: pending.id, next_attempt_at: new Date(Date.now() - 1000) })
      await retryBnplMessages(getContainer())
      const [synced] = await syncsOf(order.id)
      expect(synced).toMatchObject({ status: "accepted", attempts: 1 })
      expect(edits(pid).filter((r: any) => !r.fault)).toHaveLength(1)
    })

    it("shows the merchant what each shipping option maps to, and why", async () => {
      const { data } = await api.get("/admin/bnpl/shipping-options", admin())
      const byName = Object.fromEntries(data.shipping_options.map((o: any) => [o.name, o.mapping]))
      expect(byName["Colissimo Home"]).toMatchObject({ shipping_method: "postal", express_delivery: false })
      expect(byName["Express 24h"]).toMatchObject({ shipping_method: "postal", express_delivery: true })
      expect(byName["Relay point Mondial Relay"]).toMatchObject({ shipping_method: "pickup_point" })
      expect(byName["Click and collect"]).toMatchObject({ shipping_method: "pickup_store" })
      expect(byName["Click and collect"].reason).toMatch(/pickup/)
    })

    it("follows the option's metadata (bnpl_shipping_method) before its words", async () => {
      await setupStore(getContainer(), {
        shippingOptions: [
          ...DEFAULT_SHIPPING_OPTIONS,
          {
            name: "Collect at the counter",
            price: 0,
            fulfillment: "pickup",
            type: { code: "counter", label: "Counter" },
            metadata: { bnpl_shipping_method: "instore" },
          },
        ],
      })
      const { data } = await api.get("/admin/bnpl/shipping-options", admin())
      const counter = data.shipping_options.find((o: any) => o.name === "Collect at the counter")
      expect(counter.mapping).toMatchObject({ shipping_method: "instore", express_delivery: false })
      expect(counter.mapping.reason).toMatch(/metadata/)
    })

    it("sends a digital order (nothing to ship) as instore", async () => {
      const { cart, pid, done } = await paidDigitalOrder(api, getContainer(), sandbox())
      expect(cart.items[0].requires_shipping).toBe(false)
      expect(done.status).toBe(200)
      // Pushed when the order is placed (no fulfillment will come); pushing again sends nothing new.
      const [edit] = await eventually(async () => edits(pid).length > 0 && edits(pid))
      expect(edit.body.payment.shipping_info.selected_options).toEqual([
        { title: "No shipping", amount: 0, shipping_method: "instore", express_delivery: false },
      ])
      const again = await api.post(`/admin/bnpl/orders/${done.data.order.id}/shipping-sync`, {}, admin())
      expect(again.data.sync).toMatchObject({ status: "unchanged" })
      expect(edits(pid)).toHaveLength(1)
    })

    it("ignores orders not paid with the plugin, quietly", async () => {
      const { syncShippingInfoWorkflow } = await import("../../src/workflows/messages/workflows/sync-shipping-info")
      sandbox().clearRequests()
      const before = (await bnpl().listBnplServiceMessages({})).length
      const { result } = await syncShippingInfoWorkflow(getContainer()).run({
        input: { order_id: "order_not_paid_with_bnpl", trigger: "manual" },
      })
      expect(result).toBeNull()
      expect(await bnpl().listBnplServiceMessages({})).toHaveLength(before)
      expect(sandbox().requests).toHaveLength(0)
    })
  }
)
