import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
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
 * The cart's products the merchant excluded from instalment payment (one query, only when
 * exclusions are set; never a service call).
 */
export async function excludedFromCart(
  container: MedusaContainer,
  cartId: string,
  exclusions: Exclusions | undefined
): Promise<ExcludedProduct[]> {
  if (!hasExclusions(exclusions)) {
    return []
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
  return excludedProducts(products, exclusions)
}
