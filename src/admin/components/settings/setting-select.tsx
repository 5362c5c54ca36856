import { Select } from "@medusajs/ui"
import { Controller, type UseFormReturn } from "react-hook-form"
import type { SettingsFormValues } from "../../lib/settings-form"
import { describedBy } from "../common/field"

/**
 * A setting chosen from a short list, inside a `Field` whose `htmlFor` is `id` (also the test id):
 * the trigger is described by the field's note, and its hint with `hint`.
 */
export function SettingSelect({
  form,
  name,
  id,
  values,
  labelOf,
  hint = false,
}: {
  form: UseFormReturn<SettingsFormValues>
  name: "mode" | "eligibility_api"
  id: string
  values: readonly string[]
  labelOf: (value: string) => string
  hint?: boolean
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange}>
          <Select.Trigger id={id} data-testid={id} aria-describedby={describedBy(id, { hint, note: true })}>
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            {values.map((value) => (
              <Select.Item key={value} value={value}>
                {labelOf(value)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      )}
    />
  )
}
