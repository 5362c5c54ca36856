import { StatusBadge, Table, Text } from "@medusajs/ui"
import type { OrderPaymentView } from "../../../lib/http/http-types"
import { formatCents, formatDate, instalmentStateBadge } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"

/** The instalments: when each is due, what it is, its fees, what the customer pays, its state. */
export function Schedule({ payment }: { payment: OrderPaymentView }) {
  const { t, locale } = useBnplI18n()
  const money = (cents: number) => formatCents(cents, payment.currency_code, locale)
  if (!payment.payment_plan.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {t("order.schedule.none")}
      </Text>
    )
  }
  return (
    <div className="py-2">
      <Text size="small" weight="plus" className="px-6 py-2">
        {t("order.schedule.title")}
      </Text>
      <Table data-testid="bnpl-schedule">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>#</Table.HeaderCell>
            <Table.HeaderCell>{t("order.schedule.due")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("order.schedule.instalment")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("order.schedule.fees")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("order.schedule.customerPays")}</Table.HeaderCell>
            <Table.HeaderCell>{t("order.schedule.state")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payment.payment_plan.map((instalment, index) => {
            const badge = instalmentStateBadge(instalment.state, t)
            return (
              <Table.Row key={`${instalment.due_date}-${index}`}>
                <Table.Cell>{index + 1}</Table.Cell>
                <Table.Cell>{formatDate(instalment.due_date, locale)}</Table.Cell>
                <Table.Cell className="text-right">{money(instalment.purchase_amount)}</Table.Cell>
                <Table.Cell className="text-right">
                  {money(instalment.customer_fee + instalment.customer_interest)}
                </Table.Cell>
                <Table.Cell className="text-right">{money(instalment.total_amount)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge color={badge.color}>{badge.label}</StatusBadge>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table>
    </div>
  )
}
