import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createLocationFulfillmentSetWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

/**
 * A store ready for checkout, built with Medusa's core workflows (modelled on the starter's
 * `seed.ts`): a publishable key on the default sales channel, a EUR region with the BNPL
 * provider enabled, a stock location with home-delivery and pickup shipping options, and
 * published products with EUR prices.
 *
 * Used by the integration tests (`setupStore(getContainer())` in a `beforeAll`) and by the
 * demo seed (`scripts/seed-demo.ts`); the tests reach it through integration-tests/helpers/store.ts. Every part is looked up by name/handle first, so calling
 * it again on the same database reuses what exists instead of duplicating it.
 */

export const BNPL_PROVIDER_ID = "pp_bnpl_bnpl"

export type ProductSpec = {
  title: string
  handle: string
  /** Price in major units of the region's currency (e.g. 129.9 = 129.90 EUR). */
  price: number
  description?: string
  sku?: string
  weight?: number
  thumbnail?: string
  /** Nothing to ship (no shipping profile). */
  digital?: boolean
}

export type ShippingOptionSpec = {
  name: string
  /** Price in major units. */
  price: number
  /** The shipping option type (`shipping_option_type`): what a merchant picks in the admin. */
  type: { code: string; label: string; description?: string }
  /** `shipping` (delivered to an address) or `pickup` (collected at the stock location). */
  fulfillment: "shipping" | "pickup"
  /** Stored on the option (`shipping_option.data`), e.g. a carrier's service code. */
  data?: Record<string, unknown>
  /** e.g. `{bnpl_shipping_method: "instore"}`: the merchant's own mapping for the service. */
  metadata?: Record<string, unknown>
}

export type StoreSetupOptions = {
  regionName?: string
  currencyCode?: string
  /** ISO 3166-1 alpha-2, lower case. */
  countries?: string[]
  paymentProviders?: string[]
  stockLocationName?: string
  publishableKeyTitle?: string
  products?: ProductSpec[]
  shippingOptions?: ShippingOptionSpec[]
  /** Create tax regions (system provider, no rate) for the countries. */
  taxRegions?: boolean
}

export type StoreSetup = {
  /** True when the region already existed (the store had been set up before). */
  reused: boolean
  publishableKey: string
  publishableKeyId: string
  /** Headers for `/store/*` calls: `api.get("/store/...", storeHeaders)`. */
  storeHeaders: { headers: Record<string, string> }
  salesChannelId: string
  regionId: string
  currencyCode: string
  countries: string[]
  stockLocationId: string
  shippingProfileId: string
  products: { id: string; handle: string; title: string; variantId: string; price: number }[]
  shippingOptions: { id: string; name: string; code: string; fulfillment: "shipping" | "pickup"; price: number }[]
}

export const DEFAULT_PRODUCTS: ProductSpec[] = [
  {
    title: "Linen Tote Bag",
    handle: "linen-tote-bag",
    price: 30,
    description: "A washed linen tote for the market and the beach.",
  },
  {
    title: "Merino Wool Sweater",
    handle: "merino-wool-sweater",
    price: 129.9,
    description: "Fine-gauge merino, knitted in Portugal.",
  },
  {
    title: "Oak Side Table",
    handle: "oak-side-table",
    price: 349,
    description: "Solid oak, oiled finish, 45 x 45 cm.",
  },
  {
    title: "Espresso Machine Pro",
    handle: "espresso-machine-pro",
    price: 899,
    description: "Dual boiler, PID temperature control, 58 mm portafilter.",
  },
]

export const DEFAULT_SHIPPING_OPTIONS: ShippingOptionSpec[] = [
  {
    name: "Colissimo Home",
    price: 4.9,
    fulfillment: "shipping",
    type: { code: "standard", label: "Standard", description: "Home delivery in 2-3 days." },
  },
  {
    name: "Express 24h",
    price: 12.9,
    fulfillment: "shipping",
    type: { code: "express", label: "Express", description: "Home delivery the next working day." },
  },
  {
    name: "Relay point Mondial Relay",
    price: 3.9,
    fulfillment: "shipping",
    type: { code: "pickup_point", label: "Relay point", description: "Collect the parcel at a relay point." },
  },
  {
    name: "Click and collect",
    price: 0,
    fulfillment: "pickup",
    type: { code: "click_and_collect", label: "Click and collect", description: "Collect the order in our shop." },
  },
]

