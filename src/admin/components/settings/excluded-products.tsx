import { XMarkMini } from "@medusajs/icons"
import { Badge, Label, Select, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useBnplI18n } from "../../lib/i18n"
import { sdk } from "../../lib/sdk"
import { EXCLUSION_FIELDS, type ExclusionField, type Exclusions } from "../../lib/types"

type Choice = { id: string; label: string }

/** Where each kind of exclusion finds its choices in Medusa's own admin API. */
const SOURCES: Record<ExclusionField, { path: string; key: string; fields: string; label: (row: any) => string }> = {
  shipping_profile_ids: { path: "/admin/shipping-profiles", key: "shipping_profiles", fields: "id,name", label: (r) => r.name },
  product_category_ids: { path: "/admin/product-categories", key: "product_categories", fields: "id,name", label: (r) => r.name },
  product_collection_ids: { path: "/admin/collections", key: "collections", fields: "id,title", label: (r) => r.title },
  product_type_ids: { path: "/admin/product-types", key: "product_types", fields: "id,value", label: (r) => r.value },
  product_tag_ids: { path: "/admin/product-tags", key: "product_tags", fields: "id,value", label: (r) => r.value },
}

function useChoices(field: ExclusionField) {
  const source = SOURCES[field]
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

function ExclusionRow({ field, ids, onChange }: { field: ExclusionField; ids: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useBnplI18n()
  const choices = useChoices(field)
  const labelOf = (id: string) => choices.data?.find((c) => c.id === id)?.label ?? id
  const available = (choices.data ?? []).filter((c) => !ids.includes(c.id))
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 px-6 py-4 md:grid-cols-[240px_1fr]" data-exclusion={field}>
      <Label size="small" weight="plus">
        {t(`settings.exclusions.${field}`)}
      </Label>
      <div className="flex flex-wrap items-center gap-2">
        {ids.map((id) => (
          <Badge key={id} size="small" className="gap-x-1" data-excluded-id={id}>
            {labelOf(id)}
            <button
              type="button"
              aria-label={t("settings.exclusions.remove", { name: labelOf(id) })}
              onClick={() => onChange(ids.filter((other) => other !== id))}
            >
              <XMarkMini />
            </button>
          </Badge>
        ))}
        <Select size="small" value="" onValueChange={(id) => id && onChange([...ids, id])} disabled={!available.length}>
          <Select.Trigger className="w-56" aria-label={t(`settings.exclusions.add_${field}`)}>
            <Select.Value placeholder={choices.isLoading ? t("common.loading") : t("settings.exclusions.add")} />
          </Select.Trigger>
          <Select.Content>
            {available.map((choice) => (
              <Select.Item key={choice.id} value={choice.id}>
                {choice.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
        {choices.isError ? (
          <Text size="xsmall" className="text-ui-fg-error">
            {t("settings.exclusions.loadError")}
          </Text>
        ) : null}
      </div>
    </div>
  )
}

/** The products never paid in instalments, by shipping profile, category, collection, type or tag. */
export function ExcludedProducts({ value, onChange }: { value: Exclusions; onChange: (value: Exclusions) => void }) {
  return (
    <div className="divide-y" data-testid="bnpl-exclusions">
      {EXCLUSION_FIELDS.map((field) => (
        <ExclusionRow key={field} field={field} ids={value[field] ?? []} onChange={(ids) => onChange({ ...value, [field]: ids })} />
      ))}
    </div>
  )
}
