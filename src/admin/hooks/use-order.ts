import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { OrderView, ShippingSyncAnswer } from "../../lib/http-types"
import { useBnplI18n, type Translate } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"

const orderKey = (orderId: string) => ["bnpl", "order", orderId]

/** `GET /admin/bnpl/orders/:id`: the order's service payment and its shipping sync log. */
export const useOrderView = (orderId: string) =>
  useQuery({
    queryKey: orderKey(orderId),
    queryFn: () => sdk.client.fetch<{ bnpl_order: OrderView }>(`/admin/bnpl/orders/${orderId}`),
  })

/** The push's outcome in the merchant's words: not accepted yet, nothing sent, or done. */
function sayOutcome(sync: ShippingSyncAnswer["sync"], t: Translate) {
  const status = sync?.status
  if (status === "failed" || status === "pending") {
    toast.warning(t("order.sync.toast.notYet"), {
      description: sync?.last_error ?? t("order.sync.toast.notYetDescription"),
    })
  } else if (status === "skipped") {
    toast.info(t("order.sync.toast.nothingSent"), {
      description: sync?.last_error ?? t("order.sync.toast.nothingSentDescription"),
    })
  } else {
    toast.success(status === "unchanged" ? t("order.sync.toast.upToDate") : t("order.sync.toast.sent"))
  }
}

/** "Push again" (`POST /admin/bnpl/orders/:id/shipping-sync`): the answer holds the order's new view. */
export function usePushShippingSync(orderId: string) {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<ShippingSyncAnswer>(`/admin/bnpl/orders/${orderId}/shipping-sync`, { method: "POST" }),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKey(orderId), { bnpl_order: answer.bnpl_order })
      sayOutcome(answer.sync, t)
    },
    onError: (e) => {
      toast.error(t("order.sync.toast.failed"), { description: errorMessage(e, t) })
      void queryClient.invalidateQueries({ queryKey: orderKey(orderId) })
    },
  })
}
