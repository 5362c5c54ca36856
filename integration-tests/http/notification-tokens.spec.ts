import { randomBytes } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { notificationPath, testPorts, TEST_API_KEY } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import * as secret from "../../src/modules/bnpl/notification-secret"
import { signPaymentId } from "../../src/lib/payment/signature"

jest.setTimeout(120 * 1000)

const ports = testPorts(13)
const DAY = 86_400_000
const ROTATE = "/admin/bnpl/settings/notification-token/rotate"
const REVOKE = "/admin/bnpl/settings/notification-token/revoke"

/**
 * The store's notification token: left out of the URL when the account's signature
 * authenticates notifications, rotated from the admin with the previous token kept for payments
 * in flight, and the look-up of payments made before the token existed switched off once it
 * cannot matter. Over HTTP, against the sandbox.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, admin, cartWith, startBnplSession, complete }) => {
    const answer = (p: Promise<any>) => p.then((r) => r).catch((e) => e.response)
    const knex = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
    const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("token")
    const serviceCalls = () => sandbox().requests.filter((r: any) => r.path.startsWith("/v1/"))
    // The cached token rows (kept a short while per process) as the next notification reads them.
    // (Before each test the runner forgets them with the rest of the plugin's process memory.)
    const forgetTokens = () => (secret as any).forgetNotificationTokens?.()

    async function acceptedPayment(price = 129.9) {
      const cart = await cartWith(price)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      sandbox().accept(pid, { notify: false })
      return { cart, pid, path: notificationPath(sandbox(), pid) }
    }

    it("with the signature checked, new payments get a notification URL without the token; the signature authenticates", async () => {
      const saved = await answer(
        api.post(
          "/admin/bnpl/settings",
          { verify_notification_signature: true, notification_signature_header: "x-bnpl-signature" },
          admin()
        )
      )
      expect(saved.status).toBe(200)
      const { cart, pid, path } = await acceptedPayment()
      expect(sandbox().payments.get(pid).ipn_callback_url).toBe(`${ports.env.MEDUSA_BACKEND_URL}/hooks/bnpl/notification`)
      expect(tokenOf(path)).toBeNull()

      const unsigned = await answer(api.get(path))
      expect(unsigned.status).toBe(401)
      const signed = await answer(api.get(path, { headers: { "x-bnpl-signature": signPaymentId(pid, TEST_API_KEY) } }))
      expect(signed.status).toBe(200)
      expect(signed.data.result).toBe("processed")
      expect((await complete(cart.id)).data.type).toBe("order")
    })

    it("rotating the token: payments made before keep theirs for the grace period, new ones get the new token", async () => {
      const before = await acceptedPayment(129.9)
      const oldToken = tokenOf(before.path)!
      expect(oldToken).toBeTruthy()

      const rotated = await answer(api.post(ROTATE, {}, admin()))
      expect(rotated.status).toBe(200)
      // Never the token itself: when the previous one stops being accepted.
      expect(JSON.stringify(rotated.data)).not.toContain(oldToken)
      expect(new Date(rotated.data.previous_accepted_until).getTime()).toBeGreaterThan(Date.now() + 6 * DAY)

      const after = await acceptedPayment(349)
      const newToken = tokenOf(after.path)!
      expect(newToken).toBeTruthy()
      expect(newToken).not.toBe(oldToken)
      expect(JSON.stringify(rotated.data)).not.toContain(newToken)

      // Some time later (still in the grace period): the old token opens only payments made
      // before the rotation (and the few minutes other servers may still hand it out).
      await knex()("bnpl_notification_secret")
        .whereNotNull("retired_at")
        .update({ retired_at: new Date(Date.now() - 10 * 60_000) })
      await knex()("bnpl_payment")
        .where({ bnpl_payment_id: before.pid })
        .update({ created_at: new Date(Date.now() - 20 * 60_000) })
      forgetTokens()
      const withOld = after.path.replace(newToken, oldToken)
      expect((await answer(api.get(withOld))).status).toBe(401)
      const old = await answer(api.get(before.path))
      expect(old.status).toBe(200)
      expect(old.data.result).toBe("processed")
      const fresh = await answer(api.get(after.path))
      expect(fresh.status).toBe(200)

      // Once the grace period is over the previous token opens nothing.
      const late = await acceptedPayment(129.9)
      const lateToken = tokenOf(late.path)!
      await answer(api.post(ROTATE, {}, admin()))
      await knex()("bnpl_notification_secret")
        .whereNotNull("retired_at")
        .update({ retired_at: new Date(Date.now() - 8 * DAY) })
      forgetTokens()
      sandbox().clearRequests()
      const expired = await answer(api.get(notificationPath(sandbox(), late.pid)))
      expect(tokenOf(notificationPath(sandbox(), late.pid))).toBe(lateToken)
      expect(expired.status).toBe(401)
      expect(serviceCalls()).toHaveLength(0)
    })

    it("rotation is an admin action", async () => {
      expect((await answer(api.post(ROTATE, {}))).status).toBe(401)
      expect((await answer(api.post(REVOKE, {}))).status).toBe(401)
    })

    it("one token per account: the other account's token (seen in its dashboard, say) does not open this payment", async () => {
      const { pid, path } = await acceptedPayment(129.9)
      const own = tokenOf(path)!
      const { mode } = await knex()("bnpl_payment").where({ bnpl_payment_id: pid }).first("mode")
      const other = await knex()("bnpl_notification_secret")
        .where({ id: mode === "test" ? "bnplnot_live" : "bnplnot_test" })
        .first("token")
      expect(other.token).toBeTruthy()
      expect(other.token).not.toBe(own)
      sandbox().clearRequests()
      expect((await answer(api.get(path.replace(own, other.token)))).status).toBe(401)
      expect(serviceCalls()).toHaveLength(0)
      expect((await answer(api.get(path))).status).toBe(200)
    })

    it("revoke now: no earlier token opens anything (a rotated-out one neither), new payments get a new one", async () => {
      const before = await acceptedPayment(129.9)
      const oldToken = tokenOf(before.path)!
      expect((await answer(api.post(ROTATE, {}, admin()))).status).toBe(200)
      expect((await answer(api.post(REVOKE, { mode: "staging" }, admin()))).status).toBe(400)

      const revoked = await answer(api.post(REVOKE, {}, admin()))
      expect(revoked.status).toBe(200)
      expect(revoked.data).toEqual({ revoked_at: expect.any(String), modes: ["test", "live"] })
      sandbox().clearRequests()
      // The payment made before (its token rotated out, still in its 7 days): refused at once.
      expect((await answer(api.get(before.path))).status).toBe(401)
      expect(serviceCalls()).toHaveLength(0)
      // Its customer's return still places the order.
      expect((await complete(before.cart.id)).data.type).toBe("order")

      const after = await acceptedPayment(349)
      const newToken = tokenOf(after.path)!
      expect(newToken).not.toBe(oldToken)
      expect(JSON.stringify(revoked.data)).not.toContain(newToken)
      const fresh = await answer(api.get(after.path))
      expect(fresh.status).toBe(200)
      expect(fresh.data.result).toBe("processed")
    })

    it("the look-up of payments made before the token stops once the grace period after the token passed: no query", async () => {
      const { pid } = await acceptedPayment(129.9)
      // As before the upgrade: no row for the payment, its session older than the store's token...
      await knex()("bnpl_payment").where({ bnpl_payment_id: pid }).delete()
      await knex()("payment_session")
        .whereRaw("data->>'bnpl_payment_id' = ?", [pid])
        .update({ created_at: new Date(Date.now() - 20 * DAY) })
      // ...and the token made more than the grace period ago.
      await knex()("bnpl_notification_secret").update({ created_at: new Date(Date.now() - 8 * DAY) })
      forgetTokens()

      let sessionQueries = 0
      const onQuery = (q: any) => {
        if (/payment_session/.test(q.sql) && (q.bindings ?? []).includes(pid)) sessionQueries++
      }
      knex().on("query", onQuery)
      try {
        sandbox().clearRequests()
        const legacy = await answer(api.get(`/hooks/bnpl/notification?pid=${pid}`))
        expect(legacy.status).toBe(404)
        expect(sessionQueries).toBe(0)
        expect(serviceCalls()).toHaveLength(0)
      } finally {
        knex().off("query", onQuery)
      }
    })

    it("never logs a token", async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER) as any
      const lines: string[] = []
      const spies = ["warn", "info", "error", "debug"].map((level) =>
        jest.spyOn(logger, level).mockImplementation((...args: any[]) => {
          lines.push(args.map(String).join(" "))
        })
      )
      try {
        const { path } = await acceptedPayment(129.9)
        const token = tokenOf(path)!
        const forged = `payment_${randomBytes(6).toString("hex")}`
        await answer(api.get(path.replace(/pid=[^&]+/, `pid=${forged}`)))
        await answer(api.post("/hooks/payment/bnpl_bnpl", { pid: forged, token }))
        await answer(api.post(ROTATE, {}, admin()))
        await answer(api.get(path))
        await new Promise((r) => setTimeout(r, 6_500))
        expect(lines.some((l) => l.includes(token))).toBe(false)
      } finally {
        spies.forEach((s) => s.mockRestore())
      }
    })
  }
)
