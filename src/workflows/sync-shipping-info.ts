import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { CallOptions } from "../client"
import { paymentLock } from "./payment-lock"
import { prepareShippingSyncStep, type PrepareShippingSyncInput } from "./steps/prepare-shipping-sync"
import { pushShippingInfoStep } from "./steps/push-shipping-info"
import { readOrderShippingStep, type ReadOrderShippingOutput } from "./steps/read-order-shipping"
import { readShippingSyncStep } from "./steps/read-shipping-sync"

/** The payment's lock (`payment-lock.ts`), shared with the other messages about the order. */
const lockOf = (syncId: string | null, orderId: string, read: ReadOrderShippingOutput) =>
  paymentLock(!!syncId, read.bnpl_payment_id ?? read.payment_id ?? orderId)

/**
 * An order's shipping information to the service: read the order once, record the sync, then
 * push it under the payment's lock. A failed step after the lock releases it (the lock step's
 * compensation); the recorded sync stays for the retry job.
 */
export const syncShippingInfoWorkflow = createWorkflow("bnpl-sync-shipping-info", (input: PrepareShippingSyncInput) => {
  const read = readOrderShippingStep({ order_id: input.order_id })
  const syncId = prepareShippingSyncStep(transform({ input, read }, ({ input, read }) => ({ ...input, read })))
  const lock = transform({ syncId, input, read }, ({ syncId, input, read }) => lockOf(syncId, input.order_id, read))
  acquireLockStep({
    key: lock.lockKey,
    ownerId: lock.owner,
    timeout: 30,
    ttl: lock.lockTtl,
    executeOnSubWorkflow: true,
  })
  const result = pushShippingInfoStep(transform({ syncId, read }, ({ syncId, read }) => ({ sync_id: syncId, read })))
  releaseLockStep({ key: lock.lockKey, ownerId: lock.owner, executeOnSubWorkflow: true })
  return new WorkflowResponse(result)
})

export type PushShippingInfoInput = { sync_id: string; call?: CallOptions }

/** Another attempt at a recorded sync (the retry job): the order read again, as it is now. */
export const retryShippingSyncWorkflow = createWorkflow("bnpl-retry-shipping-sync", (input: PushShippingInfoInput) => {
  const sync = readShippingSyncStep({ sync_id: input.sync_id })
  const read = readOrderShippingStep({ order_id: sync.order_id })
  const lock = transform({ sync, read }, ({ sync, read }) => lockOf(sync.id, sync.order_id, read))
  acquireLockStep({
    key: lock.lockKey,
    ownerId: lock.owner,
    timeout: 30,
    ttl: lock.lockTtl,
    executeOnSubWorkflow: true,
  })
  const result = pushShippingInfoStep(
    transform({ input, read }, ({ input, read }) => ({ sync_id: input.sync_id, read, call: input.call }))
  )
  releaseLockStep({ key: lock.lockKey, ownerId: lock.owner, executeOnSubWorkflow: true })
  return new WorkflowResponse(result)
})
