import { ContainerRegistrationKeys, ProductStatus } from "@medusajs/framework/utils"
import {
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createShippingProfilesWorkflow,
} from "@medusajs/medusa/core-flows"
import { cartBody, testPorts } from "../helpers/checkout"
import { pluginQueryReads } from "../helpers/plugin-reads"
import { sandboxStoreSuite } from "../helpers/sandbox-store"
import { createBnplStorefront } from "../../storefront/src"

jest.setTimeout(120 * 1000)

const ports = testPorts(11)
const GIFT_CARD_REASON = 'Instalment payment is not available for "Gift card" (shipping profile "Gift cards")'

/**
 * Products the merchant excludes from instalment payment, through the admin and store APIs of a
 * running app against the sandbox over HTTP: a mixed cart gets no plans, with a reason the
 * storefront can show, and costs no service call; the provider refuses a session for it.
 */
sandboxStoreSuite(
  { ports },
  ({ api, getContainer, sandbox, store, admin, productAt, startBnplSession }) => {
    let giftCard: { variantId: string; profileId: string; productId: string }

    const serviceCalls = () => sandbox().requests.filter((r: any) => r.path.startsWith("/v1/payments"))
    const save = (body: unknown) => api.post("/admin/bnpl/settings", body, admin()).catch((e: any) => e.response)
    const plansOf = async (cartId: string) =>
      (await api.get(`/store/bnpl/eligibility?cart_id=${cartId}`, store().storeHeaders)).data.eligibility

    async function cart(variantIds: string[]) {
      const { data } = await api.post(
        "/store/carts",
        cartBody(store(), variantIds.map((variant_id) => ({ variant_id, quantity: 1 }))),
        store().storeHeaders
      )
      return data.cart
    }

    beforeEach(async () => {
      // A gift card in its own shipping profile, sold in the store's sales channel.
      const container = getContainer()
      const { result: profiles } = await createShippingProfilesWorkflow(container).run({
        input: { data: [{ name: "Gift cards", type: "gift_card" }] },
      })
      const { result: products } = await createProductsWorkflow(container).run({
        input: {
          products: [
            {
              title: "Gift card",
              handle: "gift-card",
              status: ProductStatus.PUBLISHED,
              shipping_profile_id: profiles[0].id,
              options: [{ title: "Value", values: ["100"] }],
              variants: [
                { title: "100", options: { Value: "100" }, manage_inventory: false, prices: [{ amount: 100, currency_code: "eur" }] },
              ],
              sales_channels: [{ id: store().salesChannelId }],
            },
          ],
        },
      })
      giftCard = { variantId: products[0].variants[0].id, profileId: profiles[0].id, productId: products[0].id }
      expect((await save({ exclusions: { shipping_profile_ids: [profiles[0].id] } })).status).toBe(200)
    })

    it("keeps the exclusions in the settings, saved in the admin", async () => {
      const { data } = await api.get("/admin/bnpl/settings", admin())
      expect(data.settings.exclusions).toEqual({ shipping_profile_ids: [giftCard.profileId] })
      expect(data.settings.source.exclusions).toBe("settings")
    })

    it("gives a mixed cart no plans, with the reason, and asks the service nothing", async () => {
      sandbox().clearRequests()
      const mixed = await cart([productAt(129.9).variantId, giftCard.variantId])
      const eligibility = await plansOf(mixed.id)
      expect(eligibility).toMatchObject({
        cart_id: mixed.id,
        service_available: false,
        unavailable_reason: "excluded_products",
        message: GIFT_CARD_REASON,
        plans: [],
      })
      expect(eligibility.excluded_products).toEqual([
        {
          product_id: expect.any(String),
          title: "Gift card",
          excluded_by: { kind: "shipping_profile", id: giftCard.profileId, name: "Gift cards" },
        },
      ])
      expect(serviceCalls()).toHaveLength(0) // neither when the cart was created nor when read
    })

    it("refuses a session for the mixed cart with the same reason, without a service call", async () => {
      const mixed = await cart([productAt(129.9).variantId, giftCard.variantId])
      sandbox().clearRequests()
      const refused = await startBnplSession(mixed.id, { installments_count: 3 }).catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toBe(GIFT_CARD_REASON)
      expect(serviceCalls()).toHaveLength(0)
    })

    it("answers a product page of an excluded product with the reason, and asks the service nothing for it", async () => {
      const eligibilityCalls = () => sandbox().requests.filter((r: any) => r.path === "/v1/payments/eligibility")
      sandbox().clearRequests()
      const { data } = await api.get(
        `/store/bnpl/eligibility?amount=100&product_id=${giftCard.productId}&currency_code=eur`,
        store().storeHeaders
      )
      expect(data.eligibility).toMatchObject({
        product_id: giftCard.productId,
        purchase_amount: 10000,
        service_available: false,
        unavailable_reason: "excluded_products",
        message: GIFT_CARD_REASON,
        excluded_products: [{ product_id: giftCard.productId, title: "Gift card" }],
        plans: [],
      })
      expect(eligibilityCalls()).toHaveLength(0)

      // A grid: the gift card is answered for itself; the same price without a product is asked.
      const other = productAt(129.9)
      const kit = createBnplStorefront({ baseUrl: `http://localhost:${ports.app}`, publishableKey: store().publishableKey })
      const answers = await kit.plansForAmounts(["100", 129.9, 100], "eur", {
        productIds: [giftCard.productId, other.id, null],
      })
      expect(answers.map((a) => [a.amount, a.service_available, a.unavailable_reason ?? null])).toEqual([
        ["100.00", false, "excluded_products"],
        ["129.90", true, null],
        ["100.00", true, null],
      ])
      expect(answers[0].message).toBe(GIFT_CARD_REASON)
      expect(eligibilityCalls().map((r: any) => r.body.payment.purchase_amount).sort()).toEqual([10000, 12990])

      // A product id per amount, or a 400 saying so.
      const bad = await api
        .get(`/store/bnpl/eligibility?amounts=100,129.90&product_ids=${giftCard.productId}&currency_code=eur`, store().storeHeaders)
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("product_ids holds 1 ids for 2 amounts")
    })

    it("offers the plans again once the excluded product is removed", async () => {
      const mixed = await cart([productAt(129.9).variantId, giftCard.variantId])
      const item = mixed.items.find((i: any) => i.variant_id === giftCard.variantId)
      await api.delete(`/store/carts/${mixed.id}/line-items/${item.id}`, store().storeHeaders)
      const eligibility = await plansOf(mixed.id)
      expect(eligibility.service_available).toBe(true)
      expect(eligibility.plans.map((p: any) => [p.installments_count, p.eligible])).toEqual([
        [3, true],
        [4, true],
      ])
      const { session } = await startBnplSession(mixed.id, { installments_count: 3 })
      expect(session.data.url).toBeTruthy()
    })

    it("excludes a sub-category's products when its parent category is excluded", async () => {
      const container = getContainer()
      const { result: parents } = await createProductCategoriesWorkflow(container).run({
        input: { product_categories: [{ name: "Home", handle: "home", is_active: true }] },
      })
      const { result: children } = await createProductCategoriesWorkflow(container).run({
        input: {
          product_categories: [{ name: "Furniture", handle: "furniture", is_active: true, parent_category_id: parents[0].id }],
        },
      })
      const table = store().products.find((p) => p.price === 349)!
      await api.post(`/admin/products/${table.id}`, { categories: [{ id: children[0].id }] }, admin())
      await save({ exclusions: { product_category_ids: [parents[0].id] } })

      sandbox().clearRequests()
      const eligibility = await plansOf((await cart([productAt(30).variantId, table.variantId])).id)
      expect(eligibility.message).toBe('Instalment payment is not available for "Oak Side Table" (category "Furniture")')
      expect(eligibility.excluded_products[0].excluded_by).toEqual({ kind: "product_category", id: parents[0].id, name: "Furniture" })
      expect(serviceCalls()).toHaveLength(0)

      // The tote bag alone is not excluded.
      expect((await plansOf((await cart([productAt(30).variantId])).id)).service_available).toBe(true)
    })

    /** Reads of carts and products by the plugin's own code while `run` runs (helpers/plugin-reads.ts). */
    const pluginReadsDuring = (run: () => Promise<unknown>) => pluginQueryReads(getContainer(), run)

    /**
     * SQL statements on the plugin's own tables while `run` runs (the shared connection's
     * `query` events: the module's ORM goes through it too). The settings row is left out: it is
     * read at most every 3 s per process (SETTINGS_TTL_MS), not per mutation; so are the retry
     * job's looks for due messages and due order events (every 15 s, whatever the carts do: a run
     * of CI met the events' look inside a mutation).
     */
    async function pluginStatementsDuring(run: () => Promise<unknown>) {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      const statements: string[] = []
      const listener = (q: { sql: string }) => {
        if (/bnpl_/.test(q.sql) && !/bnpl_settings|select .* from "bnpl_(service_message|order_event)"/.test(q.sql))
          statements.push(q.sql)
      }
      knex.client.on("query", listener)
      try {
        await run()
      } finally {
        knex.client.removeListener("query", listener)
      }
      return statements
    }

    it("costs a cart mutation that keeps the total no cart or product read and no service call", async () => {
      const bought = await cart([productAt(129.9).variantId])
      const line = bought.items[0]
      const update = (body: object) =>
        api.post(`/store/carts/${bought.id}/line-items/${line.id}`, body, store().storeHeaders)
      // A new total: asked once, and the cart's products checked against the exclusions.
      sandbox().clearRequests()
      await update({ quantity: 2 })
      expect(serviceCalls()).toHaveLength(1)

      // The same total (and products): the plans kept with the cart and the last exclusion check stand.
      sandbox().clearRequests()
      let statements: string[] = []
      const reads = await pluginReadsDuring(async () => {
        statements = await pluginStatementsDuring(() => update({ quantity: 2, metadata: { gift_wrap: true } }))
      })
      expect(reads).toEqual([])
      // Nor a statement of its own: the plans this process kept stand, and a cart without a
      // payment session has no instalment payment to look up.
      expect(statements).toEqual([])
      expect(serviceCalls()).toHaveLength(0)

      // Another product: checked again (one read), and the gift card is refused without a service call.
      expect((await plansOf(bought.id)).service_available).toBe(true)
      sandbox().clearRequests()
      const withGift = await pluginReadsDuring(() =>
        api.post(`/store/carts/${bought.id}/line-items`, { variant_id: giftCard.variantId, quantity: 1 }, store().storeHeaders)
      )
      expect(withGift).toEqual([expect.stringMatching(/^cart from .*cart-exclusions/)])
      expect(serviceCalls()).toHaveLength(0)
      expect((await plansOf(bought.id)).unavailable_reason).toBe("excluded_products")
    })

    it("writes a new total's answer in one statement, and anew when its row is gone", async () => {
      const bought = await cart([productAt(129.9).variantId])
      const line = bought.items[0]
      const update = (quantity: number) =>
        api.post(`/store/carts/${bought.id}/line-items/${line.id}`, { quantity }, store().storeHeaders)
      await update(2) // the answer's row exists, and this process remembers it
      // The row rewritten by its id: no read before it, no transaction around it.
      const statements = await pluginStatementsDuring(() => update(3))
      expect(statements).toEqual([expect.stringMatching(/^update "bnpl_cart_eligibility" set .* where "id" = \$\d+ and "deleted_at" is null$/)])

      // The row removed meanwhile (the retention job, another instance): the next total writes it anew.
      const bnpl = getContainer().resolve("bnpl") as any
      const [row] = await bnpl.listBnplCartEligibilities({ cart_id: bought.id })
      expect(row.purchase_amount).toBe(38970)
      await bnpl.deleteBnplCartEligibilities([row.id])
      await update(4)
      const [written] = await bnpl.listBnplCartEligibilities({ cart_id: bought.id })
      expect(written).toMatchObject({ purchase_amount: 51960, service_available: true })
      expect(written.id).not.toBe(row.id)
      expect((await plansOf(bought.id)).purchase_amount).toBe(51960)
    })

    it.each([
      [{ exclusions: { profiles: ["sp_1"] } }, "exclusions has unknown fields: profiles"],
      [{ exclusions: { product_tag_ids: "ptag_1" } }, "exclusions.product_tag_ids must be a list of ids"],
      [{ exclusions: [] }, "exclusions must be an object"],
    ])("refuses bad exclusions with a 400 naming the field: %j", async (body, message) => {
      const refused = await save(body)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain(message)
    })
  }
)
