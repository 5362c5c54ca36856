import { MathBN } from "@medusajs/framework/utils"
import type { Address, CartItem, Customer, ShippingInfo, ShippingOption } from "../../client"
import type { ExcludedProduct } from "../eligibility/exclusions"
import { toCents, type MedusaAmount } from "../money/money"
import { mapShippingOption, type ShippingOptionFacts, type ShippingOverride } from "./mapping"

/** The shipping option fields the mapping needs (`query.graph` on `shipping_option`). */
export const OPTION_FIELDS = [
  "id",
  "name",
  "provider_id",
  "metadata",
  "data",
  "type.code",
  "type.label",
  "service_zone.fulfillment_set.type",
]

export type OptionRow = ShippingOptionFacts & {
  id: string
  data?: Record<string, unknown> | null
  service_zone?: { fulfillment_set?: { type?: string } }
}

/** The cart fields the snapshot and the offered options are read from. */
export const CART_FIELDS = [
  "id",
  "email",
  "locale",
  "currency_code",
  "region.automatic_taxes",
  "customer.first_name",
  "customer.last_name",
  "customer.email",
  "customer.phone",
  "shipping_address.*",
  "billing_address.*",
  "items.title",
  "items.variant_sku",
  "items.quantity",
  "items.unit_price",
  "items.total",
  "items.requires_shipping",
  "total",
  "shipping_methods.id",
  "shipping_methods.name",
  "shipping_methods.amount",
  "shipping_methods.total",
  "shipping_methods.shipping_option_id",
]

type Overrides = Record<string, ShippingOverride>

/** Whether anything in a cart or order is to be shipped (an item without the flag is). */
export const requiresShipping = (items: { requires_shipping?: boolean | null }[] | undefined | null) =>
  (items ?? []).some((i) => i.requires_shipping !== false)

/** The contract's shipping option object for one of the store's options. */
export function toServiceShippingOption(
  option: OptionRow,
  amountCents: number,
  context: { override?: ShippingOverride; requiresShipping?: boolean; title?: string }
): ShippingOption {
  const facts = { ...option, fulfillment_set_type: option.service_zone?.fulfillment_set?.type ?? null }
  const mapped = mapShippingOption(facts, context)
  const carrier = option.metadata?.carrier ?? option.data?.carrier
  return {
    title: context.title || option.name || option.type?.label || "Shipping",
    amount: amountCents,
    ...(typeof carrier === "string" && carrier ? { carrier } : {}),
    express_delivery: mapped.express_delivery,
    shipping_method: mapped.shipping_method,
  }
}

export type SelectedMethod = { shipping_option_id?: string | null; name?: string; total?: MedusaAmount }

/** The option ids a list of shipping methods points to (to read them once). */
export const optionIdsOf = (methods: SelectedMethod[]) =>
  methods.map((m) => m.shipping_option_id).filter((id): id is string => !!id)

/** A cart or order's shipping methods as the contract's selected options (what was paid, tax included). */
export function selectedOptions(
  methods: SelectedMethod[],
  options: Map<string, OptionRow>,
  context: { currency: string; requiresShipping: boolean; overrides?: Overrides }
): ShippingOption[] {
  return methods.map((m) => {
    const cents = toCents(m.total ?? 0, context.currency)
    const option = m.shipping_option_id ? options.get(m.shipping_option_id) : undefined
    return option
      ? toServiceShippingOption(option, cents, {
          override: context.overrides?.[option.id],
          requiresShipping: context.requiresShipping,
          title: m.name,
        })
      : {
          title: m.name || "Shipping",
          amount: cents,
          shipping_method: context.requiresShipping ? "postal" : "instore",
          express_delivery: false,
        }
  })
}

/** A priced option as `listShippingOptionsForCartWithPricingWorkflow` answers it. */
export type PricedOption = { id: string; amount: MedusaAmount; is_tax_inclusive?: boolean }

/**
 * The options offered for a cart, on the same basis as `selected_options`: each price with the
 * tax the cart would add to it (`rates`, percent per option), and an option the customer chose
 * at what they paid for it (discounts included).
 */
export function offeredOptions(
  cart: { currency_code: string; items?: any[]; shipping_methods?: SelectedMethod[] },
  offered: PricedOption[],
  options: Map<string, OptionRow>,
  rates: Map<string, number>,
  overrides: Overrides = {}
): ShippingOption[] {
  const needsShipping = requiresShipping(cart.items)
  const paid = new Map<string, MedusaAmount>()
  for (const m of cart.shipping_methods ?? []) {
    if (m.shipping_option_id && !paid.has(m.shipping_option_id)) paid.set(m.shipping_option_id, m.total ?? 0)
  }
  return offered
    .map((o) => {
      const option = options.get(o.id)
      if (!option) return undefined
      const withTax = paid.has(o.id)
        ? paid.get(o.id)!
        : o.is_tax_inclusive
          ? o.amount
          : MathBN.mult(o.amount, MathBN.add(1, MathBN.div(rates.get(o.id) ?? 0, 100)))
      return toServiceShippingOption(option, toCents(withTax, cart.currency_code), {
        override: overrides[o.id],
        requiresShipping: needsShipping,
      })
    })
    .filter((o): o is ShippingOption => !!o)
}

