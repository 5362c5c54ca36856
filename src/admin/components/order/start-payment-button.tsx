import { Button } from "@medusajs/ui"
import { useStartPayment } from "../../hooks/use-orders-to-ship"
import { useBnplI18n } from "../../lib/i18n"

/**
 * "Start the payment" of one order: its accessible name begins with the visible text and names
 * the order ("Start the payment of order #1042", WCAG 2.5.3); disabled while the call runs.
 */
export function StartPaymentButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const { t } = useBnplI18n()
  const start = useStartPayment(orderId)
  return (
    <Button
      type="button"
      size="small"
      variant="secondary"
      isLoading={start.isPending}
      aria-busy={start.isPending}
      onClick={() => start.mutate()}
      aria-label={t("startPayment.label", { order: orderNumber })}
      data-testid="bnpl-start-payment"
    >
      {t("startPayment.button")}
    </Button>
  )
}
