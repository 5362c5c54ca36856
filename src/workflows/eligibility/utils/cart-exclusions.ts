import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BoundedCache } from "../../../lib/infrastructure/bounded-cache"
import {
  exclusionCheckKey,
  excludedProducts,
  hasExclusions,
  type ExcludedProduct,
  type Exclusions,
  type ProductFacts,
} from "../../../lib/eligibility/exclusions"
import { keptInMemory } from "../../../lib/infrastructure/process-memory"

// What the exclusion rules look at, for one product (categories with their lineage, so
// excluding a parent category excludes its sub-categories).
const PRODUCT_FIELDS = [
  "id",
  "title",
  "categories.id",
  "categories.name",
  "categories.mpath",
  "collection.id",
  "collection.title",
  "type.id",
  "type.value",
  "tags.id",
  "tags.value",
  "shipping_profile.id",
  "shipping_profile.name",
]

// The same, for every product of a cart (its shipping profile through the variant).
const CART_FIELDS = [
  "items.product_id",
  ...PRODUCT_FIELDS.filter((f) => !f.startsWith("shipping_profile.")).map((f) => `items.product.${f}`),
  "items.variant.product.shipping_profile.id",
  "items.variant.product.shipping_profile.name",
]

type Row = { id: string; title?: string | null; value?: string | null; name?: string | null }

const named = (row: Row | null | undefined) =>
  row ? { id: row.id, name: row.name ?? row.title ?? row.value ?? null } : null

/** A product row of query.graph (PRODUCT_FIELDS) as the facts the exclusion rules read. */
function productFacts(id: string, product: any, shippingProfile: Row | null | undefined): ProductFacts {
  return {
    id,
    title: product?.title ?? null,
    categories: (product?.categories ?? []).map((c: Row & { mpath?: string | null }) => ({
      ...named(c)!,
      mpath: c.mpath ?? null,
    })),
    collection: named(product?.collection),
    type: named(product?.type),
    tags: (product?.tags ?? []).map((t: Row) => named(t)!),
    shipping_profile: named(shippingProfile),
  }
}

/**
 * The last check of each cart in this process, with what it depended on (its products and the
 * rules): a cart mutation that leaves the products as they were (a quantity, an address) reuses
 * it instead of reading every product's categories, tags... again. Kept 5 minutes, so a product
 * the merchant moves into an excluded category is seen within that time even in a cart that
 * does not change; bounded like the eligibility cache.
 */
const EXCLUSION_CHECK_TTL_MS = 5 * 60_000
const lastChecks = keptInMemory(new BoundedCache<{ key: string; excluded: ExcludedProduct[] }>({ maxEntries: 5_000 }))

/**
 * The cart's products the merchant excluded from instalment payment (one query, only when
 * exclusions are set; never a service call). `productIds`: the cart's products as the caller
 * already holds them (a cart workflow's own cart); when they are the same as at the last check,
 * nothing is read.
 */
export async function excludedFromCart(
  container: MedusaContainer,
  cartId: string,
  exclusions: Exclusions | undefined,
  productIds?: (string | null | undefined)[]
): Promise<ExcludedProduct[]> {
  if (!hasExclusions(exclusions)) {
    return []
  }
  const key = productIds ? exclusionCheckKey(productIds, exclusions) : undefined
  const last = lastChecks.get(cartId)
  if (key && last?.key === key) {
    return last.excluded
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } })
  const items = ((data[0] as any)?.items ?? []) as any[]
  const products: ProductFacts[] = items
    .filter((item) => item?.product_id)
    .map((item) => productFacts(item.product_id, item.product, item.variant?.product?.shipping_profile))
  const excluded = excludedProducts(products, exclusions)
  // Keyed on what was just read (not on the caller's list): a read without a list still
  // primes the next mutation's check.
  lastChecks.set(
    cartId,
    {
      key: exclusionCheckKey(
        items.map((item) => item?.product_id),
        exclusions
      ),
      excluded,
    },
    EXCLUSION_CHECK_TTL_MS
  )
  return excluded
}

/**
 * Product pages: which of these products the merchant excluded (one query, only when
 * exclusions are set; never a service call). An id that names no product excludes nothing:
 * the cart's own check still applies at checkout.
 */
export async function excludedAmongProducts(
  container: MedusaContainer,
  productIds: string[],
  exclusions: Exclusions | undefined
): Promise<ExcludedProduct[]> {
  const ids = [...new Set(productIds)]
  if (!ids.length || !hasExclusions(exclusions)) {
    return []
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "product", fields: PRODUCT_FIELDS, filters: { id: ids } })
  return excludedProducts(
    (data as any[]).map((row) => productFacts(row.id, row, row.shipping_profile)),
    exclusions
  )
}
