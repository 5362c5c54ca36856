import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { ArrowPath } from "@medusajs/icons"
import { Alert, Badge, Button, Container, Heading, StatusBadge, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { ReactNode } from "react"
import {
  formatCents,
  formatDate,
  instalmentStateBadge,
  paymentStateBadge,
  planLabel,
  shippingMethodLabel,
  syncStatusBadge,
  triggerLabel,
} from "../lib/format"
import { useBnplI18n, type Translate } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"
import type { BnplOrderView, ShippingMethod, ShippingSync } from "../lib/types"

type PaidView = Extract<BnplOrderView, { paid_with_bnpl: true }>

const orderKey = (orderId: string) => ["bnpl", "order", orderId]

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="text-ui-fg-subtle grid grid-cols-2 items-center px-6 py-4">
      <Text size="small" leading="compact" weight="plus">
        {label}
      </Text>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  )
}

function Schedule({ payment }: { payment: PaidView["payment"] }) {
  const { t, locale } = useBnplI18n()
  const currency = payment.currency_code
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
                <Table.Cell className="text-right">{formatCents(instalment.purchase_amount, currency, locale)}</Table.Cell>
                <Table.Cell className="text-right">
                  {formatCents(instalment.customer_fee + instalment.customer_interest, currency, locale)}
                </Table.Cell>
                <Table.Cell className="text-right">{formatCents(instalment.total_amount, currency, locale)}</Table.Cell>
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

function Refunds({ payment }: { payment: PaidView["payment"] }) {
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
              <Table.Cell className="text-right">{formatCents(refund.amount, payment.currency_code, locale)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  )
}

/** "Colissimo Home · Home delivery (postal) · €4.90": what was (or is to be) sent. */
function sentSummary(payload: unknown, currency: string, t: Translate, locale: string): string | undefined {
  const selected = (payload as { selected_options?: unknown[] } | null)?.selected_options
  if (!Array.isArray(selected) || !selected.length) {
    return undefined
  }
  return selected
    .map((option) => {
      const o = (option ?? {}) as { title?: string; shipping_method?: ShippingMethod; express_delivery?: boolean; amount?: number }
      return [
        o.title,
        o.shipping_method ? shippingMethodLabel(o.shipping_method, t) : undefined,
        o.express_delivery ? t("order.sync.express") : undefined,
        typeof o.amount === "number" ? formatCents(o.amount, currency, locale) : undefined,
      ]
        .filter(Boolean)
        .join(" · ")
    })
    .join("; ")
}

function SyncLog({ syncs, currency }: { syncs: ShippingSync[]; currency: string }) {
  const { t, locale } = useBnplI18n()
  if (!syncs.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="bnpl-sync-log-empty">
        {t("order.sync.empty")}
      </Text>
    )
  }
  return (
    <ul className="divide-y" data-testid="bnpl-sync-log">
      {syncs.map((sync) => {
        const badge = syncStatusBadge(sync.status, t)
        const sent = sentSummary(sync.payload, currency, t, locale)
        // last_error is the backend's own words (English): what the service or Medusa said.
        const details =
          sync.last_error ??
          (sync.status === "synced" && sync.synced_at
            ? t("order.sync.acceptedOn", { date: formatDate(sync.synced_at, locale, true) })
            : sync.status === "unchanged"
              ? t("order.sync.unchanged")
              : sync.status === "pending" && sync.next_attempt_at
                ? t("order.sync.nextAttempt", { date: formatDate(sync.next_attempt_at, locale, true) })
                : undefined)
        return (
          <li key={sync.id} className="flex flex-col gap-y-1 px-6 py-3" data-sync-status={sync.status}>
            <div className="flex items-center justify-between gap-x-4">
              <div className="flex items-center gap-x-2">
                <StatusBadge color={badge.color}>{badge.label}</StatusBadge>
                <Text size="small" weight="plus">
                  {triggerLabel(sync.trigger, t)}
                </Text>
                <Text size="small" className="text-ui-fg-muted">
                  {t("order.sync.attempts", { count: sync.attempts })}
                </Text>
              </div>
              <Text size="small" className="text-ui-fg-subtle whitespace-nowrap">
                {formatDate(sync.created_at, locale, true)}
              </Text>
            </div>
            {sent ? (
              <Text size="small" className="text-ui-fg-subtle">
                {t("order.sync.shipping", { sent })}
              </Text>
            ) : null}
            {details ? (
              <Text size="small" className={sync.last_error ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
                {details}
              </Text>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

const BnplOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t, locale } = useBnplI18n()
  const queryClient = useQueryClient()
  const { data, isLoading, isError, error } = useQuery({
    queryKey: orderKey(order.id),
    queryFn: () => sdk.client.fetch<{ bnpl_order: BnplOrderView }>(`/admin/bnpl/orders/${order.id}`),
  })

  const pushAgain = useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ sync: { status?: string; last_error?: string | null } | null; bnpl_order: BnplOrderView }>(
        `/admin/bnpl/orders/${order.id}/shipping-sync`,
        { method: "POST" }
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKey(order.id), { bnpl_order: answer.bnpl_order })
      const status = answer.sync?.status
      if (status === "failed" || status === "pending") {
        toast.warning(t("order.sync.toast.notYet"), {
          description: answer.sync?.last_error ?? t("order.sync.toast.notYetDescription"),
        })
      } else if (status === "skipped") {
        toast.info(t("order.sync.toast.nothingSent"), {
          description: answer.sync?.last_error ?? t("order.sync.toast.nothingSentDescription"),
        })
      } else {
        toast.success(status === "unchanged" ? t("order.sync.toast.upToDate") : t("order.sync.toast.sent"))
      }
    },
    onError: (e) => {
      toast.error(t("order.sync.toast.failed"), { description: errorMessage(e, t) })
      queryClient.invalidateQueries({ queryKey: orderKey(order.id) })
    },
  })

  if (isLoading) {
    return null
  }
  if (isError) {
    return (
      <Container className="px-6 py-4">
        <Heading level="h2">{t("order.title")}</Heading>
        <Alert variant="error" className="mt-2">
          {t("order.loadError", { message: errorMessage(error, t) })}
        </Alert>
      </Container>
    )
  }
  const view = data?.bnpl_order
  if (!view || !view.paid_with_bnpl) {
    return null
  }
  const { payment, shipping_syncs } = view
  const state = paymentStateBadge(payment.state, t)
  const plan = payment.installments_count
    ? planLabel(
        {
          installments_count: payment.installments_count,
          deferred_days: payment.deferred_days,
          deferred_months: payment.deferred_months,
        },
        t
      )
    : "-"
  const amount = formatCents(payment.purchase_amount, payment.currency_code, locale)
  const extra = (payment.customer_fee ?? 0) + (payment.customer_interest ?? 0)

  return (
    <div className="flex flex-col gap-y-3" data-testid="bnpl-order-widget">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h2">{t("order.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {payment.live ? t("order.live") : t("order.recorded")}
            </Text>
          </div>
          <StatusBadge color={state.color} data-testid="bnpl-payment-state">
            {state.label}
          </StatusBadge>
        </div>
        {payment.service_error ? (
          <div className="px-6 py-4">
            <Alert variant="warning">{t("order.serviceError", { message: payment.service_error })}</Alert>
          </div>
        ) : null}
        <Row label={t("order.servicePayment")}>
          <Badge size="2xsmall" className="font-mono" data-testid="bnpl-payment-id">
            {payment.bnpl_payment_id ?? "-"}
          </Badge>
        </Row>
        {payment.mode ? (
          <Row label={t("order.mode")}>
            <StatusBadge color={payment.mode === "live" ? "green" : "orange"} data-testid="bnpl-payment-mode" data-mode={payment.mode}>
              {t(`order.mode_${payment.mode}`)}
            </StatusBadge>
          </Row>
        ) : null}
        <Row label={t("order.plan")}>
          <Text size="small" leading="compact">
            {plan}
          </Text>
        </Row>
        <Row label={t("order.amount")}>
          <Text size="small" leading="compact" data-testid="bnpl-amount">
            {extra ? t("order.feesPaid", { amount, fees: formatCents(extra, payment.currency_code, locale) }) : amount}
          </Text>
        </Row>
        <Schedule payment={payment} />
        <Refunds payment={payment} />
      </Container>

      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h2">{t("order.sync.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t("order.sync.description")}
            </Text>
          </div>
          <Button
            size="small"
            variant="secondary"
            isLoading={pushAgain.isPending}
            onClick={() => pushAgain.mutate()}
            data-testid="bnpl-push-again"
          >
            <ArrowPath />
            {t("order.sync.pushAgain")}
          </Button>
        </div>
        <SyncLog syncs={shipping_syncs} currency={payment.currency_code} />
      </Container>
    </div>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.after",
  id: "medusa-plugin-bnpl:order",
})

export default BnplOrderWidget
