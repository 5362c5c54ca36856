import { Button, Container, Text } from "@medusajs/ui"
import { useWatch, type UseFormReturn } from "react-hook-form"
import type { SettingsView } from "../../../lib/http/http-types"
import { useBnplI18n } from "../../lib/i18n"
import { changesOf } from "../../lib/settings-changes"
import type { SettingsFormValues } from "../../lib/settings-form"

type Props = {
  form: UseFormReturn<SettingsFormValues>
  settings: SettingsView
  isSaving: boolean
  onSave: () => void
  onDiscard: () => void
}

/** What is not saved yet, Discard and Save (both off while nothing changed). */
export function SaveBar({ form, settings, isSaving, onSave, onDiscard }: Props) {
  const { t } = useBnplI18n()
  const values = useWatch({ control: form.control }) as SettingsFormValues
  const changed = Object.keys(changesOf(values, settings))
  const dirty = changed.length > 0
  return (
    <Container className="flex items-center justify-end gap-x-2 px-6 py-4">
      {dirty ? (
        <Text size="small" className="text-ui-fg-subtle mr-auto">
          {t("settings.footer.unsaved", { fields: changed.map((k) => t(`settings.fields.${k}`)).join(", ") })}
        </Text>
      ) : null}
      <Button size="small" variant="secondary" disabled={!dirty || isSaving} onClick={onDiscard}>
        {t("settings.footer.discard")}
      </Button>
      <Button size="small" disabled={!dirty} isLoading={isSaving} onClick={onSave} data-testid="bnpl-save">
        {t("settings.footer.save")}
      </Button>
    </Container>
  )
}
