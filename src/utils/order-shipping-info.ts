import type { MedusaContainer } from "@medusajs/framework/types"
import type { ShippingInfo, ShippingOption } from "../client"
import { loadShippingOptions, toServiceShippingOption } from "./checkout-snapshot"
import { toCents } from "./money"
import { orderWithBnplPayment } from "./order-payment"
import type { ShippingOverride } from "./shipping-mapping"

export type OrderShippingInfo =
  | { kind: "ignored" }
  | { kind: "skipped"; payment_id: string; reason: string }
  | { kind: "ready"; payment_id: string; bnpl_payment_id: string; shipping_info: ShippingInfo }

/**
 * The `shipping_info` of an order paid with this plugin: its shipping methods as selected
 * options (tax included, in cents), and the options offered at checkout as snapshotted when
 * the payment was created (never recomputed from today's prices).
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
  ])
  if (!order || !payment) {
    return { kind: "ignored" }
  }
  const session = payment.data
  if (!session.bnpl_payment_id) {
    return { kind: "skipped", payment_id: payment.id, reason: "the payment has no service payment id" }
  }

  const currency: string = order.currency_code
  const requiresShipping = (order.items ?? []).some((i: any) => i.requires_shipping !== false)
  const methods: any[] = order.shipping_methods ?? []
  const options = await loadShippingOptions(
    container,
    methods.map((m) => m.shipping_option_id).filter(Boolean)
  )
  const selected: ShippingOption[] = methods.map((m) => {
    const cents = toCents(m.total ?? 0, currency)
    const option = m.shipping_option_id ? options.get(m.shipping_option_id) : undefined
    return option
      ? toServiceShippingOption(option, cents, { override: overrides[option.id], requiresShipping, title: m.name })
      : { title: m.name || "Shipping", amount: cents, shipping_method: requiresShipping ? "postal" : "instore", express_delivery: false }
  })
  if (!selected.length && !requiresShipping) {
    // A digital order: nothing shipped, the customer takes nothing home by post.
    selected.push({ title: "No shipping", amount: 0, shipping_method: "instore", express_delivery: false })
  }
  const available = session.checkout?.shipping_info?.available_options ?? []
  return {
    kind: "ready",
    payment_id: payment.id,
    bnpl_payment_id: session.bnpl_payment_id,
    shipping_info: { selected_options: selected, available_options: available },
  }
}
