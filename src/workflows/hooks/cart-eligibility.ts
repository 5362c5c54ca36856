import { createCartWorkflow, refreshCartItemsWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { isConfigured } from "../../client"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { plansForCart, type CartPlansAnswer } from "../eligibility/plans"
import { refreshCheckoutDetails } from "../payment/checkout-details"

/**
 * Keeps each cart's plans current as it is created and as its items or total change
 * (`refreshCartItemsWorkflow` runs for every item change and cart update), and, on a change,
 * the details of its open instalment payment (see checkout-details.ts). A cart mutation never
 * fails because of this: errors are logged, and the service call has a tight timeout. A store
 * whose plugin is not configured pays nothing on a cart mutation but the options read (cached).
 */
async function refresh(container: MedusaContainer, cartId: string | undefined, { details }: { details: boolean }) {
  if (!cartId) {
    return
  }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  let plans: CartPlansAnswer | undefined
  try {
    const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    if (!isConfigured(options)) {
      return
    }
    plans = await plansForCart(container, cartId)
  } catch (e) {
    logger.warn(`BNPL eligibility for cart ${cartId} not refreshed: ${(e as Error).message}`)
  }
  if (details) {
    await refreshCheckoutDetails(container, cartId, plans).catch((e) =>
      logger.warn(`BNPL payment of cart ${cartId} keeps the details it was made with: ${(e as Error).message}`)
    )
  }
}

createCartWorkflow.hooks.cartCreated(async ({ cart }, { container }) => {
  await refresh(container, cart?.id, { details: false })
})

refreshCartItemsWorkflow.hooks.beforeRefreshingPaymentCollection(async ({ input }, { container }) => {
  await refresh(container, input?.cart_id, { details: true })
})
