import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { messagesToRecord, type MessageEvent } from "../../../lib/messages/content"
import { UNPUSHED_RETRY_AFTER_MS } from "../../../lib/messages/retry"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { builtKindOf } from "../utils/built-kinds"
import type { EventRead } from "./read-event"

export type RecordMessagesInput = { read: EventRead; event: MessageEvent; event_id?: string | null }

/**
 * Records what an event tells the service: one pending row per message (a parcel or a trigger
 * already recorded is not recorded again; an order placed before the plugin attached orders
 * gets its reference first), then the event's own record is deleted: its messages now stand
 * for it. The push step, then the retry job, act on the rows.
 */
export const recordMessagesStep = createStep(
  "bnpl-record-order-messages",
  async ({ read, event, event_id }: RecordMessagesInput, { container }) => {
    const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
    const messages = read.payment ? messagesToRecord(read.messages, read.recorded, read.reference) : []
    const rows = messages.map((m) => {
      // A kind built from the order at each attempt (the shipping information): the row keeps what was read.
      const built = builtKindOf(m.kind)?.recorded(read.built?.[m.kind])
      return {
        order_id: read.order_id!,
        kind: m.kind,
        trigger: event,
        fulfillment_id: m.fulfillment_id ?? null,
        status: "pending" as const,
        payment_id: read.payment?.id ?? null,
        bnpl_payment_id: read.payment?.data?.bnpl_payment_id ?? null,
        payload: built ? built.payload : ((m.payload ?? null) as Record<string, unknown> | null),
        payload_hash: built ? built.payload_hash : m.hash,
        next_attempt_at: new Date(Date.now() + UNPUSHED_RETRY_AFTER_MS),
      }
    })
    // One statement: the messages and the event's record never both stand, nor neither.
    return new StepResponse<string[]>(await bnpl.recordMessages(rows, event_id))
  }
  // Deliberately no compensation: the rows are the durable trace the retry job works from.
)
