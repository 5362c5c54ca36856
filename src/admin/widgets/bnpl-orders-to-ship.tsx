import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { StartPaymentButton } from "../components/order/start-payment-button"
import { useOrdersToShip } from "../hooks/use-orders-to-ship"
import { formatDate } from "../lib/format"
import { useBnplI18n } from "../lib/i18n"
import { canStartPayment, orderNumber, orderToShipBadge } from "../lib/start-payment"

/**
 * Above the orders list: pay-at-shipment orders whose payment starts only when they ship, the
 * nearest deadline first, each with its payment's state in words, why it is not started, and
 * "Start the payment" when the service refused it, the plugin gave it up or the deadline passed.
 * Nothing when there are none (or the list cannot be read).
 */
const BnplOrdersToShipWidget = () => {
  const { t, locale } = useBnplI18n()
  const { data } = useOrdersToShip()
  const orders = data?.orders ?? []
  if (!orders.length) {
    return null
  }
  return (
    <Container className="divide-y p-0" data-testid="bnpl-orders-to-ship">
      <div className="px-6 py-4">
        <Heading level="h2">{t("ordersToShip.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("ordersToShip.description")}
        </Text>
      </div>
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t("ordersToShip.order")}</Table.HeaderCell>
            <Table.HeaderCell>{t("ordersToShip.state")}</Table.HeaderCell>
            <Table.HeaderCell>{t("ordersToShip.deadline")}</Table.HeaderCell>
            <Table.HeaderCell>{t("ordersToShip.daysLeft")}</Table.HeaderCell>
            <Table.HeaderCell>
              <span className="sr-only">{t("ordersToShip.actions")}</span>
            </Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => {
            const number = orderNumber(order.display_id, order.order_id)
            const state = orderToShipBadge(order.state, t)
            return (
              <Table.Row key={order.order_id} data-testid="bnpl-order-to-ship" data-state={order.state}>
                <Table.Cell>
                  <Link to={`/orders/${order.order_id}`} className="text-ui-fg-interactive underline">
                    {number}
                  </Link>
                </Table.Cell>
                <Table.Cell className="py-2">
                  <div className="flex flex-col items-start gap-y-1">
                    <StatusBadge color={state.color}>{state.label}</StatusBadge>
                    {order.reason ? (
                      <Text size="small" className="text-ui-fg-subtle max-w-md whitespace-normal break-words">
                        {t("startPayment.notStarted", { reason: order.reason })}
                      </Text>
                    ) : null}
                  </div>
                </Table.Cell>
                <Table.Cell>{formatDate(order.deadline, locale)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge color={order.days_left <= 3 ? "red" : "orange"}>
                    {t("ordersToShip.days", { count: Math.max(order.days_left, 0) })}
                  </StatusBadge>
                </Table.Cell>
                <Table.Cell className="text-right">
                  {canStartPayment(order.state) ? (
                    <StartPaymentButton orderId={order.order_id} orderNumber={number} />
                  ) : null}
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.list.before",
  id: "medusa-plugin-bnpl:orders-to-ship",
})

export default BnplOrdersToShipWidget
