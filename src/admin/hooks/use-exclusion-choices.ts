import { useQuery } from "@tanstack/react-query"
import type { Exclusions } from "../../lib/eligibility/exclusions"
import { sdk } from "../lib/sdk"

export type Choice = { id: string; label: string }
export type ExclusionField = keyof Exclusions

/**
 * Where each kind of exclusion finds its choices in Medusa's own admin API. Its keys' order is
 * the order the picker shows them in.
 */
export const CHOICE_SOURCES: Record<
  ExclusionField,
  { path: string; key: string; fields: string; label: (row: any) => string }
> = {
  shipping_profile_ids: {
    path: "/admin/shipping-profiles",
    key: "shipping_profiles",
    fields: "id,name",
    label: (r) => r.name,
  },
  product_category_ids: {
    path: "/admin/product-categories",
    key: "product_categories",
    fields: "id,name",
    label: (r) => r.name,
  },
  product_collection_ids: { path: "/admin/collections", key: "collections", fields: "id,title", label: (r) => r.title },
  product_type_ids: { path: "/admin/product-types", key: "product_types", fields: "id,value", label: (r) => r.value },
  product_tag_ids: { path: "/admin/product-tags", key: "product_tags", fields: "id,value", label: (r) => r.value },
}

/** The store's shipping profiles, categories, ... that can be excluded, with their names. */
export function useExclusionChoices(field: ExclusionField) {
  const source = CHOICE_SOURCES[field]
  return useQuery({
    queryKey: ["bnpl", "exclusion-choices", field],
    queryFn: async (): Promise<Choice[]> => {
      const answer = await sdk.client.fetch<Record<string, any[]>>(source.path, {
        query: { limit: 500, fields: source.fields },
      })
      return (answer[source.key] ?? []).map((row) => ({ id: row.id, label: source.label(row) || row.id }))
    },
  })
}
