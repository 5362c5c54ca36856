import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Alert, Container, Heading, Text } from "@medusajs/ui"
import { useSearchParams } from "react-router-dom"
import { ReconciliationSummary } from "../../../components/reconciliation/reconciliation-summary"
import { ReconciliationTable } from "../../../components/reconciliation/reconciliation-table"
import { useReconciliation } from "../../../hooks/use-reconciliation"
import { useBnplI18n } from "../../../lib/i18n"
import { errorMessage } from "../../../lib/sdk"

/**
 * Settings > Instalment payments: reconciliation. Every instalment payment of the last 90 days as
 * the service and Medusa see it, the ones that differ first (`?all=true`: all of them), each
 * difference with its one safe action. The hourly check never moves money on its own.
 */
const ReconciliationPage = () => {
  const { t } = useBnplI18n()
  const [searchParams] = useSearchParams()
  const all = searchParams.get("all") === "true"
  const { data, isLoading, isError, error } = useReconciliation(all)
  const rows = data?.rows ?? []
  return (
    <Container className="divide-y p-0" data-testid="bnpl-reconciliation">
      <div className="px-6 py-4">
        <Heading>{t("reconciliation.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          {t("reconciliation.intro")}
        </Text>
      </div>
      <ReconciliationSummary view={data} all={all} />
      {isLoading ? (
        <Text className="px-6 py-4">{t("common.loading")}</Text>
      ) : isError ? (
        <div className="px-6 py-4">
          <Alert variant="error">{t("reconciliation.loadError", { message: errorMessage(error, t) })}</Alert>
        </div>
      ) : rows.length === 0 ? (
        <Text className="px-6 py-4" data-testid="bnpl-reconciliation-empty">
          {all ? t("reconciliation.emptyAll") : t("reconciliation.empty")}
        </Text>
      ) : (
        <ReconciliationTable rows={rows} all={all} />
      )}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "menu.reconciliation", translationNs: "bnpl" })

export default ReconciliationPage
