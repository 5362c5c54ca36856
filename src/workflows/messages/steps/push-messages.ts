import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientFor, type BnplClient, type CallOptions } from "../../../client"
import { kindOf } from "../../../lib/messages/kinds"
import { modeOf } from "../../../lib/mode"
import { BNPL_MODULE } from "../../../modules/bnpl"
import { findPayment } from "../../../modules/bnpl/ledger"
import type BnplModuleService from "../../../modules/bnpl/service"
import { orderMessagesOf } from "../read"
import { attemptFixed, attemptShippingInfo, outcome, type Attempt, type PushOutcome } from "./attempt"
import type { ShippingRead } from "./read-event"

export type PushMessagesInput = {
  order_id: string | null
  message_ids: string[]
  shipping?: ShippingRead
  call?: CallOptions
}

/**
 * One attempt at each recorded message, in order (the reference before what needs it), under
 * the payment's lock (taken by the workflow) so two workers never send the same content twice.
 * The order's messages, the payment's ledger row and its account's client are read once for
 * them all. Never throws for a service problem: each outcome is recorded, a failing message
 * stays pending for the retry job, and one the account cannot take is `unavailable`.
 */
export const pushMessagesStep = createStep(
  "bnpl-push-order-messages",
  async (input: PushMessagesInput, { container }) => {
    if (!input.order_id || !input.message_ids.length) {
      return new StepResponse<PushOutcome[]>([])
    }
    const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
    const rows = await orderMessagesOf(container, input.order_id)
    const first = rows.find((r) => r.id === input.message_ids[0])
    const pid = input.shipping?.info.kind === "ready" ? input.shipping.info.bnpl_payment_id : first?.bnpl_payment_id
    const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const ledger = pid ? await findPayment(knex, pid) : undefined
    let client: Promise<{ client: BnplClient; autoCapture: boolean }> | undefined
    const attempt: Attempt = {
      container,
      rows,
      ledgerStatus: ledger?.status,
      // Through the account of the payment's own mode, also after the store switched modes.
      client: () =>
        (client ??= bnpl.getOptions(modeOf(ledger)).then((options) => ({
          client: clientFor(options, container.resolve("logger")),
          autoCapture: options.autoCapture,
        }))),
      call: input.call ?? {},
      shipping: input.shipping,
    }
    const outcomes: PushOutcome[] = []
    for (const id of input.message_ids) {
      const row = rows.find((r) => r.id === id)
      const spec = row && kindOf(row.kind)
      const result =
        !row || !spec
          ? outcome({ id, status: "missing", attempts: 0 })
          : spec.fixedAtRecord
            ? await attemptFixed(attempt, row)
            : await attemptShippingInfo(attempt, row)
      outcomes.push(result)
      if (result.error_code === "unavailable") {
        break // the service is down: the others wait for the retry job rather than time out in turn
      }
    }
    return new StepResponse(outcomes)
  }
  // No compensation: an accepted message cannot be taken back, every other outcome is its record.
)
