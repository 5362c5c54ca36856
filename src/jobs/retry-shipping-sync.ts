import type { MedusaContainer } from "@medusajs/framework/types"
import { dueShippingSyncs } from "../utils/shipping-sync"
import { retryShippingSyncWorkflow } from "../workflows/sync-shipping-info"

/** Retries shipping syncs that are still pending (service down, timeouts) when they are due. */
export default async function retryBnplShippingSync(container: MedusaContainer) {
  for (const syncId of await dueShippingSyncs(container)) {
    try {
      await retryShippingSyncWorkflow(container).run({ input: { sync_id: syncId } })
    } catch (e) {
      // One sync that cannot run now (e.g. its lock is still held) does not hold back the others.
      container
        .resolve("logger")
        .warn(`BNPL shipping sync ${syncId} not retried this time: ${(e as Error).message}`)
    }
  }
}

export const config = {
  name: "bnpl-retry-shipping-sync",
  schedule: "* * * * *",
}
