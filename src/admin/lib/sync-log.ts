import type { ShippingMethod } from "../../client/types"
import type { ShippingSyncView } from "../../lib/http-types"
import { formatCents, formatDate, shippingMethodLabel } from "./format"
import type { Translate } from "./i18n"

type SentOption = { title?: string; shipping_method?: ShippingMethod; express_delivery?: boolean; amount?: number }

/** "Colissimo Home · Home delivery (postal) · €4.90": what was (or is to be) sent. */
export function sentSummary(payload: unknown, currency: string, t: Translate, locale: string): string | undefined {
  const selected = (payload as { selected_options?: unknown[] } | null)?.selected_options
  if (!Array.isArray(selected) || !selected.length) {
    return undefined
  }
  return selected
    .map((option) => {
      const o = (option ?? {}) as SentOption
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

/**
 * What an entry of the log adds: the backend's own error (English: what the service or Medusa
 * said), else when it was accepted, that nothing had changed, or the next attempt.
 */
export function syncDetails(sync: ShippingSyncView, t: Translate, locale: string): string | undefined {
  if (sync.last_error !== null && sync.last_error !== undefined) {
    return sync.last_error
  }
  if (sync.status === "synced" && sync.synced_at) {
    return t("order.sync.acceptedOn", { date: formatDate(sync.synced_at, locale, true) })
  }
  if (sync.status === "unchanged") {
    return t("order.sync.unchanged")
  }
  if (sync.status === "pending" && sync.next_attempt_at) {
    return t("order.sync.nextAttempt", { date: formatDate(sync.next_attempt_at, locale, true) })
  }
  return undefined
}
