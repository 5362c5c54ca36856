import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { clientFor, type BnplClient, type CallOptions } from "../../../client"
import { kindOf, REFERENCE_KIND } from "../../../lib/messages/kinds"
import { modeOf } from "../../../lib/settings/mode"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import { findPayment } from "../../../modules/bnpl/ledger"
import type BnplModuleService from "../../../modules/bnpl/service"
import { orderMessagesOf } from "../utils/read-order-messages"
import { attemptFixed, outcome, type Attempt, type PushOutcome } from "../utils/attempt"
import { builtKindOf, paymentOfBuilt } from "../utils/built-kinds"
import { underPaymentLock } from "../utils/payment-lock"

export type PushMessagesInput = {
  order_id: string | null
  /** The payment whose lock the push holds (`underPaymentLock`). */
  lock_name: string
  message_ids: string[]
  /** What each kind built at each attempt read, by kind (`built-kinds.ts`). */
  built?: Record<string, unknown>
  call?: CallOptions
  /** The service's payment the messages were recorded for, when known: its ledger row is read beside them. */
  bnpl_payment_id?: string | null
}

/**
 * The messages of one push: the order's reference first (the others name the order it
 * attaches), then each kind's messages in order, the kinds side by side (a kind's sequence is
 * its own; each is a request to its own path). A kind stops at a service that is down: its
 * later messages wait for the retry job rather than time out in turn; so does everything
 * after a reference that met it.
 */
export async function pushInPhases(
  ids: string[],
  kindOfId: (id: string) => string | undefined,
  push: (id: string) => Promise<PushOutcome>
): Promise<PushOutcome[]> {
  const inOrder = async (group: string[]) => {
    const done: PushOutcome[] = []
    for (const id of group) {
      const result = await push(id)
      done.push(result)
      if (result.error_code === "unavailable") break
    }
    return done
  }
  const first = await inOrder(ids.filter((id) => kindOfId(id) === REFERENCE_KIND))
  if (first.some((o) => o.error_code === "unavailable")) return first
  const byKind = new Map<string, string[]>()
  for (const id of ids.filter((id) => kindOfId(id) !== REFERENCE_KIND)) {
    const kind = kindOfId(id) ?? id
    byKind.set(kind, [...(byKind.get(kind) ?? []), id])
  }
  const rest = await Promise.all([...byKind.values()].map(inOrder))
  return [...first, ...rest.flat()]
}

/**
 * One attempt at each recorded message (see `pushInPhases`), under
 * the payment's lock (`underPaymentLock`) so two workers never send the same content twice.
 * The order's messages, the payment's ledger row and its account's client are read once for
 * them all. Never throws for a service problem: each outcome is recorded, a failing message
 * stays pending for the retry job, and one the account cannot take is `unavailable`.
 */
export const pushMessagesStep = createStep(
  "bnpl-push-order-messages",
  async (input: PushMessagesInput, { container }) => {
    const orderId = input.order_id
    if (!orderId || !input.message_ids.length) {
      return new StepResponse<PushOutcome[]>([])
    }
    return new StepResponse(
      await underPaymentLock(container, input.lock_name, () => pushUnderLock(orderId, input, container))
    )
  }
  // No compensation: an accepted message cannot be taken back, every other outcome is its record.
)

/** The push itself, the payment's lock held. */
async function pushUnderLock(
  orderId: string,
  input: PushMessagesInput,
  container: MedusaContainer
): Promise<PushOutcome[]> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const ledgerOf = (pid: string | null | undefined) => (pid ? findPayment(knex, pid) : Promise.resolve(undefined))
  const named = paymentOfBuilt(input.built)
  // The ledger row read beside the messages (one wait, not two) when the payment is known already.
  const expected = named ?? input.bnpl_payment_id
  const [rows, early] = await Promise.all([orderMessagesOf(container, orderId), ledgerOf(expected)])
  const pid = named ?? rows.find((r) => r.id === input.message_ids[0])?.bnpl_payment_id
  const ledger = pid === expected ? early : await ledgerOf(pid)
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
    built: input.built,
  }
  const one = (id: string): Promise<PushOutcome> => {
    const row = rows.find((r) => r.id === id)
    const spec = row && kindOf(row.kind)
    if (!row || !spec) return Promise.resolve(outcome({ id, status: "missing", attempts: 0 }))
    const built = builtKindOf(row.kind)
    return built ? built.attempt(attempt, row) : attemptFixed(attempt, row)
  }
  const outcomes = await pushInPhases(input.message_ids, (id) => rows.find((r) => r.id === id)?.kind, one)
  return outcomes
}
