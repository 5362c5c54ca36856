import { eventually, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { forgetCheckoutDataAt } from "../../src/jobs/forget-checkout-data"
import { settleBnplPaymentsAt } from "../../src/jobs/settle-bnpl-payments"

jest.setTimeout(180 * 1000)

const ports = testPorts(13)

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** What the checkouts below tell the store about the customer (helpers/checkout.ts). */
const PERSONAL = /jeanne|martin|lilas|69003/i

/**
 * Customer data kept with each checkout (`bnpl_checkout_snapshot`) goes once nothing needs it:
 * the retention job run as the scheduler would, at later times, over real checkouts.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, productAt, cartWith, startBnplSession, paidOrder, knex }) => {
    const snapshot = (id: string) => knex()("bnpl_checkout_snapshot").where({ id }).first()
    const snapshotsOfCart = (cartId: string) => knex()("bnpl_checkout_snapshot").where({ cart_id: cartId })
    const countSnapshots = async () => Number((await knex()("bnpl_checkout_snapshot").count("id as n"))[0].n)
    const ledger = (pid: string) => knex()("bnpl_payment").where({ bnpl_payment_id: pid }).first()
    /** The retention job as the scheduler runs it, `later` ms from now. */
    const runJob = (later = 0, limits?: { batchSize?: number; maxBatches?: number }) =>
      forgetCheckoutDataAt(getContainer(), Date.now() + later, limits)

    it("a payment that ended without an order: its checkout data goes at the next run, an open one's stays", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const pid: string = session.data.bnpl_payment_id
      const checkoutId: string = session.data.checkout_id
      expect(JSON.stringify((await snapshot(checkoutId)).snapshot)).toMatch(PERSONAL)
      const other = await cartWith(349)
      const { session: open } = await startBnplSession(other.id)

      // Another item: Medusa deletes the session, the plugin cancels its payment at the service.
      await api.post(
        `/store/carts/${cart.id}/line-items`,
        { variant_id: productAt(30).variantId, quantity: 1 },
        store().storeHeaders
      )
      await knex()("bnpl_payment").where({ status: "to_settle" }).update({ next_attempt_at: new Date(Date.now() - 1000) })
      await settleBnplPaymentsAt(getContainer(), Date.now())
      expect((await ledger(pid)).status).toBe("cancelled")

      await runJob()
      expect(await snapshot(checkoutId)).toBeUndefined()
      // The money record stays; the open payment's checkout is still needed (an order may come).
      expect(await ledger(pid)).toMatchObject({ status: "cancelled" })
      expect(JSON.stringify((await snapshot(open.data.checkout_id)).snapshot)).toMatch(PERSONAL)
    })

    it("a checkout whose payment was never made is kept a short while, then goes", async () => {
      const cart = await cartWith(129.9)
      // A plan the store does not offer: the checkout is read, the provider refuses the session.
      const refused = await startBnplSession(cart.id, { installments_count: 7 }).catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      const [row] = await snapshotsOfCart(cart.id)
      expect(JSON.stringify(row.snapshot)).toMatch(PERSONAL)

      await runJob()
      expect(await snapshot(row.id)).toBeDefined()
      await runJob(31 * MINUTE)
      expect(await snapshot(row.id)).toBeUndefined()
    })

    it("an order: its personal data goes once the order holds it; the shipping sync still sends the options offered, after the retention period too", async () => {
      const { order, pid } = await paidOrder(sandbox(), 129.9)
      const row = await eventually(async () => (await knex()("bnpl_checkout_snapshot").where({ order_id: order.id }))[0])
      const offered = row.available_options
      expect(offered.length).toBeGreaterThan(1)
      expect(JSON.stringify(row.snapshot)).toMatch(PERSONAL)

      await runJob()
      expect((await snapshot(row.id)).snapshot).toEqual({})
      await runJob(31 * DAY)
      const kept = await snapshot(row.id)
      expect(kept).toMatchObject({ order_id: order.id, snapshot: {}, available_options: offered })
      expect(JSON.stringify(kept)).not.toMatch(PERSONAL)

      sandbox().clearRequests()
      const pushed = await api.post(`/admin/bnpl/orders/${order.id}/shipping-sync`, {}, admin())
      expect(pushed.data.sync).toMatchObject({ status: "accepted" })
      const [edit] = sandbox().requests.filter((r: any) => r.path === `/v1/payment/${pid}`)
      expect(edit.body.payment.shipping_info.available_options).toEqual(offered)
    })

    it("after the retention period nothing personal is left whatever the payment's state, in bounded runs, with two workers at once", async () => {
      const carts = [await cartWith(129.9), await cartWith(349), await cartWith(899)]
      const ids: string[] = []
      for (const cart of carts) {
        ids.push((await startBnplSession(cart.id)).session.data.checkout_id)
      }
      await runJob()
      for (const id of ids) {
        expect(await snapshot(id)).toBeDefined()
      }

      // One row per batch, one batch per run: each run's work is bounded.
      const before = await countSnapshots()
      const first = await runJob(31 * DAY, { batchSize: 1, maxBatches: 1 })
      expect(first.expired).toBe(1)
      expect(await countSnapshots()).toBe(before - 1)

      // Two workers run the job at the same moment: no error, every row goes once.
      await Promise.all([runJob(31 * DAY, { batchSize: 1 }), runJob(31 * DAY, { batchSize: 1 })])
      for (const id of ids) {
        expect(await snapshot(id)).toBeUndefined()
      }
      const left = await knex()("bnpl_checkout_snapshot").select("snapshot")
      expect(JSON.stringify(left)).not.toMatch(PERSONAL)
    })
  }
)
