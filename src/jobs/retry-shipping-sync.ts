import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { retryOrderEvent } from "../workflows/messages/order-event"
import { retryOrderMessageWorkflow } from "../workflows/send-order-messages"
import { retryShippingSyncWorkflow } from "../workflows/sync-shipping-info"

/**
 * Retries messages to the service that are still pending (service down, timeouts) when they
 * are due: shipping syncs, rebuilt from the order as it is now, and the after-order messages
 * (reference, status, tracking, trigger), whose content was fixed when recorded, and order
 * events whose messages could not be built when they happened (handled again now).
 * The job's backoff is the retry: one short attempt each, and the run stops at the first sync
 * the service cannot take now, so an outage never makes a run last long.
 */
export default async function retryBnplShippingSync(container: MedusaContainer) {
  const logger = container.resolve("logger")
  const call = { timeoutMs: 5000, retries: 0 }
  for (const { id: syncId, kind } of await dueShippingSyncs(container)) {
    try {
      if (kind === "event") {
        await retryOrderEvent(container, syncId)
        continue
      }
      const { result } =
        kind === "shipping_info"
          ? await retryShippingSyncWorkflow(container).run({ input: { sync_id: syncId, call } })
          : {
              result: (await retryOrderMessageWorkflow(container).run({ input: { message_id: syncId, call } }))
                .result[0],
            }
      if (result?.error_code === "unavailable") {
        logger.warn("BNPL shipping sync retries paused until the next run: the service is unavailable")
        return
      }
    } catch (e) {
      // One sync that cannot run now (e.g. its lock is still held) does not hold back the others.
      logger.warn(`BNPL shipping sync ${syncId} not retried this time: ${(e as Error).message}`)
    }
  }
}

/** Pending syncs whose next attempt is due, the most overdue first. */
async function dueShippingSyncs(container: MedusaContainer, limit = 100): Promise<{ id: string; kind: string }[]> {
  const due = await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .listBnplShippingSyncs(
      { status: "pending", next_attempt_at: { $lte: new Date() } },
      { order: { next_attempt_at: "ASC" }, take: limit, select: ["id", "kind"] }
    )
  return due.map((s) => ({ id: s.id, kind: s.kind }))
}

export const config = {
  name: "bnpl-retry-shipping-sync",
  schedule: "* * * * *",
}
