import type { MedusaContainer } from "@medusajs/framework/types"
import { dueShippingSyncs } from "../utils/shipping-sync"
import { retryShippingSyncWorkflow } from "../workflows/sync-shipping-info"

/** Retries shipping syncs that are still pending (service down, timeouts) when they are due. */
export default async function retryBnplShippingSync(container: MedusaContainer) {
  for (const syncId of await dueShippingSyncs(container)) {
    await retryShippingSyncWorkflow(container).run({ input: { sync_id: syncId } })
  }
}

export const config = {
  name: "bnpl-retry-shipping-sync",
  schedule: "* * * * *",
}
