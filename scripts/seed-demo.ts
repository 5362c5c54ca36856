import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createProductCategoriesWorkflow } from "@medusajs/medusa/core-flows"
import fs from "node:fs"
import path from "node:path"
import { createAdminUser, DEFAULT_ADMIN } from "./lib/admin-user"
import { DEFAULT_PRODUCTS, DEFAULT_SHIPPING_OPTIONS, setupStore } from "./lib/store-setup"
import { BNPL_MODULE } from "../src/modules/bnpl"
import type BnplModuleService from "../src/modules/bnpl/service"

/**
 * The demo store: `medusa exec ./scripts/seed-demo.ts` (run by scripts/demo.js). Idempotent:
 * on a database seeded before, it finds and reuses everything. Writes what the demo needs to
 * the JSON file named by `BNPL_DEMO_SEED_FILE` (default `.demo/seed.json`).
 */
export default async function seedDemo({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const admin = {
    email: process.env.BNPL_DEMO_ADMIN_EMAIL || DEFAULT_ADMIN.email,
    password: process.env.BNPL_DEMO_ADMIN_PASSWORD || DEFAULT_ADMIN.password,
  }

  const { created } = await createAdminUser(container, admin)
  logger.info(created ? `Admin user ${admin.email} created` : `Admin user ${admin.email} already exists`)

  const store = await setupStore(container, {
    regionName: "Europe",
    countries: ["fr", "de"],
    currencyCode: "eur",
    stockLocationName: "Paris Warehouse",
    publishableKeyTitle: "Demo storefront",
    products: [
      ...DEFAULT_PRODUCTS,
      { title: "Ceramic Dinner Set", handle: "ceramic-dinner-set", price: 89, description: "18 pieces, stoneware, dishwasher safe." },
      { title: "Walnut Desk", handle: "walnut-desk", price: 900, description: "Solid walnut, 140 x 70 cm, cable tray." },
      // Nothing to ship: its orders are sent to the service as `instore`.
      { title: "Gift Card 100", handle: "gift-card-100", price: 100, description: "Sent by e-mail.", digital: true },
    ],
    // Home (postal), express, relay point (pickup_point), click and collect (pickup_store), and a
    // collection at the counter mapped by metadata to `instore` (no shipment).
    shippingOptions: [
      ...DEFAULT_SHIPPING_OPTIONS,
      {
        name: "Collect at the counter",
        price: 0,
        fulfillment: "pickup",
        type: { code: "counter", label: "Counter", description: "Taken home by the customer at the till." },
        metadata: { bnpl_shipping_method: "instore" },
      },
    ],
  })
  logger.info(store.reused ? "Reused the seeded store" : "Seeded a new store")

  // `npm run demo` offers a credit plan too (BNPL_DEMO_PLANS=3,3ship,4,10): the demo storefront
  // then shows a plan greyed with its reason ("from 500.00 €") on smaller carts; "3ship" is 3
  // instalments paid at shipment (nothing today, the first when the order ships). Plans the
  // merchant saved in the admin are kept.
  const demoPlans = process.env.BNPL_DEMO_PLANS
  if (demoPlans) {
    const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
    const { sources } = await bnpl.getSettings()
    if (sources.plans !== "settings") {
      const plans = demoPlans.split(",").map((item) => {
        const ship = /ship$/.test(item.trim())
        return { installments_count: parseInt(item, 10), ...(ship ? { pay_at_shipment: true } : {}) }
      })
      await bnpl.saveSettings({ plans })
      logger.info(`Demo plans saved in the settings: ${demoPlans}`)
    }
  }

  // The gift card is in the "Gift cards" category, excluded from instalment payment; 4
  // instalments only from 150 to 2,000 EUR. Set once: what the merchant changed in the admin stays.
  const productModule = container.resolve(Modules.PRODUCT)
  let [giftCards] = await productModule.listProductCategories({ handle: "gift-cards" })
  if (!giftCards) {
    const { result } = await createProductCategoriesWorkflow(container).run({
      input: { product_categories: [{ name: "Gift cards", handle: "gift-cards", is_active: true }] },
    })
    giftCards = result[0]
  }
  const giftCard = store.products.find((p) => p.handle === "gift-card-100")!
  await productModule.updateProducts(giftCard.id, { category_ids: [giftCards.id] })
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const { sources } = await bnpl.getSettings()
  const checkoutRules: Record<string, unknown> = {}
  if (sources.exclusions === "default") {
    checkoutRules.exclusions = { product_category_ids: [giftCards.id] }
  }
  if (sources.plan_bounds === "default") {
    checkoutRules.plan_bounds = [{ installments_count: 4, min_amount: 150, max_amount: 2000 }]
  }
  if (Object.keys(checkoutRules).length) {
    await bnpl.saveSettings(checkoutRules)
    logger.info("Gift cards excluded from instalment payment; 4 instalments from 150 to 2000 EUR")
  }

  const output = path.resolve(process.env.BNPL_DEMO_SEED_FILE || ".demo/seed.json")
  fs.mkdirSync(path.dirname(output), { recursive: true })
  fs.writeFileSync(
    output,
    JSON.stringify(
      {
        reused: store.reused,
        admin_email: admin.email,
        publishable_key: store.publishableKey,
        region_id: store.regionId,
        gift_card_category_id: giftCards.id,
        sales_channel_id: store.salesChannelId,
        stock_location_id: store.stockLocationId,
        products: store.products,
        shipping_options: store.shippingOptions,
      },
      null,
      2
    ) + "\n"
  )
}
