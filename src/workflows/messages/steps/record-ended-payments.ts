import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recordEndedPayments } from "../utils/ended-payments"
import type { EventRead } from "./read-event"

/**
 * An order placed: Medusa records what the service did with the earlier payments its collection
 * kept (`recordEndedPayments`), before the event's messages are recorded, so that a failure here
 * leaves the event's own record for the retry job, which handles the event again.
 */
export const recordEndedPaymentsStep = createStep(
  "bnpl-record-ended-payments",
  async ({ read }: { read: EventRead }, { container }) => {
    const earlier = read.earlier
    const recorded = earlier?.payments.length
      ? await recordEndedPayments(container, earlier.payments, earlier.currency)
      : []
    return new StepResponse(recorded)
  }
  // No compensation: a refund or cancel recorded matches what the service did; repeating it does nothing.
)
