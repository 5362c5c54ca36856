import { StatusBadge, Table, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import type { ReconciliationDriftView, ReconciliationRowView } from "../../../lib/http/http-types"
import { useReconciliationAction } from "../../hooks/use-reconciliation"
import { formatCents, formatDate, paymentStateBadge } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"
import { orderNumber } from "../../lib/start-payment"
import { DriftActionButton } from "./drift-action-button"

const KINDS: ReconciliationDriftView["kind"][] = [
  "refunded_beyond_medusa",
  "refund_not_made",
  "charged_without_order",
  "not_started_after_shipment",
  "not_captured",
]

/**
 * Each payment as both sides see it: the service payment and its mode, the order holding it, the
 * service's state, what the service charged and refunded, what Medusa authorized, captured and
 * refunded, and each difference in words with when it was found and its action, if any.
 */
export function ReconciliationTable({ rows, all }: { rows: ReconciliationRowView[]; all: boolean }) {
  const { t } = useBnplI18n()
  return (
    <div className="overflow-x-auto">
      <Table data-testid="bnpl-reconciliation-table">
        <caption className="sr-only">
          {all ? t("reconciliation.showingAll") : t("reconciliation.showingDifferences")}
        </caption>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell scope="col">{t("reconciliation.columns.payment")}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t("reconciliation.columns.order")}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t("reconciliation.columns.state")}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t("reconciliation.columns.service")}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t("reconciliation.columns.medusa")}</Table.HeaderCell>
            <Table.HeaderCell scope="col">{t("reconciliation.columns.differences")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <ReconciliationRow key={row.bnpl_payment_id} row={row} />
          ))}
        </Table.Body>
      </Table>
    </div>
  )
}

/** "Charged: 129,90 €" as a term and its value, one per line. */
function Amounts({ items }: { items: [string, ReactNode][] }) {
  const { t } = useBnplI18n()
  return (
    <dl className="flex flex-col gap-y-0.5">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-wrap gap-x-1">
          <dt>{t("reconciliation.term", { term })}</dt>
          <dd className="text-ui-fg-base tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function ReconciliationRow({ row }: { row: ReconciliationRowView }) {
  const { t, locale } = useBnplI18n()
  const action = useReconciliationAction(row)
  const money = (cents: number) => formatCents(cents, row.currency_code, locale)
  const order = row.order_id ? orderNumber(row.display_id, row.order_id) : null
  const state = row.service ? paymentStateBadge(row.service.state, t) : null
  return (
    <Table.Row
      className="align-top"
      data-testid="bnpl-reconciliation-row"
      data-payment={row.bnpl_payment_id}
      data-differs={row.drifts.length > 0}
    >
      <Table.Cell className="py-3">
        <div className="flex flex-col gap-y-0.5">
          <span className="text-ui-fg-base font-mono text-xs break-all">{row.bnpl_payment_id}</span>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t(`reconciliation.mode.${row.mode}`)}
          </Text>
        </div>
      </Table.Cell>
      <Table.Cell className="py-3">
        {row.order_id && order ? (
          <Link to={`/orders/${row.order_id}`} className="text-ui-fg-base underline">
            {order}
          </Link>
        ) : (
          t("reconciliation.noOrder")
        )}
      </Table.Cell>
      <Table.Cell className="py-3">
        {row.service && state ? (
          <StatusBadge color={state.color}>{state.label}</StatusBadge>
        ) : (
          <Text size="small" className="max-w-[12rem] whitespace-normal">
            {t("reconciliation.serviceUnread")}
          </Text>
        )}
        {row.service_read_at ? (
          <Text size="xsmall" className="text-ui-fg-subtle mt-1">
            {t("reconciliation.readAt", { date: formatDate(row.service_read_at, locale, true) })}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell className="py-3">
        {row.service ? (
          <Amounts
            items={[
              [
                t("reconciliation.charged"),
                row.service.charged
                  ? money(row.service.purchase_cents)
                  : t("reconciliation.notCharged", { amount: money(row.service.purchase_cents) }),
              ],
              [t("reconciliation.refunded"), money(row.service.refunded_cents)],
            ]}
          />
        ) : (
          "-"
        )}
      </Table.Cell>
      <Table.Cell className="py-3">
        {row.medusa.payment_id ? (
          <Amounts
            items={[
              [t("reconciliation.authorized"), money(row.medusa.authorized_cents)],
              [t("reconciliation.captured"), money(row.medusa.captured_cents)],
              [t("reconciliation.refunded"), money(row.medusa.refunded_cents)],
            ]}
          />
        ) : (
          <Text size="small">{t("reconciliation.noMedusaPayment")}</Text>
        )}
        {!row.medusa.held_by_live_order ? (
          <Text size="xsmall" className="text-ui-fg-subtle mt-1 max-w-[14rem] whitespace-normal">
            {t("reconciliation.notHeld")}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell className="py-3">
        {row.drifts.length === 0 ? (
          <Text size="small">{t("reconciliation.agree")}</Text>
        ) : (
          <ul className="flex min-w-[16rem] max-w-md flex-col gap-y-3">
            {row.drifts.map((drift) => (
              <li key={`${drift.kind}-${drift.found_at}`} className="flex flex-col items-start gap-y-1">
                <Text size="small" weight="plus" className="text-ui-fg-base whitespace-normal break-words">
                  {KINDS.includes(drift.kind)
                    ? t(`reconciliation.drift.${drift.kind}`, { amount: money(drift.cents) })
                    : drift.reason}
                </Text>
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {t("reconciliation.foundAt", { date: formatDate(drift.found_at, locale, true) })}
                </Text>
                {drift.action ? (
                  <DriftActionButton
                    action={drift.action}
                    payment={row.bnpl_payment_id}
                    order={order ?? t("reconciliation.noOrder")}
                    amount={money(drift.cents)}
                    running={action.isPending && action.variables === drift.action}
                    busy={action.isPending}
                    onConfirmed={(chosen) => action.mutate(chosen)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Table.Cell>
    </Table.Row>
  )
}
