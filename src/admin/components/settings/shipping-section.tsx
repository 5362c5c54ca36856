import { Alert, Text } from "@medusajs/ui"
import { Controller, type UseFormReturn } from "react-hook-form"
import { useShippingOptions } from "../../hooks/use-settings"
import { useBnplI18n } from "../../lib/i18n"
import { errorMessage } from "../../lib/sdk"
import { type SectionProps, type SettingsFormValues, withOverride } from "../../lib/settings-form"
import { Section } from "../common/section"
import { SettingSwitch } from "./setting-switch"
import { ShippingOptionsTable } from "./shipping-options-table"

/** The shipping sync: on or off, and what each shipping option is sent as. */
export function ShippingSection({ form, settings }: SectionProps) {
  const { t } = useBnplI18n()
  return (
    <Section title={t("settings.shipping.title")} description={t("settings.shipping.description")}>
      <SettingSwitch
        form={form}
        settings={settings}
        name="shipping_sync_enabled"
        id="bnpl-shipping-sync"
        label={t("settings.shipping.sync")}
        description={t("settings.shipping.syncDescription")}
      />
      <ShippingOptions form={form} />
    </Section>
  )
}

function ShippingOptions({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  const { t } = useBnplI18n()
  const { data: options = [], isLoading, isError, error } = useShippingOptions()
  return (
    <div className="flex flex-col gap-y-2 py-4" data-testid="bnpl-shipping-options">
      {isError ? (
        <div className="px-6">
          <Alert variant="error">{t("settings.shipping.loadError", { message: errorMessage(error, t) })}</Alert>
        </div>
      ) : null}
      {options.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6" data-testid="bnpl-shipping-options-empty">
          {isLoading ? t("settings.shipping.loadingOptions") : t("settings.shipping.noOptions")}
        </Text>
      ) : null}
      <Controller
        control={form.control}
        name="shipping_method_overrides"
        render={({ field }) => (
          <ShippingOptionsTable
            options={options}
            overrides={field.value}
            setOverride={(optionId, change) => field.onChange(withOverride(field.value, optionId, change))}
          />
        )}
      />
    </div>
  )
}
