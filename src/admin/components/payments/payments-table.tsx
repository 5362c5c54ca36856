import { Badge, Button, Table, Text } from "@medusajs/ui"
import type { PaymentWithoutOrderView } from "../../../lib/http/http-types"
import { useSettlePayment } from "../../hooks/use-payments"
import { formatCents, formatDate } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"

const COLORS: Record<string, "green" | "orange" | "red" | "grey"> = {
  to_settle: "orange",
  cancelled: "grey",
  refunded: "green",
  failed: "red",
}

/** Each payment: its id, amount, what happened, the outcome, when, and "Try again" where it applies. */
export function PaymentsTable({ payments }: { payments: PaymentWithoutOrderView[] }) {
  const { t } = useBnplI18n()
  const retry = useSettlePayment()
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("payments.columns.payment")}</Table.HeaderCell>
          <Table.HeaderCell>{t("payments.columns.amount")}</Table.HeaderCell>
          <Table.HeaderCell>{t("payments.columns.what")}</Table.HeaderCell>
          <Table.HeaderCell>{t("payments.columns.status")}</Table.HeaderCell>
          <Table.HeaderCell>{t("payments.columns.when")}</Table.HeaderCell>
          <Table.HeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {payments.map((row) => (
          <PaymentRow key={row.id} row={row} retrying={retry.isPending} onRetry={() => retry.mutate(row.id)} />
        ))}
      </Table.Body>
    </Table>
  )
}

function PaymentRow({
  row,
  retrying,
  onRetry,
}: {
  row: PaymentWithoutOrderView
  retrying: boolean
  onRetry: () => void
}) {
  const { t, locale } = useBnplI18n()
  return (
    <Table.Row>
      <Table.Cell className="font-mono text-xs">{row.bnpl_payment_id}</Table.Cell>
      <Table.Cell>{formatCents(row.purchase_amount, row.currency_code, locale)}</Table.Cell>
      <Table.Cell>
        {row.reason}
        {row.last_error ? (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {row.last_error} · {t("payments.attempts", { count: row.attempts })}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Badge color={COLORS[row.status] ?? "grey"}>
          {COLORS[row.status] ? t(`payments.status.${row.status}`) : row.status}
        </Badge>
      </Table.Cell>
      <Table.Cell>{formatDate(row.settled_at ?? row.updated_at, locale, true)}</Table.Cell>
      <Table.Cell>
        {row.status === "to_settle" || row.status === "failed" ? (
          <Button size="small" variant="secondary" isLoading={retrying} onClick={onRetry}>
            {t("payments.retry")}
          </Button>
        ) : null}
      </Table.Cell>
    </Table.Row>
  )
}
