import { createCartWorkflow, refreshCartItemsWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { isConfigured } from "../../client"
import { BNPL_MODULE } from "../../modules/bnpl"
import type BnplModuleService from "../../modules/bnpl/service"
import { plansForCart } from "../eligibility/plans"

/**
 * Keeps each cart's plans current as it is created and as its items or total change
 * (`refreshCartItemsWorkflow` runs for every item change and cart update). A cart mutation
 * never fails because of this: errors are logged, and the service call has a tight timeout.
 */
async function refresh(container: MedusaContainer, cartId: string | undefined) {
  if (!cartId) {
    return
  }
  try {
    // Not configured yet: nothing to keep, and no cart query on every mutation.
    const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    if (!isConfigured(options)) {
      return
    }
    await plansForCart(container, cartId)
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL eligibility for cart ${cartId} not refreshed: ${(e as Error).message}`)
  }
}

createCartWorkflow.hooks.cartCreated(async ({ cart }, { container }) => {
  await refresh(container, cart?.id)
})

refreshCartItemsWorkflow.hooks.beforeRefreshingPaymentCollection(async ({ input }, { container }) => {
  await refresh(container, input?.cart_id)
})
