import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ShippingOption } from "../../../client"
import {
  CART_FIELDS,
  ORDER_FIELDS,
  optionIdsOf,
  requiresShipping,
  selectedOptions,
  snapshotOfCart,
  snapshotOfOrder,
} from "../../../lib/shipping/checkout"
import type { ShippingOverride } from "../../../lib/shipping/mapping"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import type { CheckoutSnapshot } from "../../../lib/shipping/checkout"
import { loadShippingOptions, offeredShippingOptions } from "./read-order-shipping"

/**
 * Everything the service gets about a checkout, read from the server-side cart of a
 * payment collection: customer, addresses, items, the selected shipping methods and the
 * options offered. When the options cannot be listed (no address yet, a failure), the
 * snapshot has no `available_options` (they are read again when the order is placed).
 * A collection of an order's own (no cart: what it owes after an edit, a claim, an exchange,
 * a draft order) is read from the order: its customer, addresses, lines and shipping methods.
 */
export async function buildCheckoutSnapshot(
  container: MedusaContainer,
  paymentCollectionId: string,
  overrides: Record<string, ShippingOverride> = {}
): Promise<CheckoutSnapshot | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", ...CART_FIELDS.map((f) => `cart.${f}`), ...ORDER_FIELDS.map((f) => `order.${f}`)],
    filters: { id: paymentCollectionId },
  })
  const cart = (data[0] as any)?.cart
  const order = (data[0] as any)?.order
  if (!cart) {
    return order
      ? snapshotOfOrder(order, { selected_options: await selectedShipping(container, order, overrides) })
      : undefined
  }
  const [available, selected] = await Promise.all([
    offeredShippingOptions(container, cart, overrides).catch((e: Error): ShippingOption[] | undefined => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `BNPL checkout of cart ${cart.id}: shipping options not listed (read again when the order is placed): ${e.message}`
        )
      return undefined
    }),
    selectedShipping(container, cart, overrides),
  ])
  return snapshotOfCart(cart, { selected_options: selected, ...(available ? { available_options: available } : {}) })
}

/** The shipping methods a cart (or order) read with `CART_FIELDS` has, as the service gets them. */
async function selectedShipping(container: MedusaContainer, cart: any, overrides: Record<string, ShippingOverride>) {
  const methods = cart.shipping_methods ?? []
  const options = await loadShippingOptions(container, optionIdsOf(methods))
  return selectedOptions(methods, options, {
    currency: cart.currency_code,
    requiresShipping: requiresShipping(cart.items),
    overrides,
  })
}

/**
 * The snapshot of a cart read with `CART_FIELDS`, without the options offered (listing them
 * prices every option): enough to tell whether the details the service holds changed.
 */
export async function checkoutDetailsOfCart(
  container: MedusaContainer,
  cart: any,
  overrides: Record<string, ShippingOverride> = {}
): Promise<CheckoutSnapshot> {
  return snapshotOfCart(cart, { selected_options: await selectedShipping(container, cart, overrides) })
}

/**
 * Builds the checkout snapshot and keeps it server-side (`bnpl_checkout_snapshot`): the
 * payment session only carries the row's id, never the customer's details.
 */
export async function recordCheckoutSnapshot(
  container: MedusaContainer,
  paymentCollectionId: string,
  overrides: Record<string, ShippingOverride> = {}
): Promise<{ id: string; snapshot: CheckoutSnapshot } | undefined> {
  const snapshot = await buildCheckoutSnapshot(container, paymentCollectionId, overrides)
  if (!snapshot?.cart_id && !snapshot?.order_id) {
    return undefined
  }
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  // An order's own collection: the row names no cart, and no order either until its payment is
  // the order's (the order of a cart's checkout is what the shipping sync reads by order_id).
  const row = await bnpl.createBnplCheckoutSnapshots({
    cart_id: snapshot.cart_id ?? null,
    payment_collection_id: paymentCollectionId,
    snapshot: snapshot as unknown as Record<string, unknown>,
  })
  return { id: row.id, snapshot }
}
