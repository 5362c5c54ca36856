import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { retryShippingSyncWorkflow } from "../workflows/sync-shipping-info"

/**
 * Retries shipping syncs that are still pending (service down, timeouts) when they are due.
 * The job's backoff is the retry: one short attempt each, and the run stops at the first sync
 * the service cannot take now, so an outage never makes a run last long.
 */
export default async function retryBnplShippingSync(container: MedusaContainer) {
  const logger = container.resolve("logger")
  for (const syncId of await dueShippingSyncs(container)) {
    try {
      const { result } = await retryShippingSyncWorkflow(container).run({
        input: { sync_id: syncId, call: { timeoutMs: 5000, retries: 0 } },
      })
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
async function dueShippingSyncs(container: MedusaContainer, limit = 100): Promise<string[]> {
  const due = await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .listBnplShippingSyncs(
      { status: "pending", next_attempt_at: { $lte: new Date() } },
      { order: { next_attempt_at: "ASC" }, take: limit, select: ["id"] }
    )
  return due.map((s) => s.id)
}

export const config = {
  name: "bnpl-retry-shipping-sync",
  schedule: "* * * * *",
}
