import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ShippingInfo, ShippingOption } from "../client"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import { cartForSnapshot, offeredShippingOptions, selectedShippingOptions } from "./checkout-snapshot"
import { orderWithBnplPayment, type BnplOrderPayment } from "./order-payment"
import type { ShippingOverride } from "../lib/shipping/mapping"

export type OrderShippingInfo =
  | { kind: "ignored" }
  | { kind: "skipped"; payment_id: string; reason: string }
  | { kind: "ready"; payment_id: string; bnpl_payment_id: string; shipping_info: ShippingInfo; warning?: string }

/**
 * The customer's own deliveries: a return's label, a claim's or an exchange's shipment is the
 * merchant's handling of an after-sale, not an option the customer chose and paid for at
 * checkout (Medusa marks them on the order's shipping row: `detail.return_id`...).
 */
export function isOutboundMethod(method: { detail?: Record<string, unknown> | null }): boolean {
  const detail = method.detail ?? {}
  return !detail.return_id && !detail.claim_id && !detail.exchange_id
}

/**
 * The `shipping_info` of an order paid with this plugin: its outbound shipping methods as
 * selected options (what the customer paid, tax and discounts included, in cents), and the
 * options offered for its cart as it was completed, on the same basis.
 */
export async function buildOrderShippingInfo(
  container: MedusaContainer,
  orderId: string,
  overrides: Record<string, ShippingOverride> = {}
): Promise<OrderShippingInfo> {
  const { order, payment } = await orderWithBnplPayment(container, orderId, [
    // A top-level total makes the order module compute totals, shipping methods' included
    // (tax and discounts): what the customer paid for shipping.
    "total",
    "items.requires_shipping",
    "shipping_methods.name",
    "shipping_methods.total",
    "shipping_methods.shipping_option_id",
    "shipping_methods.detail.*",
  ])
  if (!order || !payment) {
    return { kind: "ignored" }
  }
  const session = payment.data
  if (!session.bnpl_payment_id) {
    return { kind: "skipped", payment_id: payment.id, reason: "the payment has no service payment id" }
  }

  const requiresShipping = (order.items ?? []).some((i: any) => i.requires_shipping !== false)
  const methods: any[] = (order.shipping_methods ?? []).filter(isOutboundMethod)
  const selected = await selectedShippingOptions(container, methods, {
    currency: order.currency_code,
    requiresShipping,
    overrides,
  })
  if (!selected.length && !requiresShipping) {
    // A digital order: nothing shipped, the customer takes nothing home by post.
    selected.push({ title: "No shipping", amount: 0, shipping_method: "instore", express_delivery: false })
  }
  const available = await offeredOptionsForOrder(container, orderId, payment, overrides)
  return {
    kind: "ready",
    payment_id: payment.id,
    bnpl_payment_id: session.bnpl_payment_id,
    shipping_info: { selected_options: selected, ...(available ? { available_options: available } : {}) },
    ...(available ? {} : { warning: "the options offered at checkout could not be read: available_options left out" }),
  }
}

/**
 * The options offered for the order's cart as it was completed: read once (when the order is
 * placed, else at its first sync) and kept with the checkout snapshot, which is tied to the
 * order, session and service payment at the same time. Undefined, logged, when they cannot be
 * read: an unknown list is left out of the payload, never sent as "none offered".
 */
export async function offeredOptionsForOrder(
  container: MedusaContainer,
  orderId: string,
  payment: BnplOrderPayment,
  overrides: Record<string, ShippingOverride> = {}
): Promise<ShippingOption[] | undefined> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const session = payment.data
  const [row] = session.checkout_id
    ? await bnpl.listBnplCheckoutSnapshots({ id: session.checkout_id })
    : await bnpl.listBnplCheckoutSnapshots({ order_id: orderId }, { take: 1 })
  if (!row) {
    // A payment made before the snapshot moved server-side.
    const legacy = session.checkout?.shipping_info?.available_options
    return legacy?.length ? legacy : undefined
  }
  if (row.available_options) {
    return row.available_options as unknown as ShippingOption[]
  }
  try {
    const cart = await cartForSnapshot(container, row.cart_id)
    if (!cart) {
      throw new Error(`cart ${row.cart_id} not found`)
    }
    const available = await offeredShippingOptions(container, cart, overrides)
    await bnpl.updateBnplCheckoutSnapshots({
      id: row.id,
      order_id: orderId,
      session_id: session.session_id ?? null,
      bnpl_payment_id: session.bnpl_payment_id ?? null,
      available_options: available as unknown as Record<string, unknown>,
      available_options_at: new Date(),
    })
    return available
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL shipping options offered for order ${orderId} not read: ${(e as Error).message}`)
    return undefined
  }
}
