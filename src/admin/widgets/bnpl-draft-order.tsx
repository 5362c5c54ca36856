import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { PaymentLinkCard } from "../components/order/payment-link-card"
import { usePaymentLinks } from "../hooks/use-payment-links"
import { useBnplI18n } from "../lib/i18n"
import { orderNumber } from "../lib/start-payment"

/**
 * On a draft order (a phone or showroom sale): once converted, what it owes can be paid with an
 * instalment payment link; until then, the card says where it will be.
 */
const BnplDraftOrderWidget = ({ data: draft }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useBnplI18n()
  const { data, isLoading } = usePaymentLinks(draft.id)
  if (isLoading) return null
  if (data?.payment_links.collections.length) {
    return <PaymentLinkCard orderId={draft.id} orderNumber={orderNumber(draft.display_id, draft.id)} />
  }
  return (
    <Container className="px-6 py-4" data-testid="bnpl-draft-order-hint">
      <Heading level="h2">{t("paymentLink.title")}</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        {t("paymentLink.draftHint")}
      </Text>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "draft_order.details.after",
  id: "medusa-plugin-bnpl:draft-order",
})

export default BnplDraftOrderWidget
