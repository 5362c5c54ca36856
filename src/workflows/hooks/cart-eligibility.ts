import { createCartWorkflow, refreshPaymentCollectionForCartWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { isConfigured } from "../../client"
import { BNPL_MODULE } from "../../modules/bnpl/module-name"
import type BnplModuleService from "../../modules/bnpl/service"
import { plansForCart, type CartPlansAnswer, type HeldCart } from "../eligibility/utils/plans"
import { refreshCheckoutDetails } from "../payment/utils/checkout-details"

/**
 * Keeps each cart's plans current as it is created and as its items or total change, and, on a
 * change, the details of its open instalment payment (see checkout-details.ts). A cart mutation
 * never fails because of this: errors are logged, and the service call has a tight timeout. A
 * store whose plugin is not configured pays nothing on a cart mutation but the options read
 * (cached). A configured one pays no cart read either when the workflow holds the total.
 */
async function refresh(
  container: MedusaContainer,
  cartId: string | undefined,
  { details, held }: { details: boolean; held?: HeldCart }
) {
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
    plans = await plansForCart(container, cartId, held)
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

type WorkflowCart = {
  id?: string
  total?: HeldCart["total"]
  currency_code?: string
  payment_collection?: { payment_sessions?: unknown[] } | null
  promotions?: unknown[]
  items?: { product_id?: string | null }[]
}

/**
 * The payment collection's refresh runs after every item change and cart update
 * (`refreshCartItemsWorkflow`) and after promotion changes, and its `validate` hook is handed
 * the cart with the total it is about to compare with the payment collection: the plans take
 * it from there rather than reading the cart and computing its totals again (what the
 * `beforeRefreshingPaymentCollection` hook of refreshCartItemsWorkflow, which gets only the
 * cart id, had to do). It runs before Medusa deletes the sessions of a changed total, as the
 * payment details check needs.
 *
 * Which total that is: with a payment collection, the workflow reads the cart after every
 * change (promotions included); without one, it is the cart as the calling workflow read it,
 * before it recomputed the promotions, so a cart with promotions reads its total itself. A
 * cart as it is created carries no total: the `cartCreated` hook above does its plans.
 */
refreshPaymentCollectionForCartWorkflow.hooks.validate(async ({ input, cart }, { container }) => {
  const current = cart as WorkflowCart | undefined
  const given = (input as { cart?: WorkflowCart } | undefined)?.cart
  if (!current?.id || current.total === undefined || !current.currency_code) {
    return
  }
  const readAfterPromotions = !given || !!given.payment_collection
  const items = given?.items ?? current.items
  const held: HeldCart | undefined =
    readAfterPromotions || !current.promotions?.length
      ? {
          total: current.total,
          currency_code: current.currency_code,
          // Only a list read with the products counts (a custom item's product_id is null).
          product_ids: items?.every((item) => item && "product_id" in item)
            ? items.map((item) => item.product_id)
            : undefined,
        }
      : undefined
  // Every cart this hook gets was read with its payment collection's sessions (ids): Medusa
  // 2.21's callers read `cartFieldsForRefreshSteps`, or the workflow's own "fetch-cart" fields,
  // and a cart without a collection comes without the key. No session, no instalment payment
  // whose details could need a refresh: nothing to read for it.
  const noSession = !current.payment_collection || current.payment_collection.payment_sessions?.length === 0
  await refresh(container, current.id, { details: !noSession, held })
})
