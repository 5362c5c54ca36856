import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"
import { PaymentsTable } from "../../../components/payments/payments-table"
import { usePaymentsWithoutOrder } from "../../../hooks/use-payments"
import { useBnplI18n } from "../../../lib/i18n"

/** Settings > Instalment payments without an order: what the plugin cancels or refunds on its own. */
const PaymentsWithoutOrderPage = () => {
  const { t } = useBnplI18n()
  const { data, isLoading } = usePaymentsWithoutOrder()
  const payments = data?.payments ?? []
  return (
    <Container className="divide-y p-0" data-testid="bnpl-payments">
      <div className="px-6 py-4">
        <Heading>{t("payments.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          {t("payments.intro")}
        </Text>
      </div>
      {isLoading ? (
        <Text className="px-6 py-4">{t("common.loading")}</Text>
      ) : payments.length === 0 ? (
        <Text className="px-6 py-4">{t("payments.empty")}</Text>
      ) : (
        <PaymentsTable payments={payments} />
      )}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "menu.payments", translationNs: "bnpl" })

export default PaymentsWithoutOrderPage
