/**
 * `@medusajs/medusa/core-flows` as the model runs it (the spec's jest.mock): Medusa's real core
 * flows, except the five the plugin calls that need a whole Medusa (its payment module, orders,
 * the workflow engine's stores): each runs the model's stand-in of Medusa (`modelMedusa` in the
 * container, medusa.ts), which makes the same provider calls in the same order. The cancel
 * workflow's `orderCanceled` hook keeps the handlers registered on it (the plugin's
 * workflows/hooks/order-canceled.ts), which the stand-in runs where Medusa runs the hook.
 */
import { coreFlowsWith } from "../helpers/core-flows-with"

type Hook = (input: { order: any }, context: { container: any }) => Promise<void>

const registry = ((globalThis as any).__bnplModelHooks ??= { orderCanceled: [] as Hook[] })

/** The handlers registered on `cancelOrderWorkflow.hooks.orderCanceled`. */
export const orderCanceledHooks = (): Hook[] => registry.orderCanceled

export function coreFlowsWithMedusaStandIn() {
  const viaMedusa = (run: (medusa: any, input: any) => Promise<unknown>) => (container: any) => ({
    run: async ({ input }: { input: any }) => ({ result: await run(container.resolve("modelMedusa"), input) }),
  })
  const cancelOrderWorkflow = Object.assign(
    viaMedusa((medusa, input) => medusa.cancelOrder(input.order_id)),
    {
      hooks: {
        orderCanceled: (handler: Hook) => {
          registry.orderCanceled.push(handler)
        },
      },
    }
  )
  return coreFlowsWith({
    cancelOrderWorkflow,
    processPaymentWorkflow: viaMedusa((medusa, input) => medusa.processPayment(input)),
    capturePaymentWorkflow: viaMedusa((medusa, input) => medusa.captureWorkflow(input.payment_id, input.amount)),
    refundPaymentWorkflow: viaMedusa((medusa, input) => medusa.refundWorkflow(input.payment_id, Number(input.amount))),
    // The shipping options offered for a cart are not part of the model: none.
    listShippingOptionsForCartWithPricingWorkflow: () => ({ run: async () => ({ result: [] }) }),
  })
}
