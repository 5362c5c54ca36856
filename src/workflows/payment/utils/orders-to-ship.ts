import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { OrderToShipView } from "../../../lib/http/http-types"
import { daysLeft, latestTrigger, toShipState } from "../../../lib/payment/trigger-deadlines"
import type { Knex } from "../../../modules/bnpl/ledger"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import { paymentsWaitingForTrigger, type WaitingForTrigger } from "../../../modules/bnpl/orders-to-ship"
import type BnplModuleService from "../../../modules/bnpl/service"

export type OrderToShip = OrderToShipView & Pick<WaitingForTrigger, "deadline_warned_at" | "deadline_passed_warned_at">

/**
 * Pay-at-shipment orders whose payment has not started (not cancelled), the nearest deadline
 * first, with their numbers and where each stands (`toShipState`: a refused or abandoned
 * trigger says why): one ledger query, one order query, one query of their trigger records.
 */
export async function ordersToShip(
  container: MedusaContainer,
  range: { after?: Date; upTo?: Date } = {},
  now = Date.now()
): Promise<OrderToShip[]> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as Knex
  const waiting = await paymentsWaitingForTrigger(knex, range)
  if (!waiting.length) {
    return []
  }
  const orderIds = [...new Set(waiting.map((w) => w.order_id))]
  const [{ data: orders }, triggers] = await Promise.all([
    container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["id", "display_id", "status"],
      filters: { id: orderIds },
    }),
    container
      .resolve<BnplModuleService>(BNPL_MODULE)
      .listBnplServiceMessages(
        { order_id: orderIds, kind: "trigger" },
        { select: ["order_id", "bnpl_payment_id", "status", "last_error", "created_at"] }
      ),
  ])
  const byId = new Map(
    (orders as unknown as { id: string; display_id?: number; status?: string }[]).map((o) => [o.id, o])
  )
  return waiting
    .filter((w) => byId.has(w.order_id) && byId.get(w.order_id)!.status !== "canceled")
    .map((w) => ({
      order_id: w.order_id,
      display_id: byId.get(w.order_id)!.display_id ?? null,
      bnpl_payment_id: w.bnpl_payment_id,
      deadline: new Date(w.trigger_deadline).toISOString(),
      days_left: daysLeft(w.trigger_deadline, now),
      ...toShipState(
        w.trigger_deadline,
        latestTrigger(triggers.filter((t) => t.bnpl_payment_id === w.bnpl_payment_id)),
        now
      ),
      deadline_warned_at: w.deadline_warned_at,
      deadline_passed_warned_at: w.deadline_passed_warned_at,
    }))
}
