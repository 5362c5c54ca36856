import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"
import { ADDRESS } from "../helpers/checkout"
import { BNPL_PROVIDER_ID, setupStore, StoreSetup } from "../helpers/store"

jest.setTimeout(120 * 1000)

/**
 * The plugin loads in a real Medusa app: provider registered, module migrated, and the store
 * setup the checkout tests build on actually yields a purchasable cart.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let headers: { headers: Record<string, string> }
    let store: StoreSetup

    beforeAll(async () => {
      const container = getContainer()
      headers = await adminHeaders(api, container)
      store = await setupStore(container)
    })

    it("answers /health", async () => {
      const response = await api.get("/health")
      expect(response.status).toBe(200)
    })

    it("registers the BNPL payment provider", async () => {
      const response = await api.get("/admin/payments/payment-providers?limit=100", headers)
      expect(response.status).toBe(200)
      const ids = response.data.payment_providers.map((p: { id: string }) => p.id)
      expect(ids).toContain(BNPL_PROVIDER_ID)
    })

    it("runs the plugin module's migration (bnpl_settings table)", async () => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await pg.raw(
        "select column_name from information_schema.columns where table_name = 'bnpl_settings'"
      )
      const columns = rows.map((r: { column_name: string }) => r.column_name)
      expect(columns).toEqual(expect.arrayContaining(["id", "api_key_encrypted", "plans", "shipping_method_overrides"]))

      const service = getContainer().resolve("bnpl") as { listBnplSettings: (filters?: object) => Promise<unknown[]> }
      await expect(service.listBnplSettings({})).resolves.toEqual([])
    })

    it("sets up a store where a EUR cart can pay with BNPL and choose every shipping option", async () => {
      const regionProviders = await api.get(`/store/payment-providers?region_id=${store.regionId}`, store.storeHeaders)
      expect(regionProviders.data.payment_providers.map((p: { id: string }) => p.id)).toContain(BNPL_PROVIDER_ID)

      const product = store.products.find((p) => p.price === 129.9)!
      const { data: created } = await api.post(
        "/store/carts",
        {
          region_id: store.regionId,
          email: "jeanne@example.com",
          shipping_address: ADDRESS,
          items: [{ variant_id: product.variantId, quantity: 2 }],
        },
        store.storeHeaders
      )
      expect(created.cart.currency_code).toBe("eur")
      expect(created.cart.total).toBeCloseTo(259.8, 2)

      const { data: options } = await api.get(
        `/store/shipping-options?cart_id=${created.cart.id}`,
        store.storeHeaders
      )
      const names = options.shipping_options.map((o: { name: string }) => o.name).sort()
      expect(names).toEqual(store.shippingOptions.map((o) => o.name).sort())

      const express = store.shippingOptions.find((o) => o.code === "express")!
      const { data: withShipping } = await api.post(
        `/store/carts/${created.cart.id}/shipping-methods`,
        { option_id: express.id },
        store.storeHeaders
      )
      expect(withShipping.cart.total).toBeCloseTo(259.8 + express.price, 2)
    })

    it("reuses what exists when the store is set up again", async () => {
      const again = await setupStore(getContainer())
      expect(again.reused).toBe(true)
      expect(again.regionId).toBe(store.regionId)
      expect(again.publishableKey).toBe(store.publishableKey)
      expect(again.products.map((p) => p.id)).toEqual(store.products.map((p) => p.id))
      expect(again.shippingOptions.map((o) => o.id)).toEqual(store.shippingOptions.map((o) => o.id))
    })
  },
})
