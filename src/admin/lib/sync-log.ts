import type { ShippingMethod } from "../../client/types"
import { formatCents, shippingMethodLabel } from "./format"
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
