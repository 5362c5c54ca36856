import { ArrowPath } from "@medusajs/icons"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import type { ShippingSyncView } from "../../../lib/http-types"
import { usePushShippingSync } from "../../hooks/use-order"
import { useBnplI18n } from "../../lib/i18n"
import { SyncLog } from "./sync-log"

/** The shipping sync log, and "Push again". */
export function ShippingSyncCard({
  orderId,
  syncs,
  currency,
}: {
  orderId: string
  syncs: ShippingSyncView[]
  currency: string
}) {
  const { t } = useBnplI18n()
  const pushAgain = usePushShippingSync(orderId)
  return (
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
      <SyncLog syncs={syncs} currency={currency} />
    </Container>
  )
}
