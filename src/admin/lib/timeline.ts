import type { OrderEventView, OrderMessageView } from "../../lib/http/http-types"
import { formatDate, triggerLabel } from "./format"
import type { Translate } from "./i18n"
import { sentSummary } from "./sync-log"

type BadgeColor = "green" | "red" | "orange" | "grey"

/** The entry's badge: the record's own outcome (sent, already up to date, will retry, failed, not sent...). */
export function outcomeBadge(outcome: string, t: Translate): { label: string; color: BadgeColor } {
  const colors: Record<string, BadgeColor> = {
    sent: "green",
    unchanged: "green",
    pending: "orange",
    failed: "red",
    skipped: "grey",
    unavailable: "grey",
  }
  return colors[outcome]
    ? { label: t(`order.timeline.outcome.${outcome}`), color: colors[outcome] }
    : { label: outcome, color: "grey" }
}

type Kind = OrderMessageView["kind"]

/** "Shipping information", "Order attached", "Order status", "Tracking number", "Payment started". */
export const kindLabel = (kind: string, t: Translate): string =>
  Object.prototype.hasOwnProperty.call(CONTENT_IN_WORDS, kind) ? t(`order.timeline.kind.${kind}`) : kind

export const MESSAGE_TRIGGERS = [
  "order_placed",
  "shipment_created",
  "delivery_created",
  "order_canceled",
  "fulfillment_created",
]

/** Why it was sent: the shipping sync's own words for its kind, the order event's for the others. */
export function messageTriggerLabel(message: Pick<OrderMessageView, "kind" | "trigger">, t: Translate): string {
  if (message.kind !== "shipping_info" && MESSAGE_TRIGGERS.includes(message.trigger)) {
    return t(`order.timeline.trigger.${message.trigger}`)
  }
  return triggerLabel(message.trigger, t)
}

const STATUS_WORDS = ["shipped", "delivered", "canceled"]

type Describe = (
  content: Record<string, unknown>,
  raw: unknown,
  currency: string,
  t: Translate,
  locale: string
) => string | undefined

/**
 * What the service was told, in words, per kind: one entry per word of the kind table
 * (`lib/messages/kinds`, through `OrderMessageView["kind"]`), so a new kind without one fails the build.
 */
const CONTENT_IN_WORDS: Record<Kind, Describe> = {
  shipping_info: (_, raw, currency, t, locale) => {
    const sent = sentSummary(raw, currency, t, locale)
    return sent ? t("order.sync.shipping", { sent }) : undefined
  },
  order: (content, _, __, t) =>
    content.merchant_reference
      ? t("order.timeline.content.order", { reference: content.merchant_reference })
      : undefined,
  status: (content, _, __, t) => {
    const status = String(content.status ?? "")
    return t("order.timeline.content.status", {
      status: STATUS_WORDS.includes(status) ? t(`order.timeline.status.${status}`) : status,
    })
  },
  tracking: (content, _, __, t) =>
    content.tracking_number
      ? t("order.timeline.content.tracking", { number: content.tracking_number, carrier: content.carrier ?? "-" })
      : undefined,
  trigger: (_, __, ___, t) => t("order.timeline.content.trigger"),
}

/** What the service was told, in words: the shipping options, the order number, the status, the parcel. */
export function contentInWords(
  message: Pick<OrderMessageView, "kind" | "content">,
  currency: string,
  t: Translate,
  locale: string
): string | undefined {
  const describe = CONTENT_IN_WORDS[message.kind] as Describe | undefined
  return describe?.((message.content ?? {}) as Record<string, unknown>, message.content, currency, t, locale)
}

/**
 * What an entry adds: the backend's own error (English: what the service or Medusa said), else
 * when it was accepted, that nothing had changed, or the next attempt.
 */
export function messageDetails(message: OrderMessageView, t: Translate, locale: string): string | undefined {
  if (message.last_error !== null && message.last_error !== undefined) {
    return message.last_error
  }
  if (message.accepted_at) {
    return t("order.sync.acceptedOn", { date: formatDate(message.accepted_at, locale, true) })
  }
  if (message.outcome === "unchanged") {
    return t("order.timeline.unchanged")
  }
  if (message.status === "pending" && message.next_attempt_at) {
    return t("order.sync.nextAttempt", { date: formatDate(message.next_attempt_at, locale, true) })
  }
  return undefined
}

/**
 * The order's events not told to the service yet (`events[]`, newest first), in words: how many
 * wait; that the plugin tries again, or that the retry job gave up on one (only "Try again now"
 * handles it then); and the last error that kept one. Undefined when nothing waits.
 */
export function eventsWaitingInWords(
  events: OrderEventView[],
  t: Translate
): { summary: string; progress: string; givenUp: boolean; lastError?: string } | undefined {
  if (!events.length) return undefined
  const givenUp = events.some((e) => e.status === "failed")
  const lastError = events.find((e) => e.last_error)?.last_error
  return {
    summary: t("order.timeline.eventsWaiting", { count: events.length }),
    progress: t(givenUp ? "order.timeline.eventsGivenUp" : "order.timeline.eventsRetrying"),
    givenUp,
    ...(lastError ? { lastError: t("order.timeline.eventsLastError", { error: lastError }) } : {}),
  }
}