const DEFAULTS = {
  regionName: "Europe",
  currencyCode: "eur",
  countries: ["fr", "de"],
  paymentProviders: [BNPL_PROVIDER_ID, "pp_system_default"],
  stockLocationName: "Paris Warehouse",
  publishableKeyTitle: "Storefront",
  taxRegions: true,
}

export async function setupStore(container: MedusaContainer, options: StoreSetupOptions = {}): Promise<StoreSetup> {
  const settings = { ...DEFAULTS, ...options }
  const countries = settings.countries.map((c) => c.toLowerCase())
  const currencyCode = settings.currencyCode.toLowerCase()
  const productSpecs = options.products ?? DEFAULT_PRODUCTS
  const shippingSpecs = options.shippingOptions ?? DEFAULT_SHIPPING_OPTIONS

  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const storeModule = container.resolve(Modules.STORE)
  const regionModule = container.resolve(Modules.REGION)
  const taxModule = container.resolve(Modules.TAX)
  const stockLocationModule = container.resolve(Modules.STOCK_LOCATION)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const apiKeyModule = container.resolve(Modules.API_KEY)
  const productModule = container.resolve(Modules.PRODUCT)
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)

  // Store: created at boot by Medusa's createDefaultsWorkflow, with its default sales channel.
  const [store] = await storeModule.listStores({}, { relations: ["supported_currencies"] })
  if (!store) throw new Error("No store: Medusa creates one at boot (createDefaultsWorkflow)")
  let salesChannelId = store.default_sales_channel_id as string | null
  if (!salesChannelId) {
    const [channel] = await salesChannelModule.listSalesChannels({ name: "Default Sales Channel" })
    if (!channel) throw new Error("The store has no default sales channel")
    salesChannelId = channel.id
  }

  const supported = store.supported_currencies ?? []
  if (!supported.some((c) => c.currency_code === currencyCode && c.is_default)) {
    await updateStoresWorkflow(container).run({
      input: {
        selector: { id: store.id },
        update: {
          supported_currencies: [
            { currency_code: currencyCode, is_default: true },
            ...supported
              .filter((c) => c.currency_code !== currencyCode)
              .map((c) => ({ currency_code: c.currency_code, is_default: false })),
          ],
        },
      },
    })
  }

  // Region with the BNPL provider enabled (region_payment_provider link).
  let [region] = await regionModule.listRegions({ name: settings.regionName })
  const reused = !!region
  if (!region) {
    const { result } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name: settings.regionName,
            currency_code: currencyCode,
            countries,
            payment_providers: settings.paymentProviders,
          },
        ],
      },
    })
    region = result[0]
  } else {
    // Re-assert the providers: a reused database may predate the provider's registration.
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: region.id }, update: { payment_providers: settings.paymentProviders } },
    })
  }

  if (settings.taxRegions) {
    const existing = await taxModule.listTaxRegions({ country_code: countries, parent_id: null } as any)
    const missing = countries.filter((c) => !existing.some((t) => t.country_code === c))
    if (missing.length) {
      await createTaxRegionsWorkflow(container).run({
        input: missing.map((country_code) => ({ country_code, provider_id: "tp_system" })),
      })
    }
  }

  // Stock location, linked to the manual fulfillment provider and the sales channel.
  let [location] = await stockLocationModule.listStockLocations({ name: settings.stockLocationName })
  if (!location) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: {
        locations: [
          {
            name: settings.stockLocationName,
            address: { address_1: "12 rue de la Paix", city: "Paris", postal_code: "75002", country_code: "FR" },
          },
        ],
      },
    })
    location = result[0]
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
    })
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: location.id, add: [salesChannelId] },
    })
  }

  let [shippingProfile] = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (!shippingProfile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    shippingProfile = result[0]
  }

  // One fulfillment set per kind (shipping, pickup) at the location, each with a service zone
  // covering the region's countries.
  const serviceZoneIds: Partial<Record<"shipping" | "pickup", string>> = {}
  for (const kind of [...new Set(shippingSpecs.map((s) => s.fulfillment))]) {
    const setName = `${settings.stockLocationName} ${kind === "pickup" ? "pickup" : "delivery"}`
    let [set] = await fulfillmentModule.listFulfillmentSets({ name: setName }, { relations: ["service_zones"] })
    if (!set) {
      await createLocationFulfillmentSetWorkflow(container).run({
        input: { location_id: location.id, fulfillment_set_data: { name: setName, type: kind } },
      })
      ;[set] = await fulfillmentModule.listFulfillmentSets({ name: setName }, { relations: ["service_zones"] })
    }
    let zone = set.service_zones?.[0]
    if (!zone) {
      const { result } = await createServiceZonesWorkflow(container).run({
        input: {
          data: [
            {
              fulfillment_set_id: set.id,
              name: `${settings.regionName} ${kind}`,
              geo_zones: countries.map((country_code) => ({ type: "country" as const, country_code })),
            },
          ],
        },
      })
      zone = result[0]
    }
    serviceZoneIds[kind] = zone.id
  }

  const existingOptions = await fulfillmentModule.listShippingOptions(
    { service_zone_id: Object.values(serviceZoneIds) } as any,
    { relations: ["type"] }
  )
  const optionsToCreate = shippingSpecs.filter((spec) => !existingOptions.some((o) => o.name === spec.name))
  if (optionsToCreate.length) {
    await createShippingOptionsWorkflow(container).run({
      input: optionsToCreate.map((spec) => ({
        name: spec.name,
        price_type: "flat" as const,
        provider_id: "manual_manual",
        service_zone_id: serviceZoneIds[spec.fulfillment]!,
        shipping_profile_id: shippingProfile.id,
        type: spec.type,
        ...(spec.data ? { data: spec.data } : {}),
        ...(spec.metadata ? { metadata: spec.metadata } : {}),
        prices: [
          { currency_code: currencyCode, amount: spec.price },
          { region_id: region.id, amount: spec.price },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
          { attribute: "is_return", value: "false", operator: "eq" as const },
        ],
      })),
    })
  }
  const shippingOptions = await fulfillmentModule.listShippingOptions(
    { service_zone_id: Object.values(serviceZoneIds) } as any,
    { relations: ["type"] }
  )

  // Publishable key on the default sales channel.
  let [apiKey] = await apiKeyModule.listApiKeys({ title: settings.publishableKeyTitle, type: "publishable" })
  if (apiKey?.revoked_at) apiKey = undefined as any
  if (!apiKey) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: settings.publishableKeyTitle, type: "publishable", created_by: "" }] },
    })
    apiKey = result[0]
    await linkSalesChannelsToApiKeyWorkflow(container).run({
      input: { id: apiKey.id, add: [salesChannelId] },
    })
  }

  // Published products, one variant each, not inventory-managed (always purchasable).
  const handles = productSpecs.map((p) => p.handle)
  const existingProducts = handles.length ? await productModule.listProducts({ handle: handles }) : []
  const productsToCreate = productSpecs.filter((p) => !existingProducts.some((e) => e.handle === p.handle))
  if (productsToCreate.length) {
    await createProductsWorkflow(container).run({
      input: {
        products: productsToCreate.map((spec) => ({
          title: spec.title,
          handle: spec.handle,
          description: spec.description,
          thumbnail: spec.thumbnail,
          weight: spec.weight ?? 500,
          status: ProductStatus.PUBLISHED,
          // A digital product has no shipping profile: its line items do not require shipping.
          shipping_profile_id: spec.digital ? undefined : shippingProfile.id,
          options: [{ title: "Format", values: ["Standard"] }],
          variants: [
            {
              title: "Standard",
              sku: spec.sku ?? spec.handle.toUpperCase(),
              options: { Format: "Standard" },
              manage_inventory: false,
              prices: [{ amount: spec.price, currency_code: currencyCode }],
            },
          ],
          sales_channels: [{ id: salesChannelId! }],
        })),
      },
    })
  }
  const products = handles.length
    ? await productModule.listProducts({ handle: handles }, { relations: ["variants"] })
    : []

  return {
    reused,
    publishableKey: apiKey.token,
    publishableKeyId: apiKey.id,
    storeHeaders: { headers: { "x-publishable-api-key": apiKey.token } },
    salesChannelId: salesChannelId!,
    regionId: region.id,
    currencyCode,
    countries,
    stockLocationId: location.id,
    shippingProfileId: shippingProfile.id,
    products: productSpecs.map((spec) => {
      const product = products.find((p) => p.handle === spec.handle)!
      return {
        id: product.id,
        handle: product.handle,
        title: product.title,
        variantId: product.variants[0].id,
        price: spec.price,
      }
    }),
    shippingOptions: shippingSpecs.map((spec) => {
      const option = shippingOptions.find((o) => o.name === spec.name)!
      return { id: option.id, name: option.name, code: spec.type.code, fulfillment: spec.fulfillment, price: spec.price }
    }),
  }
}
