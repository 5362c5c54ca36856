import { ArrowPath } from "@medusajs/icons"
import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { OrderEventView, OrderMessageView } from "../../../lib/http/http-types"
import { usePushMessage, usePushOrderEvents, usePushShippingSync } from "../../hooks/use-order"
import { formatDate } from "../../lib/format"
import { useBnplI18n } from "../../lib/i18n"
import {
  contentInWords,
  eventsWaitingInWords,
  kindLabel,
  messageDetails,
  messageTriggerLabel,
  outcomeBadge,
} from "../../lib/timeline"

/** The timeline's heading (its id): where focus goes when the events' notice leaves. */
const TIMELINE_HEADING = "bnpl-timeline-heading"

/**
 * One timeline of what the service was told about the order (shipping information, the order
 * attached, statuses, tracking numbers, the payment's start), newest first, with "Push again" on
 * each entry it does not have yet; and sending the shipping information as the order is now.
 * Above them, the order's events whose messages are not recorded yet (the order could not be
 * read when they happened): the retry job handles them, the merchant sees they wait.
 */
export function TimelineCard({
  orderId,
  messages,
  events = [],
  currency,
}: {
  orderId: string
  messages: OrderMessageView[]
  events?: OrderEventView[]
  currency: string
}) {
  const { t } = useBnplI18n()
  const pushShipping = usePushShippingSync(orderId)
  const pushMessage = usePushMessage(orderId)
  return (
    <Container className="divide-y p-0" data-testid="bnpl-timeline-card">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2" id={TIMELINE_HEADING} tabIndex={-1}>
            {t("order.timeline.title")}
          </Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("order.timeline.description")}
          </Text>
        </div>
        <PushButton pending={pushShipping.isPending} onClick={() => pushShipping.mutate()} testId="bnpl-push-again">
          <ArrowPath />
          {t("order.timeline.pushShipping")}
        </PushButton>
      </div>
      {events.length ? <EventsWaiting orderId={orderId} events={events} /> : null}
      {messages.length ? (
        <ol className="divide-y" data-testid="bnpl-timeline">
          {messages.map((message) => (
            <TimelineEntry
              key={message.id}
              message={message}
              currency={currency}
              pushing={pushMessage.isPending && pushMessage.variables === message.id}
              onPush={() => pushMessage.mutate(message.id)}
            />
          ))}
        </ol>
      ) : (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="bnpl-timeline-empty">
          {t("order.timeline.empty")}
        </Text>
      )}
    </Container>
  )
}

/**
 * The order's events not told to the service yet, whether the retry job gave up on one, the last
 * error that kept them, and "Try again now".
 */
function EventsWaiting({ orderId, events }: { orderId: string; events: OrderEventView[] }) {
  const { t } = useBnplI18n()
  const push = usePushOrderEvents(orderId)
  const handle = () =>
    push.mutate(undefined, {
      onSuccess: ({ bnpl_order }) => {
        if (bnpl_order.paid_with_bnpl && !bnpl_order.events.length) document.getElementById(TIMELINE_HEADING)?.focus()
      },
    })
  const words = eventsWaitingInWords(events, t)
  if (!words) return null
  return (
    <div
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-6 py-3"
      data-testid="bnpl-timeline-events-waiting"
    >
      <div className="flex flex-col gap-y-1">
        <Text size="small" weight="plus">
          {words.summary}
        </Text>
        <Text size="small" className={words.givenUp ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
          {words.progress}
        </Text>
        {words.lastError ? (
          <Text size="small" className="text-ui-fg-error break-words">
            {words.lastError}
          </Text>
        ) : null}
      </div>
      <PushButton pending={push.isPending} onClick={handle} testId="bnpl-timeline-events-push">
        {t("order.timeline.eventsPush")}
      </PushButton>
    </div>
  )
}

/** One message: its kind and outcome, why it was sent, its attempts, what it said and what came of it. */
function TimelineEntry({
  message,
  currency,
  pushing,
  onPush,
}: {
  message: OrderMessageView
  currency: string
  pushing: boolean
  onPush: () => void
}) {
  const { t, locale } = useBnplI18n()
  const badge = outcomeBadge(message.outcome, t)
  const kind = kindLabel(message.kind, t)
  const trigger = messageTriggerLabel(message, t)
  const content = contentInWords(message, currency, t, locale)
  const details = messageDetails(message, t, locale)
  return (
    <li
      className="flex flex-col gap-y-1 px-6 py-3"
      data-testid="bnpl-timeline-entry"
      data-kind={message.kind}
      data-status={message.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <StatusBadge color={badge.color}>{badge.label}</StatusBadge>
          <Text size="small" weight="plus">
            {kind}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {trigger}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {t("order.sync.attempts", { count: message.attempts })}
          </Text>
        </div>
        <div className="flex items-center gap-x-2">
          <Text size="small" className="text-ui-fg-subtle whitespace-nowrap">
            <time dateTime={message.created_at}>{formatDate(message.created_at, locale, true)}</time>
          </Text>
          {message.can_push_again ? (
            <PushButton
              pending={pushing}
              onClick={onPush}
              label={t("order.timeline.pushAgainLabel", { kind, trigger })}
              testId="bnpl-timeline-push"
            >
              {t("order.timeline.pushAgain")}
            </PushButton>
          ) : null}
        </div>
      </div>
      {content ? (
        <Text size="small" className="text-ui-fg-subtle break-words">
          {content}
        </Text>
      ) : null}
      {details ? (
        <Text size="small" className={message.last_error ? "text-ui-fg-error break-words" : "text-ui-fg-subtle"}>
          {details}
        </Text>
      ) : null}
    </li>
  )
}

/** One of the timeline's pushes: a small button, busy while its request runs. */
function PushButton({
  pending,
  onClick,
  label,
  testId,
  children,
}: {
  pending: boolean
  onClick: () => void
  label?: string
  testId: string
  children: React.ReactNode
}) {
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={pending}
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Button>
  )
}
