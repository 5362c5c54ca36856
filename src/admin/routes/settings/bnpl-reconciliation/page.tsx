import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Alert, Text } from "@medusajs/ui"
import { useSearchParams } from "react-router-dom"
import { ReconciliationSummary } from "../../../components/reconciliation/reconciliation-summary"
import { ReconciliationTable } from "../../../components/reconciliation/reconciliation-table"
import { useReconciliation } from "../../../hooks/use-reconciliation"
import { SettingsPage } from "../../../components/common/section"
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
    <SettingsPage title={t("reconciliation.title")} intro={t("reconciliation.intro")} testId="bnpl-reconciliation">
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
    </SettingsPage>
  )
}

export const config = defineRouteConfig({ label: "menu.reconciliation", translationNs: "bnpl" })

export default ReconciliationPage
