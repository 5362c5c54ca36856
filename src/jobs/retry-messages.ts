import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_MODULE } from "../modules/bnpl/module-name"
import type BnplModuleService from "../modules/bnpl/service"
import { attemptRecorded } from "../workflows/messages/workflows/handle-order-event"

/**
 * Retries what the service has not been told yet, of every kind, when it is due: messages
 * (shipping information rebuilt from the order as it is now; the others as recorded) and order
 * events whose messages were never recorded (handled again now). The job's backoff is the
 * retry: one short attempt each, and the run stops at the first the service cannot take now,
 * so an outage never makes a run last long.
 */
export default async function retryBnplMessages(container: MedusaContainer) {
  const logger = container.resolve("logger")
  const call = { timeoutMs: 5000, retries: 0 }
  for (const row of await dueMessages(container)) {
    const what = `BNPL ${row.kind} ${row.kind === "event" ? "" : "message "}${row.id} of order ${row.order_id || "(unknown yet)"}`
    try {
      const result = await attemptRecorded(container, row, call)
      if (result?.error_code === "unavailable") {
        logger.warn(`BNPL message retries paused until the next run: the service is unavailable (at ${what})`)
        return
      }
    } catch (e) {
      // One that cannot run now (e.g. its lock is still held) does not hold back the others.
      logger.warn(`${what} not retried this time: ${(e as Error).message}`)
    }
  }
}

/** Pending rows whose next attempt is due, the most overdue first. */
async function dueMessages(container: MedusaContainer, limit = 100) {
  const due = await container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .listBnplServiceMessages(
      { status: "pending", next_attempt_at: { $lte: new Date() } },
      { order: { next_attempt_at: "ASC" }, take: limit, select: ["id", "kind", "order_id"] }
    )
  return due.map((s) => ({ id: s.id, kind: s.kind as string, order_id: s.order_id }))
}

/**
 * Every 15 s: a push left pending by a worker that died is due 30 s after it was recorded
 * (`UNPUSHED_RETRY_AFTER_MS`), its lock free 10 s after the death (`LOCK_LEASE_S`), so the
 * service has it within about 45 s. A run with nothing due is one indexed query.
 */
export const config = {
  name: "bnpl-retry-messages",
  schedule: { interval: 15_000 },
}
