/**
 * Products the merchant excludes from instalment payment (gift cards, ...), by product
 * category (with its sub-categories), collection, type, tag or shipping profile. Pure: the
 * cart's products come in as facts read by the caller.
 */
export type Exclusions = {
  product_category_ids?: string[]
  product_collection_ids?: string[]
  product_type_ids?: string[]
  product_tag_ids?: string[]
  shipping_profile_ids?: string[]
}

export const EXCLUSION_FIELDS = [
  "product_category_ids",
  "product_collection_ids",
  "product_type_ids",
  "product_tag_ids",
  "shipping_profile_ids",
] as const

type Named = { id: string; name?: string | null }

/** What is known of a cart's product (query.graph on the cart's items). */
export type ProductFacts = {
  id: string
  title?: string | null
  /** `mpath`: the category's ancestors and itself ("pcat_1.pcat_2"), so a parent's exclusion applies. */
  categories?: (Named & { mpath?: string | null })[] | null
  collection?: Named | null
  type?: Named | null
  tags?: Named[] | null
  shipping_profile?: Named | null
}

export type ExclusionKind =
  "product_category" | "product_collection" | "product_type" | "product_tag" | "shipping_profile"

/** One product of the cart that cannot be paid in instalments, and the rule that excludes it. */
export type ExcludedProduct = {
  product_id: string
  title: string | null
  excluded_by: { kind: ExclusionKind; id: string; name: string | null }
}

const KIND_WORDS: Record<ExclusionKind, string> = {
  product_category: "category",
  product_collection: "collection",
  product_type: "product type",
  product_tag: "tag",
  shipping_profile: "shipping profile",
}

/**
 * What an exclusion check of a cart depends on that a cart mutation can change: its products
 * (sorted, with repeats: the same products in another order are the same cart) and the rules.
 */
export function exclusionCheckKey(
  productIds: (string | null | undefined)[],
  exclusions: Exclusions | undefined
): string {
  const ids = productIds.filter((id): id is string => !!id).sort()
  return JSON.stringify([ids, exclusions ?? {}])
}

export const hasExclusions = (exclusions: Exclusions | undefined): boolean =>
  !!exclusions && EXCLUSION_FIELDS.some((field) => (exclusions[field]?.length ?? 0) > 0)

/** The first rule that excludes a product, if any. */
function ruleFor(product: ProductFacts, exclusions: Exclusions): ExcludedProduct["excluded_by"] | undefined {
  const has = (field: (typeof EXCLUSION_FIELDS)[number], id: string | undefined | null) =>
    !!id && !!exclusions[field]?.includes(id)
  const named = (kind: ExclusionKind, thing: Named, id = thing.id) => ({ kind, id, name: thing.name ?? null })
  if (product.shipping_profile && has("shipping_profile_ids", product.shipping_profile.id)) {
    return named("shipping_profile", product.shipping_profile)
  }
  for (const category of product.categories ?? []) {
    const lineage = (category.mpath || category.id).split(".")
    const excluded = lineage.find((id) => has("product_category_ids", id))
    if (excluded) {
      return named("product_category", category, excluded)
    }
  }
  if (product.collection && has("product_collection_ids", product.collection.id)) {
    return named("product_collection", product.collection)
  }
  if (product.type && has("product_type_ids", product.type.id)) {
    return named("product_type", product.type)
  }
  const tag = (product.tags ?? []).find((t) => has("product_tag_ids", t.id))
  return tag ? named("product_tag", tag) : undefined
}

/** The cart's products that the merchant excluded (each once). */
export function excludedProducts(products: ProductFacts[], exclusions: Exclusions | undefined): ExcludedProduct[] {
  if (!hasExclusions(exclusions)) {
    return []
  }
  const seen = new Set<string>()
  const out: ExcludedProduct[] = []
  for (const product of products) {
    if (seen.has(product.id)) continue
    seen.add(product.id)
    const rule = ruleFor(product, exclusions!)
    if (rule) {
      out.push({ product_id: product.id, title: product.title ?? null, excluded_by: rule })
    }
  }
  return out
}

/**
 * What the storefront shows and the provider answers:
 * `Instalment payment is not available for "Gift card" (shipping profile "Gift cards")`.
 */
export function exclusionMessage(excluded: ExcludedProduct[]): string {
  const parts = excluded.map(({ title, product_id, excluded_by }) => {
    const rule = `${KIND_WORDS[excluded_by.kind]} "${excluded_by.name ?? excluded_by.id}"`
    return `"${title ?? product_id}" (${rule})`
  })
  return `Instalment payment is not available for ${parts.join(", ")}`
}

/** Problems of an exclusions object (options `exclusions`, settings `exclusions`), naming the field. */
export function exclusionsProblems(value: unknown, field: string): string[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return [`${field} must be an object like {"shipping_profile_ids": ["sp_..."]}`]
  }
  const problems: string[] = []
  const entries = Object.entries(value as Record<string, unknown>)
  const unknown = entries.map(([k]) => k).filter((k) => !(EXCLUSION_FIELDS as readonly string[]).includes(k))
  if (unknown.length) {
    problems.push(`${field} has unknown fields: ${unknown.join(", ")} (allowed: ${EXCLUSION_FIELDS.join(", ")})`)
  }
  for (const [key, ids] of entries) {
    if (unknown.includes(key)) continue
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string" || !id.trim() || id.length > 200)) {
      problems.push(`${field}.${key} must be a list of ids (strings), got ${JSON.stringify(ids)?.slice(0, 80)}`)
    } else if (ids.length > 500) {
      problems.push(`${field}.${key} lists more than 500 ids`)
    }
  }
  return problems
}

/** Trimmed ids, no duplicates, empty lists dropped. */
export function normalizeExclusions(exclusions: Exclusions): Exclusions {
  const out: Exclusions = {}
  for (const field of EXCLUSION_FIELDS) {
    const ids = [...new Set((exclusions[field] ?? []).map((id) => id.trim()))]
    if (ids.length) out[field] = ids
  }
  return out
}
