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
 * (`refreshCartItemsWorkflow` runs for every item change and cart update). A cart mutation
 * never fails because of this: errors are logged, and the service call has a tight timeout.
 */
async function refresh(container: MedusaContainer, cartId: string | undefined): Promise<CartPlansAnswer | undefined> {
  if (!cartId) {
    return
  }
  try {
    // Not configured yet: nothing to keep, and no cart query on every mutation.
    const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions()
    if (!isConfigured(options)) {
      return
    }
    return await plansForCart(container, cartId)
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL eligibility for cart ${cartId} not refreshed: ${(e as Error).message}`)
  }
}

/** The cart's open instalment payment given the cart's new details, when they changed (see checkout-details.ts). */
async function refreshPayment(container: MedusaContainer, cartId: string | undefined, plans?: CartPlansAnswer) {
  if (!cartId) {
    return
  }
  try {
    await refreshCheckoutDetails(container, cartId, plans)
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL payment of cart ${cartId} keeps the details it was made with: ${(e as Error).message}`)
  }
}

createCartWorkflow.hooks.cartCreated(async ({ cart }, { container }) => {
  await refresh(container, cart?.id)
})

refreshCartItemsWorkflow.hooks.beforeRefreshingPaymentCollection(async ({ input }, { container }) => {
  const plans = await refresh(container, input?.cart_id)
  await refreshPayment(container, input?.cart_id, plans)
})
