import type { UseFormReturn } from "react-hook-form"
import { MODES } from "../../../lib/settings/mode"
import { useBnplI18n } from "../../lib/i18n"
import type { SettingsFormValues } from "../../lib/settings-form"
import { Field } from "../common/field"
import { Section } from "../common/section"
import { SettingSelect } from "./setting-select"

/** Which account new payments use. */
export function ModeSection({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  const { t } = useBnplI18n()
  return (
    <Section title={t("settings.mode.title")} description={t("settings.mode.description")}>
      <Field label={t("settings.mode.label")} htmlFor="bnpl-mode" note={t("settings.mode.hint")}>
        <SettingSelect
          form={form}
          name="mode"
          id="bnpl-mode"
          values={MODES}
          labelOf={(mode) => t(`settings.mode.${mode}`)}
        />
      </Field>
    </Section>
  )
}
