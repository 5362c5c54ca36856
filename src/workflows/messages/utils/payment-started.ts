import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { markTriggered, type Knex } from "../../../modules/bnpl/ledger"

type StartedMessage = { payment_id?: string | null; bnpl_payment_id?: string | null }

/**
 * A pay-at-shipment payment the service started (the trigger was accepted): the ledger says so
 * before the message is recorded as accepted. Throws when it cannot (the trigger message stays
 * pending and is tried again: the service answers a second trigger with the payment already
 * started).
 */
export async function recordStarted(container: MedusaContainer, message: StartedMessage): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  await markTriggered(knex, message.bnpl_payment_id!)
}

/**
 * Then, in a store that captures accepted payments, Medusa records the capture (the payment was
 * only authorized until the money was taken), before the trigger's message is recorded as
 * accepted: a crash in between leaves it pending, and the retry captures. Safe to repeat: a captured payment is left as is. A
 * capture Medusa refuses is answered as a problem (the payment did start; sending the trigger
 * again would not change that): the merchant captures from the order, which the provider allows
 * now that the ledger knows the payment started.
 */
export async function captureStarted(
  container: MedusaContainer,
  message: StartedMessage,
  autoCapture: boolean
): Promise<string | null> {
  if (!autoCapture || !message.payment_id) {
    return null
  }
  const payment = await container
    .resolve(Modules.PAYMENT)
    .retrievePayment(message.payment_id, { select: ["id", "captured_at", "canceled_at"] })
  if (payment.captured_at || payment.canceled_at) {
    return null
  }
  return capturePaymentWorkflow(container)
    .run({ input: { payment_id: message.payment_id } })
    .then(
      () => null,
      (e: Error) => e.message
    )
}
