import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { hashMessage, type OrderMessage } from "../../lib/messages/content"
import { ONCE_KINDS } from "../../lib/messages/policy"
import { UNPUSHED_RETRY_AFTER_MS } from "../../lib/shipping/sync-policy"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { orderMessagesOf } from "../messages/read"
import type { ReadOrderMessagesOutput } from "./read-order-messages"

/**
 * Records what an event tells the service, before anything can fail: one pending row per
 * message, which the push step then the retry job act on. A parcel or a trigger already
 * recorded for the order is not recorded again (each tracking number once, the trigger once,
 * unless the earlier one failed for good); an order placed before the plugin
 * attached orders gets its reference recorded first, since status and tracking need it.
 */
export const recordOrderMessagesStep = createStep(
  "bnpl-record-order-messages",
  async (input: ReadOrderMessagesOutput & { trigger: string }, { container }) => {
    if (!input.payment_id || !input.messages.length) {
      return new StepResponse<string[]>([])
    }
    const recorded = await orderMessagesOf(container, input.order_id)
    const known = new Set(recorded.filter((r) => r.status !== "failed").map((r) => `${r.kind}:${r.payload_hash}`))
    const referenced = recorded.some((r) => r.kind === "order_reference")
    const messages: OrderMessage[] = [
      ...(!referenced && input.reference && input.messages[0]?.kind !== "order_reference" ? [input.reference] : []),
      ...input.messages,
    ]
    const rows = messages
      .map((m) => ({ message: m, hash: hashMessage(m.kind, m.payload) }))
      .filter(({ message, hash }) => !ONCE_KINDS.includes(message.kind) || !known.has(`${message.kind}:${hash}`))
      .map(({ message, hash }) => ({
        order_id: input.order_id,
        kind: message.kind,
        trigger: input.trigger,
        fulfillment_id: message.kind === "tracking" ? message.fulfillment_id : null,
        status: "pending" as const,
        payment_id: input.payment_id ?? null,
        bnpl_payment_id: input.bnpl_payment_id ?? null,
        payload: message.payload as unknown as Record<string, unknown>,
        payload_hash: hash,
        next_attempt_at: new Date(Date.now() + UNPUSHED_RETRY_AFTER_MS),
      }))
    if (!rows.length) {
      return new StepResponse<string[]>([])
    }
    const created = await container.resolve<BnplModuleService>(BNPL_MODULE).createBnplShippingSyncs(rows)
    return new StepResponse<string[]>(created.map((r) => r.id))
  }
  // Deliberately no compensation: the rows are the durable trace the retry job works from.
)