/** Tax rate (percent, summed) per shipping option, from the tax module's lines. */
export function ratesByOption(lines: { shipping_line_id?: string; line_item_id?: string; rate?: unknown }[]) {
  const rates = new Map<string, number>()
  for (const line of lines) {
    const id = (line.shipping_line_id ?? line.line_item_id)!
    rates.set(id, (rates.get(id) ?? 0) + Number(line.rate ?? 0))
  }
  return rates
}

export function toAddress(address: any, email?: string): Address | undefined {
  if (!address) {
    return undefined
  }
  return {
    first_name: address.first_name ?? undefined,
    last_name: address.last_name ?? undefined,
    company: address.company ?? undefined,
    line1: address.address_1 ?? undefined,
    line2: address.address_2 ?? undefined,
    postal_code: address.postal_code ?? undefined,
    city: address.city ?? undefined,
    country: address.country_code?.toUpperCase() ?? undefined,
    email: email ?? undefined,
    phone: address.phone ?? undefined,
  }
}

/**
 * The order fields the snapshot of an order's own payment collection is read from (what it
 * owes after an edit, a claim, an exchange, a draft order): the cart's, as the order keeps them.
 */
export const ORDER_FIELDS = [
  ...CART_FIELDS.filter((f) => !f.startsWith("region.")),
  "display_id",
  "fulfillments.shipped_at",
  "fulfillments.canceled_at",
]

/** The checkout snapshot of a cart read with `CART_FIELDS`, given its shipping information. */
export function snapshotOfCart(cart: any, shippingInfo: ShippingInfo): CheckoutSnapshot {
  return { cart_id: cart.id as string, ...detailsOf(cart, shippingInfo) }
}

/** The snapshot of an order read with `ORDER_FIELDS`: its customer, addresses and lines. */
export function snapshotOfOrder(order: any, shippingInfo: ShippingInfo): CheckoutSnapshot {
  return {
    order_id: order.id as string,
    ...(order.display_id != null ? { order_display_id: Number(order.display_id) } : {}),
    ...detailsOf(order, shippingInfo),
  }
}

/** Whether any of an order's fulfillments (read with `ORDER_FIELDS`) has left. */
export const orderHasShipped = (order: { fulfillments?: { shipped_at?: unknown; canceled_at?: unknown }[] | null }) =>
  (order.fulfillments ?? []).some((f) => f.shipped_at && !f.canceled_at)

/** What the service gets about a cart or an order: the fields both keep under the same names. */
function detailsOf(source: any, shippingInfo: ShippingInfo) {
  const cents = (amount: MedusaAmount) => toCents(amount ?? 0, source.currency_code)
  const email = source.email ?? source.customer?.email
  const customer: Customer = {
    first_name: source.customer?.first_name ?? source.billing_address?.first_name ?? undefined,
    last_name: source.customer?.last_name ?? source.billing_address?.last_name ?? undefined,
    email: email ?? undefined,
    phone: source.customer?.phone ?? source.billing_address?.phone ?? undefined,
  }
  const items: CartItem[] = (source.items ?? []).map((item: any) => ({
    sku: item.variant_sku ?? undefined,
    title: item.title,
    quantity: Number(item.quantity),
    unit_price: cents(item.unit_price),
    line_price: cents(item.total),
  }))
  return {
    locale: (source.locale ?? undefined) as string | undefined,
    customer,
    billing_address: toAddress(source.billing_address, email),
    shipping_address: toAddress(source.shipping_address, email),
    items,
    shipping_info: shippingInfo,
  }
}

/**
 * What the plugin learns from the server-side cart when a session is created (never from
 * the storefront): it goes to the service with the payment and is kept as the snapshot of
 * the shipping options offered at checkout.
 */
export type CheckoutSnapshot = {
  cart_id?: string
  /** An order's own payment collection (no cart): the order that owes the amount. */
  order_id?: string
  order_display_id?: number
  locale?: string
  customer?: Customer
  billing_address?: Address
  shipping_address?: Address
  shipping_info?: ShippingInfo
  items?: CartItem[]
  /** Products of the cart the merchant excluded from instalment payment (never sent to the service). */
  excluded_products?: ExcludedProduct[]
}
