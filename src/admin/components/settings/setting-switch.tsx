import { Controller } from "react-hook-form"
import type { SwitchKey } from "../../../lib/settings/switches"
import type { SectionProps } from "../../lib/settings-form"
import { SwitchField } from "../common/field"
import { SourceHint } from "./source-hint"

/** A switch setting (lib/settings/switches.ts) as a form field, with where its value comes from. */
export function SettingSwitch({
  form,
  settings,
  name,
  id,
  label,
  description,
}: SectionProps & { name: SwitchKey; id: string; label: string; description: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SwitchField
          id={id}
          label={label}
          description={description}
          checked={field.value}
          onChange={field.onChange}
          hint={<SourceHint source={settings.source[name] ?? null} />}
        />
      )}
    />
  )
}
