import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { PaymentWithoutOrderView } from "../../lib/http/http-types"
import { useBnplI18n } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"

const PAYMENTS_KEY = ["bnpl", "payments"]

/** `GET /admin/bnpl/payments`: service payments that did not end in an order. */
export const usePaymentsWithoutOrder = () =>
  useQuery({
    queryKey: PAYMENTS_KEY,
    queryFn: () => sdk.client.fetch<{ payments: PaymentWithoutOrderView[] }>("/admin/bnpl/payments"),
  })

/** "Try again": settle one payment now (cancel or refund it at the service). */
export function useSettlePayment() {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => sdk.client.fetch(`/admin/bnpl/payments/${id}/settle`, { method: "POST" }),
    onSuccess: () => toast.success(t("payments.retried")),
    onError: (error) => toast.error(errorMessage(error, t)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  })
}
