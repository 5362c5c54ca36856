import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"
import { useBnplI18n } from "../lib/i18n"

/**
 * On a draft order (a phone or showroom sale): once it is converted, what it owes can be paid
 * with an instalment payment link from the order's page (a draft's payment is not taken).
 */
const BnplDraftOrderWidget = () => {
  const { t } = useBnplI18n()
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
