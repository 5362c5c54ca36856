import { notificationPath, RETURN_URL, TEST_API_KEY, testPorts } from "../helpers/checkout"
import { CONCURRENCY, ITERATIONS, LONG_FORM, ok, placedOrder, pool, sessionOf, short, SIGNATURE_HEADER, type CartRun, type Row } from "../helpers/faults"
import { faultSuite } from "../helpers/faults-suite"
import { signPaymentId } from "../../src/lib/payment/signature"

/**
 * The fault suite (integration-tests/helpers/faults.ts says what it counts), notifications and
 * the hosted page: forged, stormed, replayed and out-of-order notifications, an old page paid
 * after a failed cancel, a slow review, an amount that does not match, a payment link paid while
 * the service fails.
 */

const ports = testPorts(6)

/** The notification and hosted-page scenarios. */
const SCENARIOS = 8

faultSuite({ ports, scenarios: SCENARIOS }, (suite) => {
  const { acceptOnHostedPage, admin, api, cartWithSession, complete, customerAccepts, h, measure, notify, op, ordersByPid, product, recover, sandbox, scenario, startBnplSession } = suite

  // ------------------------------------------------------------------ notifications

  const setSignatureChecking = (row: Row, on: boolean) =>
    op(row, "merchant", `signature checking ${on ? "on" : "off"}`, () =>
      api.post(
        "/admin/bnpl/settings",
        on
          ? { verify_notification_signature: true, notification_signature_header: SIGNATURE_HEADER }
          : { verify_notification_signature: null, notification_signature_header: null },
        admin()
      )
    )

  /** A notification whose answer must be `expected` (a different answer is noted, not failed: the table counts outcomes). */
  async function expectNotification(row: Row, label: string, pid: string, signature: "valid" | string | null, expected: number[]) {
    row.operations++
    const answer = await notify(pid, signature)
    if (!expected.includes(answer.status)) {
      row.notes.push(`notification ${label}: HTTP ${answer.status} (expected ${expected.join(" or ")}) ${short(answer.data?.message)}`)
    }
    return answer
  }

  it("forged notifications: unknown payment, bad or missing signature, another payment for a session", () =>
    scenario("notifications forged", async (row) => {
      const wrongKey = (pid: string) => signPaymentId(pid, "sk_test_someone_else_000000000000")
      // Per iteration: a cart not paid yet, a cart paid whose customer has not come back, and
      // another payment of this merchant at the service claiming the unpaid cart's session, accepted.
      const sets = await pool(ITERATIONS, CONCURRENCY, async () => {
        const unpaid = await cartWithSession(row)
        const paid = await cartWithSession(row)
        await customerAccepts(row, paid)
        const forged = await (
          await fetch(`${sandbox().url}/v1/payments`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Service-Auth ${TEST_API_KEY}` },
            body: JSON.stringify({
              payment: {
                purchase_amount: unpaid.cents,
                installments_count: 3,
                return_url: RETURN_URL,
                custom_data: { session_id: unpaid.sessionId, cart_id: unpaid.cartId, currency_code: "eur" },
              },
            }),
          })
        ).json()
        sandbox().accept(forged.id, { notify: false })
        return { unpaid, paid, forgedPid: forged.id as string }
      })

      if (ok(await setSignatureChecking(row, true))) {
        await pool(sets.length, CONCURRENCY, async (i) => {
          const { unpaid, paid, forgedPid } = sets[i]
          await expectNotification(row, "unknown payment, made-up signature", `payment_forged${i}`, "ab".repeat(32), [401])
          await expectNotification(row, "paid payment, signature with another key", paid.pid, wrongKey(paid.pid), [401])
          await expectNotification(row, "paid payment, no signature", paid.pid, null, [401])
          await expectNotification(row, "unpaid payment, valid signature", unpaid.pid, "valid", [200])
          // Not a payment this store made: refused from the database, the service never asked.
          await expectNotification(row, "another payment claiming a session, valid signature", forgedPid, "valid", [404])
        })
        // Nothing placed for the paid carts by notifications that failed the signature check.
        const placed = await ordersByPid()
        for (const { paid } of sets) {
          if (placed.has(paid.pid)) {
            row.forged_authorized++
            row.notes.push(`FORGED/MISMATCHED AUTHORIZED: an order was placed for ${paid.pid} from a notification with a bad or no signature`)
          }
        }
      } else {
        row.notes.push("signature checking could not be turned on through POST /admin/bnpl/settings")
      }
      await setSignatureChecking(row, false)
      await pool(sets.length, CONCURRENCY, async (i) => {
        const { unpaid, paid, forgedPid } = sets[i]
        await expectNotification(row, "unknown payment, signature off", `payment_forged_b${i}`, null, [404])
        await expectNotification(row, "unpaid payment, signature off", unpaid.pid, null, [200])
        await expectNotification(row, "another payment claiming a session, signature off", forgedPid, null, [404])
        // The genuine customer comes back: one order.
        await op(row, "customer", "return and place the order", complete(paid.cartId), placedOrder)
      })
      await measure(row, sets.flatMap(({ unpaid, paid }) => [unpaid.run, paid.run]), [])
    }))

  it("storm of forged notifications: 0 service calls", () =>
    scenario("storm of forged notifications", async (row) => {
      const cart = await cartWithSession(row)
      await customerAccepts(row, cart)
      const token = new URL(notificationPath(sandbox(), cart.pid), "http://x").searchParams.get("token")!
      sandbox().clearRequests()
      const randomPid = () => `payment_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`
      const forgedGets = [
        ...Array.from({ length: 20 * ITERATIONS }, () => `/hooks/bnpl/notification?pid=${randomPid()}`),
        `/hooks/bnpl/notification?pid=${cart.pid}`,
        `/hooks/bnpl/notification?pid=${cart.pid}&token=${"f".repeat(48)}`,
      ]
      await pool(forgedGets.length, Math.max(CONCURRENCY, 5), async (i) => {
        row.operations++
        const answer = await api.get(forgedGets[i]).catch((e: any) => e.response)
        if (![401, 404].includes(answer?.status)) row.notes.push(`forged GET: HTTP ${answer?.status}`)
      })
      const forgedBodies = [{ pid: randomPid() }, { pid: randomPid(), token }, { pid: cart.pid }, { pid: cart.pid, token: "x" }, { pid: [cart.pid], token }]
      for (const body of forgedBodies) {
        row.operations++
        await api.post("/hooks/payment/bnpl_bnpl", body).catch((e: any) => e.response)
      }
      // Medusa handles its webhook events 5 s after answering.
      await new Promise((r) => setTimeout(r, 7_000))
      // Calls about the payments named (the scheduled jobs may call the service about others).
      const named = new Set([cart.pid, ...forgedGets.map((g) => new URL(g, "http://x").searchParams.get("pid")), ...forgedBodies.map((b) => String(b.pid))])
      const calls = sandbox().requests.filter((r: any) => named.has(r.path.split("/")[3]))
      row.forged_notification_calls += calls.length
      for (const call of calls) row.notes.push(`SERVICE CALLS FROM FORGED NOTIFICATIONS: ${call.method} ${call.path}`)
      // The genuine customer comes back: one order.
      await op(row, "customer", "return and place the order", complete(cart.cartId), placedOrder)
      await measure(row, [cart.run], [])
    }))

  it("hosted page open while the cart changes, the cancel fails, the customer pays the old page", () =>
    scenario("old hosted page paid after a failed cancel", async (row) => {
      const carts = await pool(ITERATIONS, CONCURRENCY, async () => {
        const cart = await cartWithSession(row)
        // Another tab changes the cart while the service refuses this payment's cancellation.
        sandbox().setFault({ match: { method: "PUT", path: `/v1/payments/${cart.pid}/cancel` }, status: 503, count: 1 })
        await op(row, "cart", "add item in another tab", () =>
          api.post(`/store/carts/${cart.cartId}/line-items`, { variant_id: product("sticker").variantId, quantity: 1 }, h())
        )
        // The customer pays the page still open (it may have been cancelled meanwhile: then nothing is charged).
        const paid = await fetch(`${cart.url}/accept`, { method: "POST", redirect: "manual" })
        row.operations++
        if (paid.status === 302) {
          cart.run.acceptedPid = cart.pid
          cart.run.expectOrder = false // its session is gone: it must be refunded
          const notified = await sandbox().notify(cart.pid).catch(() => undefined)
          // 503 while the failed cancel's backoff runs: the settle job refunds it (a notification never attempts sooner).
          if (![200, 503].includes(notified?.status)) row.notes.push(`notification of the old page: HTTP ${notified?.status ?? notified?.error}`)
        }
        // Then pays the new total: one order.
        const collection = await op(row, "customer", "payment collection", () => api.post("/store/payment-collections", { cart_id: cart.cartId }, h()))
        const again = await op(row, "customer", "choose 3 instalments again", startBnplSession(collection.data.payment_collection.id))
        const session = sessionOf(again)
        if (session?.data?.bnpl_payment_id) {
          cart.run.pids.push(session.data.bnpl_payment_id)
          if (await acceptOnHostedPage(row, session.data.url)) {
            await op(row, "customer", "return and place the order", complete(cart.cartId), placedOrder)
          }
        }
        return cart.run
      })
      await measure(row, carts, [])
    }))

  it("customer back before the service accepted (slow review): one order, awaiting then paid or cancelled", () =>
    scenario("back before acceptance (slow review)", async (row) => {
      const carts = await pool(ITERATIONS * 2, CONCURRENCY, async (i) => {
        const cart = await cartWithSession(row)
        sandbox().payments.get(cart.pid).state = "scored_maybe"
        const back = await op(row, "customer", "return while the service reviews", complete(cart.cartId), placedOrder)
        if (i % 2 === 0) {
          sandbox().accept(cart.pid, { notify: false })
          cart.run.acceptedPid = cart.pid
        } else {
          sandbox().refuse(cart.pid)
        }
        const notified = await sandbox().notify(cart.pid).catch(() => undefined)
        row.operations++
        if (notified?.status !== 200) row.notes.push(`notification after review: HTTP ${notified?.status ?? notified?.error}`)
        if (placedOrder(back) && i % 2 === 1) {
          const { data } = await api.get(`/admin/orders/${back.data.order.id}?fields=status`, admin())
          if (data.order.status !== "canceled") row.notes.push(`order ${back.data.order.id} still ${data.order.status} after the refusal`)
        }
        return cart.run
      })
      await measure(row, carts, [])
    }))

  it("amount mismatch: the service reports another amount than the session's", () =>
    scenario("amount mismatch", async (row) => {
      // The long form also tries a lower amount, with the customer back before the notification.
      const variants = LONG_FORM ? ([[100, true], [-100, false]] as const) : ([[100, true]] as const)
      const carts = await pool(ITERATIONS * variants.length, CONCURRENCY, async (i) => {
        const [delta, notifyFirst] = variants[i % variants.length]
        const cart = await cartWithSession(row)
        cart.run.expectOrder = false
        sandbox().payments.get(cart.pid).purchase_amount += delta
        await customerAccepts(row, cart)
        const label = `amount ${delta > 0 ? "+" : ""}${delta} cents`
        if (notifyFirst) await expectNotification(row, label, cart.pid, "valid", [400])
        // The customer's return must not place the order either (what they see is counted).
        await op(row, "customer", `return with ${label}`, complete(cart.cartId), (a) => !placedOrder(a))
        if (!notifyFirst) await expectNotification(row, label, cart.pid, "valid", [400])
        return cart.run
      })
      await measure(row, carts, [])
    }))

  it("replayed notification: the same notification 5 times, at once with the return, then in a row", () =>
    scenario("notification replayed 5x", async (row) => {
      const carts = await pool(ITERATIONS, CONCURRENCY, async () => {
        const cart = await cartWithSession(row)
        await customerAccepts(row, cart)
        // Five copies at once, while the customer comes back: one order (a 409 asks the service to retry).
        const [back] = await Promise.all([
          op(row, "customer", "return at the same time as 5 notifications", complete(cart.cartId), placedOrder),
          ...Array.from({ length: 5 }, (_, n) =>
            expectNotification(row, `at once ${n + 1}`, cart.pid, "valid", [200, 409, 503])
          ),
        ])
        if (!placedOrder(back)) await op(row, "customer", "return again (page reloaded)", complete(cart.cartId), placedOrder)
        // The same five again later: nothing new.
        for (let n = 0; n < 5; n++) await expectNotification(row, `again ${n + 1}`, cart.pid, "valid", [200])
        return cart.run
      })
      await measure(row, carts, [])
    }))

  it("out-of-order notification: before acceptance, before and after the customer's return", () =>
    scenario("notification out of order", async (row) => {
      const carts = await pool(ITERATIONS, CONCURRENCY, async () => {
        // Before the customer accepted: nothing to do. Then before the return: it places the
        // order, and the customer's return shows that order.
        const early = await cartWithSession(row)
        await expectNotification(row, "before acceptance", early.pid, "valid", [200])
        await customerAccepts(row, early)
        await expectNotification(row, "before the return", early.pid, "valid", [200])
        await op(row, "customer", "return after the notification placed the order", complete(early.cartId), placedOrder)

        // The customer's return first, the notification after.
        const late = await cartWithSession(row)
        await customerAccepts(row, late)
        await op(row, "customer", "return before the notification", complete(late.cartId), placedOrder)
        await expectNotification(row, "after the return", late.pid, "valid", [200])
        return [early.run, late.run]
      })
      await recover(row, carts.flat())
      await measure(row, carts.flat(), [])
    }))
  it("payment link paid while the service answers 503: recorded on the order once it answers, never given back", () =>
    scenario("payment link paid during 503s", async (row) => {
      const runs = await pool(ITERATIONS, CONCURRENCY, async () => {
        const cart = await cartWithSession(row)
        await customerAccepts(row, cart)
        const placed = await op(row, "customer", "return and place the order", complete(cart.cartId), placedOrder)
        if (!placedOrder(placed)) return cart.run
        const orderId: string = placed.data.order.id
        const variantId = product("merino-wool-sweater").variantId
        // The merchant adds an item: the order owes it on a collection of its own.
        for (const [label, path, body] of [
          ["order edit", "/admin/order-edits", { order_id: orderId }],
          ["add item", `/admin/order-edits/${orderId}/items`, { items: [{ variant_id: variantId, quantity: 1 }] }],
          ["request", `/admin/order-edits/${orderId}/request`, {}],
          ["confirm", `/admin/order-edits/${orderId}/confirm`, {}],
        ] as const) {
          await op(row, "merchant", label, () => api.post(path, body, admin()))
        }
        const { data } = await api.get(`/admin/orders/${orderId}?fields=*payment_collections`, admin())
        const owed = data.order.payment_collections.find((c: any) => c.status === "not_paid")
        if (!owed) {
          row.notes.push(`order ${orderId} owes nothing after the edit`)
          return cart.run
        }
        const started = await op(row, "customer", "choose 3 instalments on the link", startBnplSession(owed.id))
        const session = sessionOf(started)
        if (!session?.data?.bnpl_payment_id) return cart.run
        const linkPid: string = session.data.bnpl_payment_id
        cart.run.pids.push(linkPid)
        // Every read of the link's payment fails for a while: the notification, the return.
        sandbox().setFault({ match: { method: "GET", path: `/v1/payments/${linkPid}` }, status: 503, count: 6 })
        if (await acceptOnHostedPage(row, session.data.url)) cart.run.acceptedPid = linkPid
        const back = await op(row, "customer", "link return while the service fails", () =>
          api.get(`/store/bnpl/payment-outcome?payment_collection_id=${owed.id}&pid=${linkPid}`, h())
        )
        if (ok(back) && !["unknown", "ordered", "accepted"].includes(back.data.outcome?.status)) {
          row.notes.push(`link return during 503s: ${back.data.outcome?.status}`)
        }
        return { ...cart.run, owedId: owed.id as string, orderId }
      })
      await recover(row, runs)
      await measure(row, runs, [])
      // Each accepted link's payment is the order's in Medusa's records (by the sandbox's
      // notification retries, or else by the settle job the measure ran two hours later).
      for (const run of runs as (CartRun & { owedId?: string; orderId?: string })[]) {
        if (!run.owedId || !run.acceptedPid) continue
        const { data } = await api.get(`/admin/orders/${run.orderId}?fields=*payment_collections,*payment_collections.payments`, admin())
        row.operations++
        const collection = data.order.payment_collections.find((c: any) => c.id === run.owedId)
        const held = (collection?.payments ?? []).some((p: any) => p.data?.bnpl_payment_id === run.acceptedPid && !p.canceled_at)
        if (!held) {
          row.paid_without_order++
          row.notes.push(`LINK NOT RECORDED: collection ${run.owedId} (${collection?.status}), payment ${run.acceptedPid}`)
        }
      }
    }))
})
