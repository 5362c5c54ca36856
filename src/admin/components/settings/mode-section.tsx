import { Select } from "@medusajs/ui"
import { Controller, type UseFormReturn } from "react-hook-form"
import { MODES } from "../../../lib/settings/mode"
import { useBnplI18n } from "../../lib/i18n"
import type { SettingsFormValues } from "../../lib/settings-form"
import { describedBy, Field } from "../common/field"
import { Section } from "../common/section"

/** Which account new payments use. */
export function ModeSection({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  const { t } = useBnplI18n()
  return (
    <Section title={t("settings.mode.title")} description={t("settings.mode.description")}>
      <Field label={t("settings.mode.label")} htmlFor="bnpl-mode" note={t("settings.mode.hint")}>
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <Select.Trigger
                id="bnpl-mode"
                data-testid="bnpl-mode"
                aria-describedby={describedBy("bnpl-mode", { note: true })}
              >
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {MODES.map((mode) => (
                  <Select.Item key={mode} value={mode}>
                    {t(`settings.mode.${mode}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          )}
        />
      </Field>
    </Section>
  )
}
