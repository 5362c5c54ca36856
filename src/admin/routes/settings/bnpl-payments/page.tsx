import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Text } from "@medusajs/ui"
import { PaymentsTable } from "../../../components/payments/payments-table"
import { usePaymentsWithoutOrder } from "../../../hooks/use-payments"
import { SettingsPage } from "../../../components/common/section"
import { useBnplI18n } from "../../../lib/i18n"

/** Settings > Instalment payments without an order: what the plugin cancels or refunds on its own. */
const PaymentsWithoutOrderPage = () => {
  const { t } = useBnplI18n()
  const { data, isLoading } = usePaymentsWithoutOrder()
  const payments = data?.payments ?? []
  return (
    <SettingsPage title={t("payments.title")} intro={t("payments.intro")} testId="bnpl-payments">
      {isLoading ? (
        <Text className="px-6 py-4">{t("common.loading")}</Text>
      ) : payments.length === 0 ? (
        <Text className="px-6 py-4">{t("payments.empty")}</Text>
      ) : (
        <PaymentsTable payments={payments} />
      )}
    </SettingsPage>
  )
}

export const config = defineRouteConfig({ label: "menu.payments", translationNs: "bnpl" })

export default PaymentsWithoutOrderPage
