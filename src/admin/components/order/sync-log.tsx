import { StatusBadge, Text } from "@medusajs/ui"
import type { ShippingSyncView } from "../../../lib/http-types"
import { formatDate, syncStatusBadge, triggerLabel } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"
import { sentSummary, syncDetails } from "../../lib/sync-log"

/** Every shipping sync of the order, newest first. */
export function SyncLog({ syncs, currency }: { syncs: ShippingSyncView[]; currency: string }) {
  const { t } = useBnplI18n()
  if (!syncs.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="bnpl-sync-log-empty">
        {t("order.sync.empty")}
      </Text>
    )
  }
  return (
    <ul className="divide-y" data-testid="bnpl-sync-log">
      {syncs.map((sync) => (
        <SyncEntry key={sync.id} sync={sync} currency={currency} />
      ))}
    </ul>
  )
}

/** One sync: its outcome, why it ran, how many attempts, what was sent and what came of it. */
function SyncEntry({ sync, currency }: { sync: ShippingSyncView; currency: string }) {
  const { t, locale } = useBnplI18n()
  const badge = syncStatusBadge(sync.status, t)
  const sent = sentSummary(sync.payload, currency, t, locale)
  const details = syncDetails(sync, t, locale)
  return (
    <li className="flex flex-col gap-y-1 px-6 py-3" data-sync-status={sync.status}>
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
}
