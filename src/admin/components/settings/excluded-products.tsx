import { XMarkMini } from "@medusajs/icons"
import { Badge, Label, Select, Text } from "@medusajs/ui"
import type { Exclusions } from "../../../lib/eligibility/exclusions"
import { CHOICE_SOURCES, useExclusionChoices, type ExclusionField } from "../../hooks/use-exclusion-choices"
import { useBnplI18n } from "../../lib/i18n"

const FIELDS = Object.keys(CHOICE_SOURCES) as ExclusionField[]

function ExclusionRow({
  field,
  ids,
  onChange,
}: {
  field: ExclusionField
  ids: string[]
  onChange: (ids: string[]) => void
}) {
  const { t } = useBnplI18n()
  const choices = useExclusionChoices(field)
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
      {FIELDS.map((field) => (
        <ExclusionRow
          key={field}
          field={field}
          ids={value[field] ?? []}
          onChange={(ids) => onChange({ ...value, [field]: ids })}
        />
      ))}
    </div>
  )
}
