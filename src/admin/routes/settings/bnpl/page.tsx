import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Alert, Text } from "@medusajs/ui"
import { PageMessage } from "../../../components/common/section"
import { SettingsForm } from "../../../components/settings/settings-form"
import { useSettings } from "../../../hooks/use-settings"
import { useBnplI18n } from "../../../lib/i18n"
import { errorMessage } from "../../../lib/sdk"

/** Settings > Instalment payments: the accounts, the plans offered, and the shipping sync. */
const BnplSettingsPage = () => {
  const { t } = useBnplI18n()
  const { data, isError, error } = useSettings()
  if (isError) {
    return (
      <PageMessage title={t("settings.title")}>
        <Alert variant="error" className="mt-4">
          {t("settings.loadError", { message: errorMessage(error, t) })}
        </Alert>
      </PageMessage>
    )
  }
  if (!data) {
    return (
      <PageMessage title={t("settings.title")}>
        <Text size="small" className="text-ui-fg-subtle mt-2">
          {t("common.loading")}
        </Text>
      </PageMessage>
    )
  }
  return <SettingsForm settings={data.settings} />
}

// The sidebar label is a key of the `bnpl` namespace (src/admin/i18n), translated by the dashboard.
export const config = defineRouteConfig({
  label: "menu.label",
  translationNs: "bnpl",
  icon: CreditCard,
})

export default BnplSettingsPage
