import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { MessagePushAnswer, OrderEventsPushAnswer, OrderView, ShippingSyncAnswer } from "../../lib/http/http-types"
import { useBnplI18n, type Translate } from "../lib/i18n"
import { errorMessage, sdk } from "../lib/sdk"

export const orderKey = (orderId: string) => ["bnpl", "order", orderId]

/** `GET /admin/bnpl/orders/:id`: the order's service payment, its messages to the service and its events still waiting. */
export const useOrderView = (orderId: string) =>
  useQuery({
    queryKey: orderKey(orderId),
    queryFn: () => sdk.client.fetch<{ bnpl_order: OrderView }>(`/admin/bnpl/orders/${orderId}`),
  })

/** The push's outcome in the merchant's words: not accepted yet, nothing sent, or done. */
function sayOutcome(sync: ShippingSyncAnswer["sync"], t: Translate) {
  const status = sync?.status
  if (status === "failed" || status === "pending") {
    toast.warning(t("order.sync.toast.notYet"), {
      description: sync?.last_error ?? t("order.sync.toast.notYetDescription"),
    })
  } else if (status === "skipped") {
    toast.info(t("order.sync.toast.nothingSent"), {
      description: sync?.last_error ?? t("order.sync.toast.nothingSentDescription"),
    })
  } else {
    toast.success(status === "unchanged" ? t("order.sync.toast.upToDate") : t("order.sync.toast.sent"))
  }
}

/** "Push again" (`POST /admin/bnpl/orders/:id/shipping-sync`): the answer holds the order's new view. */
export function usePushShippingSync(orderId: string) {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<ShippingSyncAnswer>(`/admin/bnpl/orders/${orderId}/shipping-sync`, { method: "POST" }),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKey(orderId), { bnpl_order: answer.bnpl_order })
      sayOutcome(answer.sync, t)
    },
    onError: (e) => {
      toast.error(t("order.sync.toast.failed"), { description: errorMessage(e, t) })
      void queryClient.invalidateQueries({ queryKey: orderKey(orderId) })
    },
  })
}

/** A timeline push's toasts, as keys of `order.timeline.toast`. */
type PushWords = { sent: string; notYet: string; notYetDescription: string; failed: string }
const MESSAGE_WORDS: PushWords = {
  sent: "sent",
  notYet: "notYet",
  notYetDescription: "notYetDescription",
  failed: "failed",
}
const EVENT_WORDS: PushWords = {
  sent: "eventsHandled",
  notYet: "eventsNotYet",
  notYetDescription: "eventsNotYetDescription",
  failed: "eventsFailed",
}

/**
 * A push from the timeline (`POST` to `path(variables)`): the answer holds the order's new view;
 * `outcome` reads from it whether it is done, else the error that kept it. A refusal (accepted
 * already, tried moments ago, nothing waits) is said in the backend's words.
 */
function useTimelinePush<A extends { bnpl_order: OrderView }, V = void>(
  orderId: string,
  path: (variables: V) => string,
  outcome: (answer: A) => { done: boolean; lastError?: string | null },
  words: PushWords
) {
  const { t } = useBnplI18n()
  const queryClient = useQueryClient()
  const say = (key: keyof PushWords) => t(`order.timeline.toast.${words[key]}`)
  return useMutation({
    mutationFn: (variables: V) => sdk.client.fetch<A>(path(variables), { method: "POST" }),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKey(orderId), { bnpl_order: answer.bnpl_order })
      const { done, lastError } = outcome(answer)
      if (done) {
        toast.success(say("sent"))
      } else {
        toast.warning(say("notYet"), { description: lastError ?? say("notYetDescription") })
      }
    },
    onError: (e) => {
      toast.error(say("failed"), { description: errorMessage(e, t) })
      void queryClient.invalidateQueries({ queryKey: orderKey(orderId) })
    },
  })
}

/** "Push again" on one message of the timeline (`POST /admin/bnpl/orders/:id/messages/:message_id/push`). */
export const usePushMessage = (orderId: string) =>
  useTimelinePush<MessagePushAnswer, string>(
    orderId,
    (messageId) => `/admin/bnpl/orders/${orderId}/messages/${messageId}/push`,
    ({ message }) => ({ done: message?.status === "accepted", lastError: message?.last_error }),
    MESSAGE_WORDS
  )

/**
 * "Try again now" on the order's events still waiting (`POST /admin/bnpl/orders/:id/events/push`):
 * done when none waits any more (their messages recorded: each one's outcome is on the timeline).
 */
export const usePushOrderEvents = (orderId: string) =>
  useTimelinePush<OrderEventsPushAnswer>(
    orderId,
    () => `/admin/bnpl/orders/${orderId}/events/push`,
    ({ bnpl_order }) => {
      const waiting = bnpl_order.paid_with_bnpl ? bnpl_order.events : []
      return { done: !waiting.length, lastError: waiting.find((e) => e.last_error)?.last_error }
    },
    EVENT_WORDS
  )
