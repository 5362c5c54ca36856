import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { PaymentLinksAnswer, PaymentLinksView } from "../../lib/http/http-types"
import { useBnplI18n } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"

const linksKey = (orderId: string) => ["bnpl", "payment-links", orderId]

/** `GET /admin/bnpl/orders/:id/payment-links`: what the order owes and its instalment links. */
export const usePaymentLinks = (orderId: string) =>
  useQuery({
    queryKey: linksKey(orderId),
    queryFn: () => sdk.client.fetch<{ payment_links: PaymentLinksView }>(`/admin/bnpl/orders/${orderId}/payment-links`),
  })

/** "Send by e-mail" / "Send again" and "Cancel the link": the answer holds the order's links anew. */
export function usePaymentLinkAction(orderId: string) {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, collectionId }: { action: "send" | "cancel"; collectionId: string }) =>
      action === "send"
        ? sdk.client.fetch<PaymentLinksAnswer>(`/admin/bnpl/orders/${orderId}/payment-links`, {
            method: "POST",
            body: { payment_collection_id: collectionId },
          })
        : sdk.client.fetch<PaymentLinksAnswer>(`/admin/bnpl/orders/${orderId}/payment-links/${collectionId}/cancel`, {
            method: "POST",
          }),
    onSuccess: (answer, { action }) => {
      queryClient.setQueryData(linksKey(orderId), { payment_links: answer.payment_links })
      if (action === "send" && answer.sent) {
        toast.success(t("paymentLink.toast.sent", { to: answer.sent.to }))
      } else if (action === "cancel") {
        toast.success(answer.closed ? t("paymentLink.toast.cancelled") : t("paymentLink.toast.cancelledLater"))
      }
    },
    onError: (e) => {
      toast.error(t("paymentLink.toast.failed"), { description: errorMessage(e, t) })
      void queryClient.invalidateQueries({ queryKey: linksKey(orderId) })
    },
  })
}
