import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { MessagePushAnswer, OrderToShipView } from "../../lib/http/http-types"
import { useBnplI18n } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"
import { orderKey } from "./use-order"

const ordersToShipKey = ["bnpl", "orders-to-ship"]

/**
 * `GET /admin/bnpl/orders-to-ship`: pay-at-shipment orders not shipped yet, nearest deadline
 * first; read again every 10 s while a payment is starting, so the row says how it ended.
 */
export const useOrdersToShip = () =>
  useQuery({
    queryKey: ordersToShipKey,
    queryFn: () => sdk.client.fetch<{ orders: OrderToShipView[] }>("/admin/bnpl/orders-to-ship"),
    refetchInterval: (query) => (query.state.data?.orders.some((o) => o.state === "starting") ? 10_000 : false),
  })

/**
 * "Start the payment" (`POST /admin/bnpl/orders/:id/start-payment`) of a pay-at-shipment order
 * whose trigger was refused or given up: the service's answer, or the refusal (started already,
 * nothing to start, tried moments ago) in the backend's words; then the list and the order read again.
 */
export function useStartPayment(orderId: string) {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<MessagePushAnswer>(`/admin/bnpl/orders/${orderId}/start-payment`, { method: "POST" }),
    onSuccess: (answer) => {
      if (answer.message?.status === "accepted") {
        toast.success(t("startPayment.toast.started"))
      } else {
        toast.warning(t("startPayment.toast.notYet"), {
          description: answer.message?.last_error ?? t("startPayment.toast.notYetDescription"),
        })
      }
    },
    onError: (e) => {
      toast.error(t("startPayment.toast.failed"), { description: errorMessage(e, t) })
    },
    // Returned: the button stays busy until both show the new state.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersToShipKey }),
        queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
      ]),
  })
}
