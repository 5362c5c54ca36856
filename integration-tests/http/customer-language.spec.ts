import { BNPL_PROVIDER_ID } from "../helpers/store"
import { RETURN_URL, testPorts } from "../helpers/checkout"
import { sandboxStoreSuite } from "../helpers/sandbox-store"

// Booting the app under load can take minutes.
jest.setTimeout(300 * 1000)

const ports = testPorts()

/**
 * The customer's language reaches the service with the payment (`payment.locale`), so its
 * hosted page and e-mails speak it: the cart's, else the storefront's (`x-medusa-locale`), else
 * the store's; only a language the service speaks, sent as the language alone.
 */
sandboxStoreSuite(
  { ports },
  ({ api, sandbox, store, admin, cartWith }) => {
    /** The cart's BNPL session created with `headers` (the storefront's own, e.g. its locale). */
    async function startSession(cartId: string, headers: Record<string, string> = {}) {
      const withHeaders = { headers: { ...store().storeHeaders.headers, ...headers } }
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cartId }, withHeaders)
      await api.post(
        `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
        { provider_id: BNPL_PROVIDER_ID, data: { installments_count: 3, return_url: RETURN_URL } },
        withHeaders
      )
    }
    /** What the service was sent as the customer's language (undefined: the field was left out). */
    const sentLocale = () => {
      const creations = sandbox().requests.filter((r: any) => r.method === "POST" && r.path === "/v1/payments")
      expect(creations).toHaveLength(1)
      const payment = creations[0].body.payment
      return "locale" in payment ? payment.locale : undefined
    }
    const setCartLocale = (cartId: string, locale: string) =>
      api.post(`/store/carts/${cartId}`, { locale }, store().storeHeaders)

    it("sends the cart's language, whatever the storefront says", async () => {
      const cart = await cartWith(129.9)
      await setCartLocale(cart.id, "de-AT")
      sandbox().clearRequests()
      await startSession(cart.id, { "x-medusa-locale": "it-IT" })
      expect(sentLocale()).toBe("de")
      expect([...sandbox().payments.values()][0].locale).toBe("de")
    })

    it("sends the storefront's language when the cart has none the service speaks", async () => {
      const cart = await cartWith(129.9)
      sandbox().clearRequests()
      await startSession(cart.id, { "x-medusa-locale": "nl-BE" })
      expect(sentLocale()).toBe("nl")

      const swedish = await cartWith(129.9)
      await setCartLocale(swedish.id, "sv-SE")
      sandbox().clearRequests()
      await startSession(swedish.id, { "x-medusa-locale": "pt-PT" })
      expect(sentLocale()).toBe("pt")
    })

    it("sends the store's language when neither the cart nor the storefront gives one; none when the store has none", async () => {
      const cart = await cartWith(129.9)
      sandbox().clearRequests()
      await startSession(cart.id)
      expect(sentLocale()).toBeUndefined()

      const { data } = await api.get("/admin/stores", admin())
      const storeId = data.stores[0].id
      await api.post(`/admin/stores/${storeId}`, { supported_locales: [{ locale_code: "es-ES" }] }, admin())
      const next = await cartWith(129.9)
      sandbox().clearRequests()
      await startSession(next.id)
      expect(sentLocale()).toBe("es")
    })
  }
)
