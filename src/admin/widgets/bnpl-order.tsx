import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { LoadErrorCard } from "../components/common/load-error-card"
import { PaymentCard } from "../components/order/payment-card"
import { PaymentLinkCard } from "../components/order/payment-link-card"
import { TimelineCard } from "../components/order/timeline-card"
import { useOrderView } from "../hooks/use-order"
import { useBnplI18n } from "../lib/i18n"
import { errorMessage } from "../lib/sdk"
import { failedTrigger, orderNumber } from "../lib/start-payment"

/**
 * On an order paid in instalments: the service payment, and what the service was told about the
 * order. On any order that owes money on a collection of its own: the instalment payment link.
 */
const BnplOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => (
  <div className="flex flex-col gap-y-3">
    <PaymentLinkCard orderId={order.id} orderNumber={orderNumber(order.display_id, order.id)} />
    <InstalmentPayment order={order} />
  </div>
)

function InstalmentPayment({ order }: { order: AdminOrder }) {
  const { t } = useBnplI18n()
  const { data, isLoading, isError, error } = useOrderView(order.id)
  if (isLoading) {
    return null
  }
  if (isError) {
    return (
      <LoadErrorCard title={t("order.title")} message={t("order.loadError", { message: errorMessage(error, t) })} />
    )
  }
  const view = data?.bnpl_order
  if (!view || !view.paid_with_bnpl) {
    return null
  }
  // Pay at shipment, not started, its latest trigger failed: why, and "Start the payment".
  const refused = failedTrigger(view.payment, view.messages)
  const notStarted = refused
    ? { orderId: order.id, orderNumber: orderNumber(order.display_id, order.id), reason: refused.last_error }
    : undefined
  return (
    <div className="flex flex-col gap-y-3" data-testid="bnpl-order-widget">
      <PaymentCard payment={view.payment} notStarted={notStarted} />
      <TimelineCard
        orderId={order.id}
        messages={view.messages}
        events={view.events}
        currency={view.payment.currency_code}
      />
    </div>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.after",
  id: "medusa-plugin-bnpl:order",
})

export default BnplOrderWidget
