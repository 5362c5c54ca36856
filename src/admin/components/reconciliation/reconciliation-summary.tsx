import { Button, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { ReconciliationView } from "../../../lib/http/http-types"
import { useRunReconciliation } from "../../hooks/use-reconciliation"
import { formatDate } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"

/**
 * The last check (when, payments compared, how many differ), "Check now", and the switch between
 * the differences and every payment compared (`?all=true`, so a reload or a shared link keeps it).
 */
export function ReconciliationSummary({ view, all }: { view: ReconciliationView | undefined; all: boolean }) {
  const { t, locale } = useBnplI18n()
  const run = useRunReconciliation()
  const parts = view
    ? view.last_run_at
      ? [
          t("reconciliation.lastRun", { date: formatDate(view.last_run_at, locale, true) }),
          t("reconciliation.compared", { count: view.checked }),
          t("reconciliation.differing", { count: view.differing }),
        ]
      : [t("reconciliation.neverRun")]
    : []
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-6 py-4">
      <Text size="small" aria-live="polite" data-testid="bnpl-reconciliation-summary">
        {parts.join(" · ")}
      </Text>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link
          to={{ search: all ? "" : "?all=true" }}
          className="text-ui-fg-base txt-compact-small underline"
          data-testid="bnpl-reconciliation-toggle"
        >
          {all ? t("reconciliation.onlyDifferences") : t("reconciliation.showAll")}
        </Link>
        <Button
          type="button"
          size="small"
          variant="secondary"
          isLoading={run.isPending}
          disabled={run.isPending}
          aria-busy={run.isPending}
          onClick={() => run.mutate()}
          data-testid="bnpl-reconciliation-run"
        >
          {t("reconciliation.checkNow")}
        </Button>
      </div>
    </div>
  )
}
