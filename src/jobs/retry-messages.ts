import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_MODULE } from "../modules/bnpl/module-name"
import type BnplModuleService from "../modules/bnpl/service"
import { retryMessage, retryOrderEvent } from "../workflows/messages/workflows/handle-order-event"

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
  for (const due of await dueNow(container)) {
    const what =
      "event" in due
        ? `BNPL ${due.event} ${due.id} of order ${due.order_id || "(unknown yet)"}`
        : `BNPL ${due.kind} message ${due.id} of order ${due.order_id}`
    try {
      const result =
        "event" in due ? await retryOrderEvent(container, due.id) : await retryMessage(container, due.id, call)
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

type Due = { id: string; order_id: string | null; next_attempt_at: Date | string | null } & (
  { event: string } | { kind: string }
)

/** Pending events and messages whose next attempt is due, the most overdue first (two indexed queries). */
async function dueNow(container: MedusaContainer, limit = 100): Promise<Due[]> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const filter = { status: "pending" as const, next_attempt_at: { $lte: new Date() } }
  const config = { order: { next_attempt_at: "ASC" as const }, take: limit }
  const [events, messages] = await Promise.all([
    bnpl.listBnplOrderEvents(filter, { ...config, select: ["id", "event", "order_id", "next_attempt_at"] }),
    bnpl.listBnplServiceMessages(filter, { ...config, select: ["id", "kind", "order_id", "next_attempt_at"] }),
  ])
  const at = (d: Due) => new Date(d.next_attempt_at ?? 0).getTime()
  return ([...events, ...messages] as Due[]).sort((a, b) => at(a) - at(b)).slice(0, limit)
}

/**
 * Every 15 s: a push left pending by a worker that died is due 30 s after it was recorded
 * (`UNPUSHED_RETRY_AFTER_MS`), its lock free 10 s after the death (`LOCK_LEASE_S`), so the
 * service has it within about 45 s. A run with nothing due is two indexed queries.
 */
export const config = {
  name: "bnpl-retry-messages",
  schedule: { interval: 15_000 },
}
