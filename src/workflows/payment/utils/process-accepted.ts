import type { ILockingModule, MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { findPayment, type Knex } from "../../../modules/bnpl/ledger"
import { afterProcessing, handleReturn, type Outcome } from "./handle-notification"

/** How long a second request for the same payment waits for the first one (seconds). */
const PROCESS_LOCK_WAIT_S = 30

/**
 * Medusa processes an accepted payment (`processPaymentWorkflow`: authorizes its session, and
 * completes its cart when it has one), then the plugin records who holds it. One at a time per
 * payment: a notification and the customer's return (or two notifications) may come together,
 * and a collection with no cart has no cart lock. Without it the second authorization reaches
 * the provider after the first claimed the payment, is refused, and Medusa 2.21 then writes the
 * refusal over the session's status and answers an error (measured: the return answered 400
 * beside three notifications). The second request finds the ledger moved and reads the result.
 */
export async function processAccepted(
  container: MedusaContainer,
  pid: string,
  process: WebhookActionResult
): Promise<Outcome> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  return locking.execute(
    `bnpl-process:${pid}`,
    async () => {
      if ((await findPayment(knex, pid))?.status === "open") {
        await processPaymentWorkflow(container).run({ input: process })
      }
      return afterProcessing(container, pid)
    },
    { timeout: PROCESS_LOCK_WAIT_S }
  )
}

/**
 * A payment of what an order owes (a payment link: no cart) that the service accepted and that
 * no notification or return recorded (the service's notifications all failed while the store
 * could not check them): recorded on the order as the customer's return would record it, never
 * given back as a payment no order holds. `retry`: the service or Medusa could not do it now.
 */
export async function recordUnnotifiedOwedPayment(
  container: MedusaContainer,
  pid: string
): Promise<"recorded" | "not accepted" | "retry"> {
  const decided = await handleReturn(container, pid)
  if (decided.process) {
    const done = await processAccepted(container, pid, decided.process)
    return done.status === 200 && done.result === "processed" ? "recorded" : "retry"
  }
  return decided.result === "retry" ? "retry" : "not accepted"
}
