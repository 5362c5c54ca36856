import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { syncShippingInfoWorkflow } from "../workflows/sync-shipping-info"

const TRIGGERS: Record<string, string> = {
  "order-edit.confirmed": "order_edit_confirmed",
  "order.claim_created": "claim_created",
  "order.exchange_created": "exchange_created",
}

/**
 * An order edit, claim or exchange can change an order's shipping after its information was
 * pushed (after the last fulfillment): push it again (sent only if it changed). Before the
 * first push there is nothing to correct: the first fulfillment sends the current information.
 */
export default async function bnplOrderShippingChanged({ event, container }: SubscriberArgs<{ order_id: string }>) {
  const orderId = event.data.order_id
  try {
    const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
    const [pushedBefore] = await bnpl.listBnplShippingSyncs(
      { order_id: orderId, kind: "shipping_info" },
      { take: 1, select: ["id"] }
    )
    if (!pushedBefore) {
      return
    }
    await syncShippingInfoWorkflow(container).run({
      input: { order_id: orderId, trigger: TRIGGERS[event.name] ?? event.name },
    })
  } catch (e) {
    container.resolve("logger").warn(`BNPL shipping sync for order ${orderId} not recorded: ${(e as Error).message}`)
  }
}

export const config: SubscriberConfig = {
  event: Object.keys(TRIGGERS),
  context: { subscriberId: "bnpl-order-shipping-changed" },
}
