import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { daysLeft } from "../../lib/trigger-deadlines"
import type { Knex } from "../../modules/bnpl/ledger"
import { paymentsWaitingForTrigger } from "../../modules/bnpl/orders-to-ship"

export type OrderToShip = {
  order_id: string
  display_id: number | null
  bnpl_payment_id: string
  deadline: string
  days_left: number
}

/**
 * Pay-at-shipment orders waiting for their payment to start (not shipped, not canceled), the
 * nearest deadline first, with their numbers: one ledger query, one order query.
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
  const { data: orders } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "display_id", "status"],
    filters: { id: [...new Set(waiting.map((w) => w.order_id))] },
  })
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
    }))
}
