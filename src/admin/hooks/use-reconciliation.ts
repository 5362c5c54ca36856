import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query"
import type {
  MessagePushAnswer,
  ReconciliationDriftView,
  ReconciliationRowView,
  ReconciliationView,
} from "../../lib/http/http-types"
import { useBnplI18n } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"
import { orderKey } from "./use-order"

const ROUTE = "/admin/bnpl/reconciliation"
const RECONCILIATION_KEY = ["bnpl", "reconciliation"]
/** use-orders-to-ship.ts's key: a started payment leaves that list. */
const ORDERS_TO_SHIP_KEY = ["bnpl", "orders-to-ship"]

export type ReconciliationAction = NonNullable<ReconciliationDriftView["action"]>

const reconciliationKey = (all: boolean) => [...RECONCILIATION_KEY, all ? "all" : "differences"]

const statusOf = (error: unknown) =>
  error && typeof error === "object" ? (error as { status?: number }).status : undefined

/**
 * `GET /admin/bnpl/reconciliation`: the payments of the last 90 days where the service and Medusa
 * differ, or (`all`) every payment compared, newest first.
 */
export const useReconciliation = (all: boolean) =>
  useQuery({
    queryKey: reconciliationKey(all),
    queryFn: () => sdk.client.fetch<ReconciliationView>(all ? `${ROUTE}?all=true` : ROUTE),
  })

/** Both lists (differences, all) with the row the backend answered in place of its old one. */
function replaceRow(queryClient: QueryClient, row: ReconciliationRowView) {
  for (const all of [false, true]) {
    queryClient.setQueryData<ReconciliationView>(reconciliationKey(all), (view) => {
      if (!view) {
        return view
      }
      const rows = view.rows.flatMap((r) =>
        r.bnpl_payment_id !== row.bnpl_payment_id ? [r] : all || row.drifts.length ? [row] : []
      )
      return { ...view, rows }
    })
  }
}

/**
 * "Check now" (`POST /admin/bnpl/reconciliation/run`): both sides compared again at once; a toast
 * with how many differ, or why it could not run (429: checked moments ago).
 */
export function useRunReconciliation() {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => sdk.client.fetch<ReconciliationView>(`${ROUTE}/run`, { method: "POST", body: {} }),
    onSuccess: (view) => {
      toast.success(t("reconciliation.toast.checked"), {
        description: [
          t("reconciliation.compared", { count: view.checked }),
          t("reconciliation.differing", { count: view.differing }),
        ].join(" · "),
      })
    },
    onError: (error) => {
      if (statusOf(error) === 429) {
        toast.info(t("reconciliation.toast.tooSoon"), { description: errorMessage(error, t) })
      } else {
        toast.error(t("reconciliation.toast.checkFailed"), { description: errorMessage(error, t) })
      }
    },
    // Returned: the button stays busy until the lists show the new comparison.
    onSettled: () => queryClient.invalidateQueries({ queryKey: RECONCILIATION_KEY }),
  })
}

/**
 * What an action answers: the payment's row compared again (`null` once it left the list), or,
 * for "Start the payment" when the backend hands it to the order's own start, that start's answer.
 */
type ActionAnswer = { row?: ReconciliationRowView | null } & Partial<Pick<MessagePushAnswer, "message">>

/**
 * One drift's action (`POST /admin/bnpl/reconciliation/:bnpl_payment_id/actions`): record the
 * service's refund in Medusa, refund at the service what Medusa recorded, or start the payment.
 * A toast says it was done, or why not (409: the difference is no longer there; 429: tried
 * moments ago); then the lists, the order's own view and the orders to ship are read again.
 */
export function useReconciliationAction(row: ReconciliationRowView) {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: ReconciliationAction) =>
      sdk.client.fetch<ActionAnswer>(`${ROUTE}/${encodeURIComponent(row.bnpl_payment_id)}/actions`, {
        method: "POST",
        body: { action },
      }),
    onSuccess: (answer, action) => {
      const kept = answer?.row
      if (kept) {
        replaceRow(queryClient, kept)
      }
      const started = answer?.message
      if (started && started.status !== "accepted") {
        // The service did not accept the start (yet): its reason, as on the order's page.
        toast.warning(t("reconciliation.toast.stillThere"), {
          description: started.last_error ?? t("reconciliation.toast.stillThereDescription"),
        })
      } else if (kept?.drifts.some((d) => d.action === action)) {
        toast.warning(t("reconciliation.toast.stillThere"), {
          description: t("reconciliation.toast.stillThereDescription"),
        })
      } else {
        toast.success(t(`reconciliation.action.${action}.done`))
      }
    },
    onError: (error, action) => {
      const status = statusOf(error)
      if (status === 409) {
        toast.info(t("reconciliation.toast.gone"), { description: errorMessage(error, t) })
      } else if (status === 429) {
        toast.info(t("reconciliation.toast.tooSoon"), { description: errorMessage(error, t) })
      } else {
        toast.error(t(`reconciliation.action.${action}.failed`), { description: errorMessage(error, t) })
      }
    },
    // Returned: the button stays busy until the lists show the outcome.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RECONCILIATION_KEY }),
        ...(row.order_id ? [queryClient.invalidateQueries({ queryKey: orderKey(row.order_id) })] : []),
        queryClient.invalidateQueries({ queryKey: ORDERS_TO_SHIP_KEY }),
      ]),
  })
}
