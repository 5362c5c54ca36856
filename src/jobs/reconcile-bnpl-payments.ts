import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcilePayments } from "../workflows/reconciliation/utils/compare"
import { jobTime, type JobTime } from "../lib/infrastructure/job-time"

/** The hour (UTC) whose run logs the day's count, whatever it is. */
const DAILY_LOG_HOUR = 6

/**
 * Every hour: each instalment payment of the last 90 days compared with what Medusa recorded
 * (bounded service reads: once per payment and change), the differences kept for the admin's
 * Reconciliation page. Never moves money. Once a day, one log line with the count (a warning
 * when some differ); a run that finds a new difference says so at once.
 */
export default async function reconcileBnplPayments(container: MedusaContainer, at?: JobTime) {
  const now = jobTime(at)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const figures = await reconcilePayments(container, { now })
  const line = `BNPL reconciliation: ${figures.differing} of ${figures.checked} instalment payment(s) of the last 90 days differ between the service and Medusa (admin: Settings → Instalment payments → Reconciliation); ${figures.service_reads} read at the service${figures.left_unread ? `, ${figures.left_unread} left for the next run` : ""}`
  const daily = new Date(now).getUTCHours() === DAILY_LOG_HOUR
  if (figures.new_drifts || (daily && figures.differing)) {
    logger.warn(line + (figures.new_drifts ? ` (${figures.new_drifts} new)` : ""))
  } else if (daily) {
    logger.info(line)
  }
}

export const config = {
  name: "bnpl-reconcile-payments",
  schedule: "15 * * * *",
}
