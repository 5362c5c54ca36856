import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MessageTrigger } from "../../lib/messages/content"
import { failedAttempt } from "../../lib/shipping/sync-policy"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { sendOrderMessagesWorkflow } from "../send-order-messages"
import { syncShippingInfoWorkflow } from "../sync-shipping-info"
import { orderIdOfFulfillment, orderMessagesOf } from "./read"

/** An order event the plugin tells the service about (shipment and delivery name only the fulfillment). */
export type OrderEvent = { trigger: MessageTrigger; order_id?: string | null; fulfillment_id?: string | null }

/**
 * Handles an order event: its messages are built from one read of the order, recorded, then
 * sent. Never fails the merchant's action. When the messages cannot even be built (the order
 * or its options could not be read: a dropped connection), the event itself is recorded (kind
 * `event`) and the retry job handles it again: a shipment's trigger is never lost to one failed
 * read. A workflow that failed after recording leaves its rows for the job as well; handling
 * the event again records nothing twice (tracking and the trigger once, a status unchanged).
 */
export async function handleOrderEvent(container: MedusaContainer, event: OrderEvent): Promise<void> {
  try {
    await runOrderEvent(container, event)
  } catch (e) {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const what = `BNPL ${event.trigger} of order ${event.order_id ?? `(fulfillment ${event.fulfillment_id})`}`
    logger.warn(`${what}: messages not sent now, handled again by the retry job: ${(e as Error).message}`)
    await recordEvent(container, event, (e as Error).message).catch((recordError) =>
      logger.error(`${what}: the event could not be recorded either: ${(recordError as Error).message}`)
    )
  }
}

/** One attempt at an event (no record of its own on failure: the caller records). */
async function runOrderEvent(container: MedusaContainer, event: OrderEvent): Promise<void> {
  const orderId =
    event.order_id || (event.fulfillment_id && (await orderIdOfFulfillment(container, event.fulfillment_id)))
  if (!orderId) {
    return // a fulfillment of no order (a return's): nothing to tell
  }
  await sendOrderMessagesWorkflow(container).run({
    input: { order_id: orderId, trigger: event.trigger, fulfillment_id: event.fulfillment_id ?? undefined },
  })
}

async function recordEvent(container: MedusaContainer, event: OrderEvent, error: string): Promise<void> {
  await container.resolve<BnplModuleService>(BNPL_MODULE).createBnplShippingSyncs([
    {
      // The order may be unknown yet (the fulfillment's read failed): the job finds it then.
      order_id: event.order_id ?? "",
      kind: "event",
      trigger: event.trigger,
      fulfillment_id: event.fulfillment_id ?? null,
      status: "pending",
      payload: {
        trigger: event.trigger,
        order_id: event.order_id ?? null,
        fulfillment_id: event.fulfillment_id ?? null,
      },
      attempts: 1,
      last_error: error.slice(0, 500),
      next_attempt_at: new Date(),
    },
  ])
}

/** The retry job's attempt at a recorded event: handled (`synced`), or tried again with backoff. */
export async function retryOrderEvent(container: MedusaContainer, id: string): Promise<void> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const row = await bnpl.retrieveBnplShippingSync(id)
  if (row.status !== "pending") {
    return
  }
  const event = row.payload as unknown as OrderEvent
  try {
    await runOrderEvent(container, event)
  } catch (e) {
    await bnpl.updateBnplShippingSyncs({ id, ...failedAttempt(row.attempts + 1), last_error: (e as Error).message })
    throw e
  }
  await bnpl.updateBnplShippingSyncs({
    id,
    attempts: row.attempts + 1,
    status: "synced",
    synced_at: new Date(),
    next_attempt_at: null,
    last_error: null,
  })
}

/**
 * An order placed while the service still reviewed its payment had no payment of the plugin's
 * when its events happened: nothing was recorded then. Once an order holds the payment, an order
 * with nothing recorded has what it went through told now, in order: the reference, then each
 * fulfillment's handover (a shipment, a delivery: the trigger of a pay-at-shipment payment among
 * them) and the order's shipping information. Every step records before it sends and never sends
 * a content twice. An order whose events were handled (anything recorded) costs one read.
 */
export async function catchUpOrderEvents(container: MedusaContainer, orderId: string): Promise<void> {
  if ((await orderMessagesOf(container, orderId)).length) {
    return
  }
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: [
      "id",
      "fulfillments.id",
      "fulfillments.created_at",
      "fulfillments.shipped_at",
      "fulfillments.delivered_at",
    ],
    filters: { id: orderId },
  })
  type Fulfillment = { id: string; created_at?: string; shipped_at?: string | null; delivered_at?: string | null }
  const fulfillments = [...(((data[0] as any)?.fulfillments ?? []) as Fulfillment[])].sort(
    (a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime()
  )
  await handleOrderEvent(container, { trigger: "order_placed", order_id: orderId })
  for (const f of fulfillments) {
    await handleOrderEvent(container, { trigger: "fulfillment_created", order_id: orderId, fulfillment_id: f.id })
    if (f.shipped_at) {
      await handleOrderEvent(container, { trigger: "shipment_created", order_id: orderId, fulfillment_id: f.id })
    }
    if (f.delivered_at) {
      await handleOrderEvent(container, { trigger: "delivery_created", order_id: orderId, fulfillment_id: f.id })
    }
  }
  if (fulfillments.length) {
    await syncShippingInfoWorkflow(container)
      .run({ input: { order_id: orderId, fulfillment_id: fulfillments.at(-1)!.id, trigger: "fulfillment_created" } })
      .catch((e) =>
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `BNPL order ${orderId}: shipping information not recorded after the late acceptance: ${(e as Error).message}`
          )
      )
  }
}
