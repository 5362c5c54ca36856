import type { ITaxModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { listShippingOptionsForCartWithPricingWorkflow } from "@medusajs/medusa/core-flows"
import type { Address, ShippingOption } from "../client"
import { BNPL_MODULE } from "../modules/bnpl"
import type BnplModuleService from "../modules/bnpl/service"
import type { CheckoutSnapshot } from "../providers/bnpl/types"
import { toCents, type MedusaAmount } from "../lib/money"
import { mapShippingOption, type ShippingOptionFacts, type ShippingOverride } from "../lib/shipping/mapping"

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

type SelectedMethod = { shipping_option_id?: string | null; name?: string; total?: MedusaAmount }

/** A cart or order's shipping methods as the contract's selected options (what was paid, tax included). */
export async function selectedShippingOptions(
  container: MedusaContainer,
  methods: SelectedMethod[],
  context: { currency: string; requiresShipping: boolean; overrides?: Record<string, ShippingOverride> }
): Promise<ShippingOption[]> {
  const options = await loadShippingOptions(
    container,
    methods.map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  )
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

/**
 * The shipping options offered for a cart, on the same basis as `selected_options`: each
 * price with the tax the cart would add to it (Medusa's tax module, the cart's address, as
 * for its shipping methods), and an option the customer chose at what they paid for it
 * (discounts included). Throws when the options cannot be listed: never an empty guess.
 */
export async function offeredShippingOptions(
  container: MedusaContainer,
  cart: any,
  overrides: Record<string, ShippingOverride> = {}
): Promise<ShippingOption[]> {
  const { result } = await listShippingOptionsForCartWithPricingWorkflow(container).run({
    input: { cart_id: cart.id, is_return: false },
  })
  const offered = (result as any[]).filter((o) => o?.id && o.amount !== undefined && o.amount !== null)
  const currency: string = cart.currency_code
  const requiresShipping = (cart.items ?? []).some((i: any) => i.requires_shipping !== false)
  const rates = await shippingTaxRates(container, cart, offered)
  const paid = new Map<string, MedusaAmount>()
  for (const m of cart.shipping_methods ?? []) {
    if (m.shipping_option_id && !paid.has(m.shipping_option_id)) paid.set(m.shipping_option_id, m.total ?? 0)
  }
  const options = await loadShippingOptions(container, offered.map((o) => o.id))
  return offered
    .map((o) => {
      const option = options.get(o.id)
      if (!option) return undefined
      const withTax = paid.has(o.id)
        ? paid.get(o.id)!
        : o.is_tax_inclusive
          ? o.amount
          : MathBN.mult(o.amount, MathBN.add(1, MathBN.div(rates.get(o.id) ?? 0, 100)))
      return toServiceShippingOption(option, toCents(withTax, currency), { override: overrides[o.id], requiresShipping })
    })
    .filter((o): o is ShippingOption => !!o)
}

/** Tax rate (percent, summed) per shipping option for the cart, as Medusa taxes a shipping method. */
async function shippingTaxRates(container: MedusaContainer, cart: any, offered: any[]): Promise<Map<string, number>> {
  const address = cart.shipping_address
  // As core's tax step: no automatic taxes or no country yet means no tax lines on the cart.
  if (!cart.region?.automatic_taxes || !address?.country_code || !offered.some((o) => !o.is_tax_inclusive)) {
    return new Map()
  }
  const tax = container.resolve<ITaxModuleService>(Modules.TAX)
  const lines = await tax.getTaxLines(
    offered.map((o) => ({ id: o.id, shipping_option_id: o.id, unit_price: o.amount, currency_code: cart.currency_code })),
    {
      address: {
        country_code: address.country_code,
        province_code: address.province,
        address_1: address.address_1,
        address_2: address.address_2,
        city: address.city,
        postal_code: address.postal_code,
      },
      locale: cart.locale ?? undefined,
      is_return: false,
    } as any
  )
  const rates = new Map<string, number>()
  for (const line of lines as any[]) {
    const id = line.shipping_line_id ?? line.line_item_id
    rates.set(id, (rates.get(id) ?? 0) + Number(line.rate ?? 0))
  }
  return rates
}

/** A cart with the fields the snapshot needs, or undefined. */
export async function cartForSnapshot(container: MedusaContainer, cartId: string): Promise<any> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } })
  return data[0]
}

/**
 * Everything the service gets about a checkout, read from the server-side cart of a
 * payment collection: customer, addresses, items, the selected shipping methods and the
 * options offered. When the options cannot be listed (no address yet, a failure), the
 * snapshot has no `available_options` (they are read again when the order is placed).
 */
export async function buildCheckoutSnapshot(
  container: MedusaContainer,
  paymentCollectionId: string,
  overrides: Record<string, ShippingOverride> = {}
): Promise<CheckoutSnapshot | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", ...CART_FIELDS.map((f) => `cart.${f}`)],
    filters: { id: paymentCollectionId },
  })
  const cart = (data[0] as any)?.cart
  if (!cart) {
    return undefined
  }
  const currency: string = cart.currency_code
  const cents = (amount: MedusaAmount) => toCents(amount ?? 0, currency)
  const requiresShipping = (cart.items ?? []).some((i: any) => i.requires_shipping !== false)

  let available: ShippingOption[] | undefined
  try {
    available = await offeredShippingOptions(container, cart, overrides)
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`BNPL checkout of cart ${cart.id}: shipping options not listed (read again when the order is placed): ${(e as Error).message}`)
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
      selected_options: await selectedShippingOptions(container, cart.shipping_methods ?? [], {
        currency,
        requiresShipping,
        overrides,
      }),
      ...(available ? { available_options: available } : {}),
    },
  }
}

/**
 * Builds the checkout snapshot and keeps it server-side (`bnpl_checkout_snapshot`): the
 * payment session only carries the row's id, never the customer's details.
 */
export async function recordCheckoutSnapshot(
  container: MedusaContainer,
  paymentCollectionId: string,
  overrides: Record<string, ShippingOverride> = {}
): Promise<{ id: string; cart_id: string } | undefined> {
  const snapshot = await buildCheckoutSnapshot(container, paymentCollectionId, overrides)
  if (!snapshot?.cart_id) {
    return undefined
  }
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const row = await bnpl.createBnplCheckoutSnapshots({
    cart_id: snapshot.cart_id,
    payment_collection_id: paymentCollectionId,
    snapshot: snapshot as unknown as Record<string, unknown>,
  })
  return { id: row.id, cart_id: snapshot.cart_id }
}
