import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { jobTime, type JobTime } from "../lib/infrastructure/job-time"
import { closeEndedLinks } from "../workflows/payment-links/utils/links"

/**
 * Payment links cancelled or past their validity: the payment a customer started with one and did
 * not complete is cancelled at the service (one paid meanwhile becomes the order's). A service
 * that cannot answer leaves the link for the next run.
 */
export default async function closePaymentLinks(container: MedusaContainer, at?: JobTime) {
  const done = await closeEndedLinks(container, new Date(jobTime(at)))
  if (done.ended) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`BNPL payment links ended: ${done.closed} of ${done.ended} closed (the others next run)`)
  }
  return done
}

export const config = {
  name: "bnpl-close-payment-links",
  schedule: "15 * * * *",
}
