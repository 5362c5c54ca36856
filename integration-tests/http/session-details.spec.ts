import { ADDRESS, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { BNPL_PROVIDER_ID } from "../helpers/store"

jest.setTimeout(120 * 1000)

const ports = testPorts(3)

/**
 * A cart edit that keeps the total keeps Medusa's payment session (only a new total deletes
 * sessions): the payment the session points at must carry the cart's details as they are now,
 * and an edit that changes none of them must cost the service nothing.
 */
sandboxStoreSuite(
  { ports },
  ({ api, sandbox, store, cartWith, startBnplSession, bnpl }) => {
    const ledgerOf = async (cartId: string) =>
      Object.fromEntries(
        (await bnpl().listBnplPayments({ cart_id: cartId })).map((p: any) => [p.bnpl_payment_id, p.status])
      )
    const updateCart = async (cartId: string, body: Record<string, unknown>) =>
      (await api.post(`/store/carts/${cartId}`, body, store().storeHeaders)).data.cart
    /** The BNPL session as the storefront reads it with the cart. */
    const sessionOf = async (cartId: string) => {
      const { data } = await api.get(`/store/carts/${cartId}`, store().storeHeaders)
      const sessions = data.cart.payment_collection.payment_sessions
      return { total: data.cart.total, session: sessions.find((s: any) => s.provider_id === BNPL_PROVIDER_ID) }
    }

    it("gives the session a payment with the new shipping address when the total stays the same", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      const first = session.data.bnpl_payment_id
      expect(sandbox().payments.get(first).shipping_address).toMatchObject({ line1: ADDRESS.address_1 })

      const moved = { ...ADDRESS, address_1: "12 quai Saint-Antoine", postal_code: "69002" }
      await updateCart(cart.id, { shipping_address: moved })

      const now = await sessionOf(cart.id)
      expect(now.total).toBe(cart.total)
      expect(now.session.id).toBe(session.id) // Medusa kept the session: same total
      const pid = now.session.data.bnpl_payment_id
      expect(pid).not.toBe(first)
      const payment = sandbox().payments.get(pid)
      expect(payment.shipping_address).toMatchObject({ line1: "12 quai Saint-Antoine", postal_code: "69002" })
      expect(payment.purchase_amount).toBe(session.data.purchase_amount)
      expect(now.session.data.url).toBe(payment.url)
      // The old payment ends (claimed to settle, then cancelled at the service); the new one is open.
      const ledger = await ledgerOf(cart.id)
      expect(["to_settle", "cancelled"]).toContain(ledger[first])
      expect(ledger[pid]).toBe("open")
    })

    it("costs no service call for a cart edit that changes nothing the service holds", async () => {
      const cart = await cartWith(129.9)
      const { session } = await startBnplSession(cart.id)
      sandbox().clearRequests()

      await updateCart(cart.id, { shipping_address: { ...ADDRESS } }) // the same address again
      await updateCart(cart.id, { metadata: { gift_wrap: "no" } })

      expect(sandbox().requests).toHaveLength(0)
      const now = await sessionOf(cart.id)
      expect(now.session.data.bnpl_payment_id).toBe(session.data.bnpl_payment_id)
      expect(await ledgerOf(cart.id)).toEqual({ [session.data.bnpl_payment_id]: "open" })
    })
  }
)
