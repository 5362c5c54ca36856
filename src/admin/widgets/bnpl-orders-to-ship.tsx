import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useOrdersToShip } from "../hooks/use-orders-to-ship"
import { formatDate } from "../lib/format"
import { useBnplI18n } from "../lib/i18n"

/**
 * Above the orders list: pay-at-shipment orders whose payment starts only when they ship, the
 * nearest deadline first. Nothing when there are none (or the list cannot be read).
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
            <Table.HeaderCell>{t("ordersToShip.deadline")}</Table.HeaderCell>
            <Table.HeaderCell>{t("ordersToShip.daysLeft")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => (
            <Table.Row key={order.order_id}>
              <Table.Cell>
                <Link to={`/orders/${order.order_id}`} className="text-ui-fg-interactive underline">
                  #{order.display_id ?? order.order_id}
                </Link>
              </Table.Cell>
              <Table.Cell>{formatDate(order.deadline, locale)}</Table.Cell>
              <Table.Cell>
                <StatusBadge color={order.days_left <= 3 ? "red" : "orange"}>
                  {t("ordersToShip.days", { count: Math.max(order.days_left, 0) })}
                </StatusBadge>
              </Table.Cell>
            </Table.Row>
          ))}
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
