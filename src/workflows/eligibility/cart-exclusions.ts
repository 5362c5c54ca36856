import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BoundedCache } from "../../lib/bounded-cache"
import {
  exclusionCheckKey,
  excludedProducts,
  hasExclusions,
  type ExcludedProduct,
  type Exclusions,
  type ProductFacts,
} from "../../lib/exclusions"

// What the exclusion rules look at, for every product of the cart (categories with their
// lineage, so excluding a parent category excludes its sub-categories).
const FIELDS = [
  "items.product_id",
  "items.product.id",
  "items.product.title",
  "items.product.categories.id",
  "items.product.categories.name",
  "items.product.categories.mpath",
  "items.product.collection.id",
  "items.product.collection.title",
  "items.product.type.id",
  "items.product.type.value",
  "items.product.tags.id",
  "items.product.tags.value",
  "items.variant.product.shipping_profile.id",
  "items.variant.product.shipping_profile.name",
]

type Row = { id: string; title?: string | null; value?: string | null; name?: string | null }

const named = (row: Row | null | undefined) =>
  row ? { id: row.id, name: row.name ?? row.title ?? row.value ?? null } : null

/**
 * The last check of each cart in this process, with what it depended on (its products and the
 * rules): a cart mutation that leaves the products as they were (a quantity, an address) reuses
 * it instead of reading every product's categories, tags... again. Kept 5 minutes, so a product
 * the merchant moves into an excluded category is seen within that time even in a cart that
 * does not change; bounded like the eligibility cache.
 */
const EXCLUSION_CHECK_TTL_MS = 5 * 60_000
const lastChecks = new BoundedCache<{ key: string; excluded: ExcludedProduct[] }>({ maxEntries: 5_000 })

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
  const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: cartId } })
  const items = ((data[0] as any)?.items ?? []) as any[]
  const products: ProductFacts[] = items
    .filter((item) => item?.product_id)
    .map((item) => ({
      id: item.product_id,
      title: item.product?.title ?? null,
      categories: (item.product?.categories ?? []).map((c: Row & { mpath?: string | null }) => ({
        ...named(c)!,
        mpath: c.mpath ?? null,
      })),
      collection: named(item.product?.collection),
      type: named(item.product?.type),
      tags: (item.product?.tags ?? []).map((t: Row) => named(t)!),
      shipping_profile: named(item.variant?.product?.shipping_profile),
    }))
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
