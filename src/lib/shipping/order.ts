import type { ShippingInfo, ShippingOption } from "../../client"
import { requiresShipping, selectedOptions, type OptionRow, type SelectedMethod } from "./checkout"
import type { ShippingOverride } from "./mapping"

export type OrderShippingInfo =
  | { kind: "ignored" }
  | { kind: "skipped"; payment_id: string; reason: string }
  | { kind: "ready"; payment_id: string; bnpl_payment_id: string; shipping_info: ShippingInfo; warning?: string }

/** The order fields the shipping information is built from (with its BNPL payment). */
export const ORDER_SHIPPING_FIELDS = [
  // A top-level total makes the order module compute totals, shipping methods' included
  // (tax and discounts): what the customer paid for shipping.
  "total",
  "items.requires_shipping",
  "shipping_methods.name",
  "shipping_methods.total",
  "shipping_methods.shipping_option_id",
  "shipping_methods.detail.*",
]

/**
 * The customer's own deliveries: a return's label, a claim's or an exchange's shipment is the
 * merchant's handling of an after-sale, not an option the customer chose and paid for at
 * checkout (Medusa marks them on the order's shipping row: `detail.return_id`...).
 */
export function isOutboundMethod(method: { detail?: Record<string, unknown> | null }): boolean {
  const detail = method.detail ?? {}
  return !detail.return_id && !detail.claim_id && !detail.exchange_id
}

/** The order's outbound shipping methods (those whose options are read to build its information). */
export const outboundMethods = (order: { shipping_methods?: (SelectedMethod & { detail?: any })[] | null }) =>
  (order.shipping_methods ?? []).filter(isOutboundMethod)

/**
 * The `shipping_info` of an order paid with this plugin, from what was read: its outbound
 * shipping methods as selected options (what the customer paid, tax and discounts included, in
 * cents), and the options offered for its cart as it was completed, on the same basis
 * (undefined: they could not be read, left out rather than sent as "none offered").
 */
export function orderShippingInfo(input: {
  order: any
  payment?: { id: string; data: { bnpl_payment_id?: string } }
  options: Map<string, OptionRow>
  available: ShippingOption[] | undefined
  overrides?: Record<string, ShippingOverride>
}): OrderShippingInfo {
  const { order, payment, available } = input
  if (!order || !payment) {
    return { kind: "ignored" }
  }
  if (!payment.data.bnpl_payment_id) {
    return { kind: "skipped", payment_id: payment.id, reason: "the payment has no service payment id" }
  }
  const needsShipping = requiresShipping(order.items)
  const selected = selectedOptions(outboundMethods(order), input.options, {
    currency: order.currency_code,
    requiresShipping: needsShipping,
    overrides: input.overrides,
  })
  if (!selected.length && !needsShipping) {
    // A digital order: nothing shipped, the customer takes nothing home by post.
    selected.push({ title: "No shipping", amount: 0, shipping_method: "instore", express_delivery: false })
  }
  return {
    kind: "ready",
    payment_id: payment.id,
    bnpl_payment_id: payment.data.bnpl_payment_id,
    shipping_info: { selected_options: selected, ...(available ? { available_options: available } : {}) },
    ...(available ? {} : { warning: "the options offered at checkout could not be read: available_options left out" }),
  }
}
