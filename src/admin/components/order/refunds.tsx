import { Table, Text } from "@medusajs/ui"
import type { OrderPaymentView } from "../../../lib/http/http-types"
import { formatCents, formatDate } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"

/** The payment's refunds at the service, if any. */
export function Refunds({ payment }: { payment: OrderPaymentView }) {
  const { t, locale } = useBnplI18n()
  if (!payment.refunds.length) {
    return null
  }
  return (
    <div className="py-2">
      <Text size="small" weight="plus" className="px-6 py-2">
        {t("order.refunds.title")}
      </Text>
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t("order.refunds.date")}</Table.HeaderCell>
            <Table.HeaderCell>{t("order.refunds.reference")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("order.refunds.amount")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payment.refunds.map((refund) => (
            <Table.Row key={refund.id}>
              <Table.Cell>{formatDate(refund.created ?? null, locale)}</Table.Cell>
              <Table.Cell className="font-mono">{refund.merchant_reference ?? refund.id}</Table.Cell>
              <Table.Cell className="text-right">
                {formatCents(refund.amount, payment.currency_code, locale)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  )
}
