import { Alert, Badge, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import type { OrderPaymentView } from "../../../lib/http/http-types"
import { formatCents, formatDate, paymentStateBadge, planLabel } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"
import { Refunds } from "./refunds"
import { Schedule } from "./schedule"
import { StartPaymentButton } from "./start-payment-button"

/** A pay-at-shipment payment whose latest trigger the service did not accept: why, and starting it again. */
export type NotStarted = { orderId: string; orderNumber: string; reason: string | null }

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    // minmax(0, 1fr): a long value (the payment id) wraps inside the card at 320 px (WCAG 1.4.10).
    <div className="text-ui-fg-subtle grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-center gap-x-2 px-6 py-4">
      <Text size="small" leading="compact" weight="plus">
        {label}
      </Text>
      <div className="flex min-w-0 flex-wrap items-center gap-2">{children}</div>
    </div>
  )
}

/**
 * The service payment: its state, id, account, plan, amount, schedule and refunds; when it is
 * paid at shipment and its start was refused (`notStarted`), why and "Start the payment".
 */
export function PaymentCard({ payment, notStarted }: { payment: OrderPaymentView; notStarted?: NotStarted }) {
  const { t } = useBnplI18n()
  const state = paymentStateBadge(payment.state, t)
  return (
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
      {payment.edit_cancels ? (
        <div className="px-6 py-4">
          <Alert variant="info" data-testid="bnpl-edit-cancels">
            {t("order.editCancels")}
          </Alert>
        </div>
      ) : null}
      <PaymentRows payment={payment} />
      {notStarted ? (
        <div
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-6 py-4"
          data-testid="bnpl-payment-not-started"
        >
          <Text size="small" className="text-ui-fg-error min-w-0 break-words">
            {notStarted.reason
              ? t("startPayment.notStarted", { reason: notStarted.reason })
              : t("ordersToShip.states.not_started")}
          </Text>
          <StartPaymentButton orderId={notStarted.orderId} orderNumber={notStarted.orderNumber} />
        </div>
      ) : null}
      <Schedule payment={payment} />
      <Refunds payment={payment} />
    </Container>
  )
}

function PaymentRows({ payment }: { payment: OrderPaymentView }) {
  const { t, locale } = useBnplI18n()
  const { installments_count, currency_code } = payment
  const plan = installments_count ? planLabel({ ...payment, installments_count }, t) : "-"
  const amount = formatCents(payment.purchase_amount, currency_code, locale)
  const extra = (payment.customer_fee ?? 0) + (payment.customer_interest ?? 0)
  return (
    <>
      <Row label={t("order.servicePayment")}>
        <Badge
          size="2xsmall"
          className="h-auto max-w-full whitespace-normal break-all py-0.5 font-mono"
          data-testid="bnpl-payment-id"
        >
          {payment.bnpl_payment_id ?? "-"}
        </Badge>
      </Row>
      <Row label={t("order.mode")}>
        <StatusBadge
          color={payment.mode === "live" ? "green" : "orange"}
          data-testid="bnpl-payment-mode"
          data-mode={payment.mode}
        >
          {t(`order.mode_${payment.mode}`)}
        </StatusBadge>
      </Row>
      <Row label={t("order.plan")}>
        <Text size="small" leading="compact">
          {plan}
        </Text>
      </Row>
      <Row label={t("order.amount")}>
        <Text size="small" leading="compact" data-testid="bnpl-amount">
          {extra ? t("order.feesPaid", { amount, fees: formatCents(extra, currency_code, locale) }) : amount}
        </Text>
      </Row>
      {payment.trigger_deadline ? (
        // Pay at shipment, not started: nothing is charged until the order ships, by this date.
        <Row label={t("order.payAtShipment")}>
          <StatusBadge color="orange" data-testid="bnpl-ship-before">
            {t("order.shipBefore", { date: formatDate(payment.trigger_deadline, locale) })}
          </StatusBadge>
        </Row>
      ) : null}
    </>
  )
}
