import { Alert, Badge, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import type { OrderPaymentView } from "../../../lib/http-types"
import { formatCents, paymentStateBadge, planLabel } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"
import { Refunds } from "./refunds"
import { Schedule } from "./schedule"

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

/** The service payment: its state, id, account, plan, amount, schedule and refunds. */
export function PaymentCard({ payment }: { payment: OrderPaymentView }) {
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
      <PaymentRows payment={payment} />
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
        <Badge size="2xsmall" className="font-mono" data-testid="bnpl-payment-id">
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
    </>
  )
}
