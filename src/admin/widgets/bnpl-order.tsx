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
  SHIPPING_METHOD_LABELS,
  syncStatusBadge,
  TRIGGER_LABELS,
} from "../lib/format"
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
  const currency = payment.currency_code
  if (!payment.payment_plan.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        No schedule known for this payment.
      </Text>
    )
  }
  return (
    <div className="py-2">
      <Text size="small" weight="plus" className="px-6 py-2">
        Schedule
      </Text>
      <Table data-testid="bnpl-schedule">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>#</Table.HeaderCell>
            <Table.HeaderCell>Due</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Instalment</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Fees and interest</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Customer pays</Table.HeaderCell>
            <Table.HeaderCell>State</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payment.payment_plan.map((instalment, index) => {
            const badge = instalmentStateBadge(instalment.state)
            return (
              <Table.Row key={`${instalment.due_date}-${index}`}>
                <Table.Cell>{index + 1}</Table.Cell>
                <Table.Cell>{formatDate(instalment.due_date)}</Table.Cell>
                <Table.Cell className="text-right">{formatCents(instalment.purchase_amount, currency)}</Table.Cell>
                <Table.Cell className="text-right">
                  {formatCents(instalment.customer_fee + instalment.customer_interest, currency)}
                </Table.Cell>
                <Table.Cell className="text-right">{formatCents(instalment.total_amount, currency)}</Table.Cell>
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
  if (!payment.refunds.length) {
    return null
  }
  return (
    <div className="py-2">
      <Text size="small" weight="plus" className="px-6 py-2">
        Refunds
      </Text>
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Date</Table.HeaderCell>
            <Table.HeaderCell>Reference</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payment.refunds.map((refund) => (
            <Table.Row key={refund.id}>
              <Table.Cell>{formatDate(refund.created ?? null)}</Table.Cell>
              <Table.Cell className="font-mono">{refund.merchant_reference ?? refund.id}</Table.Cell>
              <Table.Cell className="text-right">{formatCents(refund.amount, payment.currency_code)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  )
}

/** "Colissimo Home · Home delivery (postal) · €4.90": what was (or is to be) sent. */
function sentSummary(payload: unknown, currency: string): string | undefined {
  const selected = (payload as { selected_options?: unknown[] } | null)?.selected_options
  if (!Array.isArray(selected) || !selected.length) {
    return undefined
  }
  return selected
    .map((option) => {
      const o = (option ?? {}) as { title?: string; shipping_method?: ShippingMethod; express_delivery?: boolean; amount?: number }
      return [
        o.title,
        o.shipping_method ? (SHIPPING_METHOD_LABELS[o.shipping_method] ?? o.shipping_method) : undefined,
        o.express_delivery ? "express" : undefined,
        typeof o.amount === "number" ? formatCents(o.amount, currency) : undefined,
      ]
        .filter(Boolean)
        .join(" · ")
    })
    .join("; ")
}

function SyncLog({ syncs, currency }: { syncs: ShippingSync[]; currency: string }) {
  if (!syncs.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="bnpl-sync-log-empty">
        Nothing sent yet: the shipping information is sent when the order is fulfilled.
      </Text>
    )
  }
  return (
    <ul className="divide-y" data-testid="bnpl-sync-log">
      {syncs.map((sync) => {
        const badge = syncStatusBadge(sync.status)
        const sent = sentSummary(sync.payload, currency)
        const details =
          sync.last_error ??
          (sync.status === "synced" && sync.synced_at
            ? `Accepted by the service on ${formatDate(sync.synced_at, true)}.`
            : sync.status === "unchanged"
              ? "The service already has this information: nothing was sent."
              : sync.status === "pending" && sync.next_attempt_at
                ? `Next attempt ${formatDate(sync.next_attempt_at, true)}.`
                : undefined)
        return (
          <li key={sync.id} className="flex flex-col gap-y-1 px-6 py-3" data-sync-status={sync.status}>
            <div className="flex items-center justify-between gap-x-4">
              <div className="flex items-center gap-x-2">
                <StatusBadge color={badge.color}>{badge.label}</StatusBadge>
                <Text size="small" weight="plus">
                  {TRIGGER_LABELS[sync.trigger] ?? sync.trigger}
                </Text>
                <Text size="small" className="text-ui-fg-muted">
                  {sync.attempts} attempt{sync.attempts === 1 ? "" : "s"}
                </Text>
              </div>
              <Text size="small" className="text-ui-fg-subtle whitespace-nowrap">
                {formatDate(sync.created_at, true)}
              </Text>
            </div>
            {sent ? (
              <Text size="small" className="text-ui-fg-subtle">
                Shipping: {sent}
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
        toast.warning("Not accepted yet", { description: answer.sync?.last_error ?? "The service did not accept it: see the log" })
      } else if (status === "skipped") {
        toast.info("Nothing sent", { description: answer.sync?.last_error ?? "See the log for why" })
      } else {
        toast.success(status === "unchanged" ? "Already up to date" : "Shipping information sent")
      }
    },
    onError: (e) => {
      toast.error("Could not push the shipping information", { description: errorMessage(e) })
      queryClient.invalidateQueries({ queryKey: orderKey(order.id) })
    },
  })

  if (isLoading) {
    return null
  }
  if (isError) {
    return (
      <Container className="px-6 py-4">
        <Heading level="h2">Instalment payment</Heading>
        <Alert variant="error" className="mt-2">
          Could not load the instalment payment: {errorMessage(error)}
        </Alert>
      </Container>
    )
  }
  const view = data?.bnpl_order
  if (!view || !view.paid_with_bnpl) {
    return null
  }
  const { payment, shipping_syncs } = view
  const state = paymentStateBadge(payment.state)
  const plan = payment.installments_count
    ? planLabel({
        installments_count: payment.installments_count,
        deferred_days: payment.deferred_days,
        deferred_months: payment.deferred_months,
      })
    : "-"
  const extra = (payment.customer_fee ?? 0) + (payment.customer_interest ?? 0)

  return (
    <div className="flex flex-col gap-y-3" data-testid="bnpl-order-widget">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h2">Instalment payment</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {payment.live ? "As the service reports it now." : "As recorded at checkout (the service could not be asked)."}
            </Text>
          </div>
          <StatusBadge color={state.color} data-testid="bnpl-payment-state">
            {state.label}
          </StatusBadge>
        </div>
        {payment.service_error ? (
          <div className="px-6 py-4">
            <Alert variant="warning">The service could not be reached: {payment.service_error}</Alert>
          </div>
        ) : null}
        <Row label="Service payment">
          <Badge size="2xsmall" className="font-mono" data-testid="bnpl-payment-id">
            {payment.bnpl_payment_id ?? "-"}
          </Badge>
        </Row>
        <Row label="Plan">
          <Text size="small" leading="compact">
            {plan}
          </Text>
        </Row>
        <Row label="Amount">
          <Text size="small" leading="compact">
            {formatCents(payment.purchase_amount, payment.currency_code)}
            {extra ? ` + ${formatCents(extra, payment.currency_code)} fees and interest paid by the customer` : ""}
          </Text>
        </Row>
        <Schedule payment={payment} />
        <Refunds payment={payment} />
      </Container>

      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h2">Shipping sync</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Shipping information sent to the service on fulfillment; failed sends are retried.
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
            Push again
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
