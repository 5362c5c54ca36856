import { Controller } from "react-hook-form"
import { useBnplI18n } from "../../lib/i18n"
import type { SectionProps } from "../../lib/settings-form"
import { Section } from "../common/section"
import { ExcludedProducts } from "./excluded-products"
import { SourceHint } from "./source-hint"

/** Products that can never be paid in instalments. */
export function ExclusionsSection({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  return (
    <Section title={t("settings.exclusions.title")} description={t("settings.exclusions.description")}>
      <Controller
        control={form.control}
        name="exclusions"
        render={({ field }) => <ExcludedProducts value={field.value} onChange={field.onChange} />}
      />
      <div className="px-6 py-3">
        <SourceHint source={settings.source.exclusions ?? null} />
      </div>
    </Section>
  )
}
