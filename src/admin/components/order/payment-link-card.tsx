import { Alert, Button, Container, Copy, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { OwedCollectionView, PaymentLinkState } from "../../../lib/http/http-types"
import { usePaymentLinkAction, usePaymentLinks } from "../../hooks/use-payment-links"
import { LoadErrorCard } from "../common/load-error-card"
import { formatCents, formatDate, planLabel } from "../../lib/format"
import { useBnplI18n, type Translate } from "../../lib/i18n"
import { errorMessage } from "../../lib/sdk"

const STATE_COLOR: Record<PaymentLinkState, "grey" | "blue" | "green" | "orange" | "red"> = {
  not_sent: "grey",
  sent: "blue",
  paid: "green",
  expired: "orange",
  cancelled: "red",
}

/**
 * "Instalment payment link" on an order that owes money on a collection of its own (an edit, a
 * claim, an exchange, a converted draft order): the plans the service accepts for the amount,
 * the link to copy, e-mailing it to the order's address, its state, cancelling it.
 */
export function PaymentLinkCard({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const { t } = useBnplI18n()
  const { data, isLoading, isError, error } = usePaymentLinks(orderId)
  if (isLoading) return null
  if (isError) {
    return (
      <LoadErrorCard
        title={t("paymentLink.title")}
        message={t("paymentLink.loadError", { message: errorMessage(error, t) })}
      />
    )
  }
  const links = data?.payment_links
  if (!links?.collections.length) return null
  return (
    <Container className="divide-y p-0" data-testid="bnpl-payment-link-card">
      <div className="px-6 py-4">
        <Heading level="h2">{t("paymentLink.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {links.email ? t("paymentLink.description", { email: links.email }) : t("paymentLink.noEmail")}
        </Text>
      </div>
      {links.collections.map((c) => (
        <OwedCollection
          key={c.payment_collection_id}
          orderId={orderId}
          orderNumber={orderNumber}
          collection={c}
          canEmail={!!links.email}
        />
      ))}
    </Container>
  )
}

function stateText(c: OwedCollectionView, t: Translate, locale: string): string | null {
  const { link } = c
  if (link.state === "sent" && link.expires_at) {
    return t("paymentLink.sentUntil", {
      count: link.sent_count,
      date: formatDate(link.last_sent_at, locale, true),
      until: formatDate(link.expires_at, locale, true),
    })
  }
  if (link.state === "expired" && link.expires_at)
    return t("paymentLink.expiredOn", { date: formatDate(link.expires_at, locale, true) })
  if (link.state === "cancelled" && link.cancelled_at)
    return t("paymentLink.cancelledOn", { date: formatDate(link.cancelled_at, locale, true) })
  return null
}

function OwedCollection({
  orderId,
  orderNumber,
  collection: c,
  canEmail,
}: {
  orderId: string
  orderNumber: string
  collection: OwedCollectionView
  canEmail: boolean
}) {
  const { t, locale } = useBnplI18n()
  const action = usePaymentLinkAction(orderId)
  const amount = formatCents(c.amount, c.currency_code, locale)
  const plans = c.eligibility?.plans ?? []
  const state = c.link.state
  const open = state !== "paid"
  const busy = action.isPending
  const detail = stateText(c, t, locale)
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="bnpl-payment-link">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Text size="small" weight="plus">
          {t("paymentLink.owes", { order: orderNumber, amount })}
        </Text>
        <StatusBadge color={STATE_COLOR[state]} data-testid="bnpl-payment-link-state">
          {t(`paymentLink.states.${state}`)}
        </StatusBadge>
      </div>
      {detail ? (
        <Text size="small" className="text-ui-fg-subtle">
          {detail}
        </Text>
      ) : null}
      {open && c.eligibility ? (
        plans.length ? (
          <div>
            <Text size="small" className="text-ui-fg-subtle">
              {t("paymentLink.plans")}
            </Text>
            <ul className="list-disc pl-5" aria-label={t("paymentLink.plans")}>
              {plans.map((p) => (
                <li
                  key={`${p.installments_count}-${p.deferred_days ?? 0}-${p.deferred_months ?? 0}-${p.pay_at_shipment ? 1 : 0}`}
                >
                  <Text size="small">
                    {planLabel(p, t)}
                    {p.pay_at_shipment ? ` (${t("paymentLink.payAtShipment")})` : ""}
                  </Text>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <Alert variant="warning">{t("paymentLink.noPlan", { reason: c.eligibility.message ?? "" })}</Alert>
        )
      ) : null}
      {open && c.url ? (
        <div className="flex min-w-0 items-center gap-x-2">
          <Text size="small" className="text-ui-fg-subtle min-w-0 break-all" data-testid="bnpl-payment-link-url">
            {c.url}
          </Text>
          <Copy content={c.url} aria-label={t("paymentLink.copy", { order: orderNumber })} />
        </div>
      ) : null}
      {open && !c.url ? <Alert variant="warning">{t("paymentLink.noStorefront")}</Alert> : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="small"
            variant="secondary"
            disabled={!canEmail || !c.url || !plans.length || busy}
            isLoading={busy && action.variables?.action === "send"}
            aria-label={t(state === "not_sent" ? "paymentLink.sendLabel" : "paymentLink.sendAgainLabel", {
              order: orderNumber,
            })}
            onClick={() => action.mutate({ action: "send", collectionId: c.payment_collection_id })}
            data-testid="bnpl-payment-link-send"
          >
            {t(state === "not_sent" ? "paymentLink.send" : "paymentLink.sendAgain")}
          </Button>
          {state === "sent" ? (
            <Button
              type="button"
              size="small"
              variant="danger"
              disabled={busy}
              isLoading={busy && action.variables?.action === "cancel"}
              aria-label={t("paymentLink.cancelLabel", { order: orderNumber })}
              onClick={() => action.mutate({ action: "cancel", collectionId: c.payment_collection_id })}
              data-testid="bnpl-payment-link-cancel"
            >
              {t("paymentLink.cancel")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
