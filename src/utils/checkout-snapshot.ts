import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listShippingOptionsForCartWithPricingWorkflow } from "@medusajs/medusa/core-flows"
import type { Address, ShippingOption } from "../client"
import type { CheckoutSnapshot } from "../providers/bnpl/types"
import { toCents, type MedusaAmount } from "./money"
import { mapShippingOption, type ShippingOptionFacts, type ShippingOverride } from "./shipping-mapping"

const OPTION_FIELDS = [
  "id",
  "name",
  "provider_id",
  "metadata",
  "data",
  "type.code",
  "type.label",
  "service_zone.fulfillment_set.type",
]

type OptionRow = ShippingOptionFacts & {
  id: string
  data?: Record<string, unknown> | null
  service_zone?: { fulfillment_set?: { type?: string } }
}

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

/** Store shipping options with everything the mapping needs, by id. */
export async function loadShippingOptions(container: MedusaContainer, ids: string[]): Promise<Map<string, OptionRow>> {
  if (!ids.length) {
    return new Map()
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shipping_option", fields: OPTION_FIELDS, filters: { id: ids } })
  return new Map((data as OptionRow[]).map((o) => [o.id, o]))
}

function toAddress(address: any, email?: string): Address | undefined {
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
 * Everything the service gets about a checkout, read from the server-side cart of a
 * payment collection: customer, addresses, items, the selected shipping methods and the
 * options offered (priced for this cart, so they are the snapshot the shipping sync sends).
 */
export async function buildCheckoutSnapshot(
  container: MedusaContainer,
  paymentCollectionId: string,
  overrides: Record<string, ShippingOverride> = {}
): Promise<CheckoutSnapshot | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: [
      "id",
      "cart.id",
      "cart.email",
      "cart.locale",
      "cart.currency_code",
      "cart.customer.first_name",
      "cart.customer.last_name",
      "cart.customer.email",
      "cart.customer.phone",
      "cart.shipping_address.*",
      "cart.billing_address.*",
      "cart.items.title",
      "cart.items.variant_sku",
      "cart.items.quantity",
      "cart.items.unit_price",
      "cart.items.total",
      "cart.items.requires_shipping",
      "cart.total",
      "cart.shipping_methods.name",
      "cart.shipping_methods.amount",
      "cart.shipping_methods.total",
      "cart.shipping_methods.tax_lines.*",
      "cart.shipping_methods.adjustments.*",
      "cart.shipping_methods.shipping_option_id",
    ],
    filters: { id: paymentCollectionId },
  })
  const cart = (data[0] as any)?.cart
  if (!cart) {
    return undefined
  }
  const currency: string = cart.currency_code
  const cents = (amount: MedusaAmount) => toCents(amount ?? 0, currency)
  const requiresShipping = (cart.items ?? []).some((i: any) => i.requires_shipping !== false)

  const selectedMethods: any[] = cart.shipping_methods ?? []
  let offered: any[] = []
  try {
    const { result } = await listShippingOptionsForCartWithPricingWorkflow(container).run({
      input: { cart_id: cart.id, is_return: false },
    })
    offered = result as any[]
  } catch {
    // No address yet or no options for it: the service simply gets none.
  }
  const ids = [...new Set([...selectedMethods.map((m) => m.shipping_option_id), ...offered.map((o) => o.id)])].filter(Boolean)
  const options = await loadShippingOptions(container, ids)

  const asOption = (id: string | undefined, amount: MedusaAmount, title?: string): ShippingOption | undefined => {
    const option = id ? options.get(id) : undefined
    if (!option) {
      return title ? { title, amount: cents(amount), shipping_method: requiresShipping ? "postal" : "instore" } : undefined
    }
    return toServiceShippingOption(option, cents(amount), { override: overrides[option.id], requiresShipping, title })
  }

  const email = cart.email ?? cart.customer?.email
  return {
    cart_id: cart.id,
    locale: cart.locale ?? undefined,
    customer: {
      first_name: cart.customer?.first_name ?? cart.billing_address?.first_name ?? undefined,
      last_name: cart.customer?.last_name ?? cart.billing_address?.last_name ?? undefined,
      email: email ?? undefined,
      phone: cart.customer?.phone ?? cart.billing_address?.phone ?? undefined,
    },
    billing_address: toAddress(cart.billing_address, email),
    shipping_address: toAddress(cart.shipping_address, email),
    items: (cart.items ?? []).map((item: any) => ({
      sku: item.variant_sku ?? undefined,
      title: item.title,
      quantity: Number(item.quantity),
      unit_price: cents(item.unit_price),
      line_price: cents(item.total),
    })),
    shipping_info: {
      selected_options: selectedMethods
        .map((m) => asOption(m.shipping_option_id, m.total, m.name))
        .filter((o): o is ShippingOption => !!o),
      available_options: offered
        .map((o) => asOption(o.id, o.amount))
        .filter((o): o is ShippingOption => !!o),
    },
  }
}
