import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { refundEditedDifference } from "../workflows/payment/edited-before-trigger"

/**
 * A payment captured: a pay-at-shipment order edited to a lower total before it shipped gets
 * the difference back (`refundEditedDifference`). Never fails the capture: a failure is logged
 * with what the merchant should do.
 */
export default async function bnplPaymentCaptured({ event, container }: SubscriberArgs<{ id: string }>) {
  await refundEditedDifference(container, event.data.id).catch((e) =>
    container
      .resolve("logger")
      .error(
        `BNPL payment ${event.data.id} captured: the order's lower total after an edit could not be refunded, refund the difference from the order: ${(e as Error).message}`
      )
  )
}

export const config: SubscriberConfig = {
  event: "payment.captured",
  context: { subscriberId: "bnpl-payment-captured" },
}
