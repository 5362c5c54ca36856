import { zodResolver } from "@hookform/resolvers/zod"
import { Alert } from "@medusajs/ui"
import { useForm } from "react-hook-form"
import type { SettingsView } from "../../../lib/http/http-types"
import { MODES } from "../../../lib/settings/mode"
import { useSaveSettings, useVerifyAccount } from "../../hooks/use-settings"
import { changesOf } from "../../lib/settings-changes"
import { formFrom, settingsFormSchema, type SettingsFormValues } from "../../lib/settings-form"
import { AccountSection } from "./account-section"
import { ExclusionsSection } from "./exclusions-section"
import { LegalSection } from "./legal-section"
import { MedusaVersionLine } from "./medusa-version-line"
import { ModeSection } from "./mode-section"
import { PaymentsSection } from "./payments-section"
import { PlansSection } from "./plans-section"
import { SaveBar } from "./save-bar"
import { SettingsHeader } from "./settings-header"
import { ShippingSection } from "./shipping-section"

/** The settings as a form: one section per concern; Save sends only what changed. */
export function SettingsForm({ settings }: { settings: SettingsView }) {
  const form = useForm<SettingsFormValues>({
    defaultValues: formFrom(settings),
    resolver: zodResolver(settingsFormSchema),
  })
  const verify = useVerifyAccount()
  const saving = useSaveSettings((saved, removed) => {
    // What is saved is what the form now starts from; typed keys are cleared.
    form.reset(formFrom(saved))
    if (removed) {
      verify.forget(removed)
    }
  })
  const save = form.handleSubmit((values) => saving.save(changesOf(values, settings)))
  const discard = () => {
    form.reset(formFrom(settings))
    saving.clearError()
  }
  return (
    <div className="flex flex-col gap-y-3" data-testid="bnpl-settings">
      <SettingsHeader settings={settings} />
      {settings.medusa_version_problem ? (
        // The server's own words (its start-up log line): why no new instalment payment is taken.
        <Alert variant="error" data-testid="bnpl-medusa-version-problem">
          {settings.medusa_version_problem}
        </Alert>
      ) : null}
      {saving.error ? (
        <Alert variant="error" dismissible data-testid="bnpl-save-error">
          {saving.error}
        </Alert>
      ) : null}
      <ModeSection form={form} />
      {MODES.map((mode) => (
        <AccountSection key={mode} mode={mode} form={form} settings={settings} verify={verify} saving={saving} />
      ))}
      <PlansSection form={form} settings={settings} />
      <ExclusionsSection form={form} settings={settings} />
      <LegalSection form={form} settings={settings} />
      <PaymentsSection form={form} settings={settings} />
      <ShippingSection form={form} settings={settings} />
      <SaveBar form={form} settings={settings} isSaving={saving.isSaving} onSave={save} onDiscard={discard} />
      <MedusaVersionLine settings={settings} />
    </div>
  )
}
