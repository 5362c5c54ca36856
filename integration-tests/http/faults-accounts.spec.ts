import { TEST_API_KEY, testPorts } from "../helpers/checkout"
import { CONCURRENCY, ITERATIONS, LONG_FORM, placedOrder, pool, sessionOf, TEST_MODE_KEY, type Answer, type Row } from "../helpers/faults"
import { faultSuite } from "../helpers/faults-suite"

/**
 * The fault suite (integration-tests/helpers/faults.ts says what it counts), two accounts and
 * time: the store's test and live accounts used at once, and customers back after the settle
 * job refunded their payment.
 */

const ports = testPorts(8)

/** The two-accounts scenario and the customer back after the job refunded. */
const SCENARIOS = 2

faultSuite({ ports, scenarios: SCENARIOS }, (suite) => {
  const { admin, api, cartWithSession, complete, customerAccepts, h, measure, op, ownerOf, prepared, product, sandbox, scenario, settleJob, startBnplSession } = suite

  // ------------------------------------------------------------------ two accounts, and time

  const setMode = (row: Row, mode: "test" | "live") =>
    op(row, "merchant", `switch the store to ${mode} mode`, () => api.post("/admin/bnpl/settings", { mode }, admin()))

  /** The service's notification of `pid` (the sandbox sends it signed with the payment's own account's key). */
  async function serviceNotifies(row: Row, pid: string, label: string) {
    row.operations++
    const notified = await sandbox().notify(pid).catch(() => undefined)
    if (notified?.status !== 200) row.notes.push(`notification ${label}: HTTP ${notified?.status ?? notified?.error}`)
  }

  /**
   * `work`, while the merchant keeps looking at `orders` (the instalment view reads each
   * payment from the service with its own account) and the service keeps notifying `pids`.
   */
  async function meanwhile<T>(row: Row, work: Promise<T>, orders: string[], pids: string[]): Promise<T> {
    let done = false
    const checks = (async () => {
      // A round a second (the short form: three at most): the point is overlap, not load.
      for (let round = 0; !done && (LONG_FORM || round < 3); round++) {
        await Promise.all([
          ...orders.map((id) =>
            op(row, "merchant", "instalment view (other mode)", () => api.get(`/admin/bnpl/orders/${id}`, admin()))
          ),
          ...pids.map((pid) => serviceNotifies(row, pid, "of the other mode's payment")),
        ])
        await new Promise((r) => setTimeout(r, 1_000))
      }
    })()
    try {
      return await work
    } finally {
      done = true
      await checks
    }
  }

  it("test and live at once: every payment handled with its own account, whatever the store's mode", () =>
    scenario("test and live at once", async (row) => {
      type Role = "pays" | "changes mind" | "closes the tab" | "back while reviewed"
      type Customer = { role: Role; mode: "test" | "live"; cart?: Awaited<ReturnType<typeof cartWithSession>>; orderId?: string }
      const roles: Role[] = [
        ...Array.from({ length: ITERATIONS }, () => "pays" as const),
        ...Array.from({ length: LONG_FORM ? ITERATIONS : 1 }, () => "changes mind" as const),
        "closes the tab",
        "back while reviewed",
      ]
      const customers: Customer[] = (["test", "live"] as const).flatMap((mode) => roles.map((role) => ({ role, mode })))
      const ofMode = (mode: "test" | "live") => customers.filter((c) => c.mode === mode)
      const at = Math.max(2, CONCURRENCY)

      /** A customer starts paying: cart, shipping, instalments (a payment of the store's current mode). */
      const start = (c: Customer) => async () => {
        c.cart = await cartWithSession(row)
        if (c.cart.mode !== c.mode) row.notes.push(`a payment made while the store was in ${c.mode} mode is ${c.cart.mode}`)
      }
      /** Then, later (the store in the other mode by then), what the customer does. */
      const finish = (c: Customer) => async () => {
        const cart = c.cart
        if (!cart) return
        if (c.role === "changes mind") {
          // Another sticker: the old payment is ended with its own account, the new one is made in the store's mode now.
          await op(row, "cart", "add item after choosing instalments", () =>
            api.post(`/store/carts/${cart.cartId}/line-items`, { variant_id: product("sticker").variantId, quantity: 1 }, h())
          )
          const collection = await op(row, "customer", "payment collection", () => api.post("/store/payment-collections", { cart_id: cart.cartId }, h()))
          const again = sessionOf(await op(row, "customer", "choose 3 instalments again", startBnplSession(collection.data.payment_collection.id)))
          if (!again?.data?.bnpl_payment_id) return
          cart.pid = again.data.bnpl_payment_id
          cart.url = again.data.url
          cart.run.pids.push(cart.pid)
        }
        if (c.role === "back while reviewed") sandbox().payments.get(cart.pid).state = "scored_maybe"
        else await customerAccepts(row, cart)
        if (c.role === "closes the tab") return // paid, never back: the settle job refunds it
        const back = await op(row, "customer", "return and place the order", complete(cart.cartId), placedOrder)
        if (placedOrder(back)) c.orderId = back.data.order.id
        if (c.role !== "back while reviewed") await serviceNotifies(row, cart.pid, "after the return")
      }
      const ordersOf = (mode: "test" | "live") => ofMode(mode).flatMap((c) => (c.orderId ? [c.orderId] : []))
      const pidsOf = (mode: "test" | "live") => ofMode(mode).flatMap((c) => (c.cart ? [c.cart.pid] : []))
      const live = prepared[0]

      try {
        // 1. Test mode: the test customers start paying, while the live account's order is looked at and notified.
        await setMode(row, "test")
        await meanwhile(row, pool(roles.length, at, (i) => start(ofMode("test")[i])()), [live.orderId], [live.pid])
        // 2. Live mode: the live customers start paying while the test customers pay, come back, change their minds.
        await setMode(row, "live")
        await Promise.all([
          pool(roles.length, at, (i) => start(ofMode("live")[i])()),
          pool(roles.length, at, (i) => finish(ofMode("test")[i])()),
        ])
        // 3. Test mode again: the live customers finish, while the test orders are looked at and notified.
        await setMode(row, "test")
        await meanwhile(row, pool(roles.length, at, (i) => finish(ofMode("live")[i])()), ordersOf("test"), pidsOf("test"))
        // 4. The merchant cancels an order of each mode and the test order awaiting review; the service
        //    accepts the live order awaiting review. Live mode again, as the store was.
        await setMode(row, "live")
        const cancelled = [
          ofMode("test").find((c) => c.role === "pays" && c.orderId),
          ofMode("live").find((c) => c.role === "pays" && c.orderId),
          ofMode("test").find((c) => c.role === "back while reviewed" && c.orderId),
        ]
        const lateAccepted = ofMode("live").find((c) => c.role === "back while reviewed" && c.cart)
        await Promise.all([
          ...cancelled.map(
            (c) => c && op(row, "merchant", `cancel an order (${c.mode}, ${c.role})`, () => api.post(`/admin/orders/${c.orderId}/cancel`, {}, admin()))
          ),
          (async () => {
            if (!lateAccepted?.cart) return
            sandbox().accept(lateAccepted.cart.pid, { notify: false })
            lateAccepted.cart.run.acceptedPid = lateAccepted.cart.pid
            await serviceNotifies(row, lateAccepted.cart.pid, "late acceptance")
          })(),
          ...[...ordersOf("test"), ...ordersOf("live")].map((id) =>
            op(row, "merchant", "order's instalment view", () => api.get(`/admin/bnpl/orders/${id}`, admin()))
          ),
        ])
      } finally {
        await setMode(row, "live")
      }
      // Both accounts really made payments here (else the "another account's key" count proves nothing).
      const carts = customers.flatMap((c) => (c.cart ? [c.cart] : []))
      const byOwner = new Map<string, number>()
      for (const cart of carts) for (const pid of cart.run.pids) {
        const owner = (await ownerOf(pid)) ?? "unknown"
        byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1)
      }
      row.notes.push(`payments: ${byOwner.get(TEST_MODE_KEY) ?? 0} of the test account, ${byOwner.get(TEST_API_KEY) ?? 0} of the live account`)
      expect(byOwner.get(TEST_MODE_KEY) ?? 0).toBeGreaterThan(0)
      expect(byOwner.get(TEST_API_KEY) ?? 0).toBeGreaterThan(0)
      await measure(row, carts.map((c) => c.run), [])
    }))

  it("the customer comes back after the job refunded: no order holds a refunded payment", () =>
    scenario("back after the job refunded", async (row) => {
      type Variant = "return, then the notification" | "return and notification at once" | "notification, then the return" | "return while the job runs"
      const variants: Variant[] = LONG_FORM
        ? ["return, then the notification", "return and notification at once", "notification, then the return", "return while the job runs"]
        : ["return, then the notification", "return and notification at once"]
      // Customers pay and close the tab: no return, no notification yet.
      const paid = await pool(ITERATIONS * variants.length, CONCURRENCY, async (i) => {
        const cart = await cartWithSession(row)
        await customerAccepts(row, cart)
        return { cart, variant: variants[i % variants.length] }
      })
      const backAfterRefund = (a: Answer) => a.status < 500 && !placedOrder(a)
      const comesBack = async ({ cart, variant }: (typeof paid)[number]) => {
        if (variant === "return while the job runs") {
          // Either the order is placed first (the job then leaves the payment alone) or the job refunds first.
          await op(row, "customer", "return while the job runs", complete(cart.cartId), (a) => a.status < 500)
          return
        }
        cart.run.expectOrder = false
        const back = () => op(row, "customer", `return after the refund (${variant})`, complete(cart.cartId), backAfterRefund)
        if (variant === "return, then the notification") {
          await back()
          await serviceNotifies(row, cart.pid, "after the refund")
        } else if (variant === "notification, then the return") {
          await serviceNotifies(row, cart.pid, "after the refund")
          await back()
        } else {
          await Promise.all([back(), serviceNotifies(row, cart.pid, "after the refund, with the return")])
        }
      }
      const racing = paid.filter((p) => p.variant === "return while the job runs")
      // The settle job runs past the pages' expiry: the payments no order holds are refunded.
      await Promise.all([settleJob(), ...racing.map(comesBack)])
      await pool(paid.length - racing.length, CONCURRENCY, (i) => comesBack(paid.filter((p) => !racing.includes(p))[i]))
      await measure(row, paid.map((p) => p.cart.run), [])
    }))
})
