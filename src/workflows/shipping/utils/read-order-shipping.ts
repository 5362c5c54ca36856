import type { ITaxModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { listShippingOptionsForCartWithPricingWorkflow } from "@medusajs/medusa/core-flows"
import type { ShippingOption } from "../../../client"
import {
  CART_FIELDS,
  OPTION_FIELDS,
  offeredOptions,
  optionIdsOf,
  ratesByOption,
  type OptionRow,
  type PricedOption,
} from "../../../lib/shipping/checkout"
import type { ShippingOverride } from "../../../lib/shipping/mapping"
import { ORDER_SHIPPING_FIELDS, orderShippingInfo, outboundMethods } from "../../../lib/shipping/order"
import { lastAccepted } from "../../../lib/messages/policy"
import type { BuiltShippingInfo } from "../../../lib/messages/kinds/shipping-info"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import { orderWithBnplPayment, type BnplOrderPayment } from "../../common/utils/retrieve-order-payment"

type Overrides = Record<string, ShippingOverride>

/** Store shipping options with everything the mapping needs, by id. */
export async function loadShippingOptions(container: MedusaContainer, ids: string[]): Promise<Map<string, OptionRow>> {
  if (!ids.length) {
    return new Map()
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shipping_option", fields: OPTION_FIELDS, filters: { id: ids } })
  return new Map((data as OptionRow[]).map((o) => [o.id, o]))
}

/** A cart with the fields the snapshot needs, or undefined. */
export async function cartForSnapshot(container: MedusaContainer, cartId: string): Promise<any> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } })
  return data[0]
}

/**
 * The shipping options offered for a cart, priced as `selected_options` are (see
 * `offeredOptions`). Throws when the options cannot be listed: never an empty guess.
 */
export async function offeredShippingOptions(container: MedusaContainer, cart: any, overrides: Overrides = {}) {
  const { result } = await listShippingOptionsForCartWithPricingWorkflow(container).run({
    input: { cart_id: cart.id, is_return: false },
  })
  const offered = (result as any[]).filter(
    (o) => o?.id && o.amount !== undefined && o.amount !== null
  ) as PricedOption[]
  const [rates, options] = await Promise.all([
    shippingTaxRates(container, cart, offered),
    loadShippingOptions(
      container,
      offered.map((o) => o.id)
    ),
  ])
  return offeredOptions(cart, offered, options, rates, overrides)
}

/** Tax rate (percent, summed) per shipping option for the cart, as Medusa taxes a shipping method. */
async function shippingTaxRates(container: MedusaContainer, cart: any, offered: PricedOption[]) {
  const address = cart.shipping_address
  // As core's tax step: no automatic taxes or no country yet means no tax lines on the cart.
  if (!cart.region?.automatic_taxes || !address?.country_code || !offered.some((o) => !o.is_tax_inclusive)) {
    return new Map<string, number>()
  }
  const tax = container.resolve<ITaxModuleService>(Modules.TAX)
  const lines = await tax.getTaxLines(
    offered.map((o) => ({
      id: o.id,
      shipping_option_id: o.id,
      unit_price: o.amount,
      currency_code: cart.currency_code,
    })) as any,
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
  return ratesByOption(lines as any[])
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
  overrides: Overrides = {}
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
  if (!row.cart_id) {
    // An order's own collection (a payment link): no checkout offered options; left out.
    return undefined
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

/** What a sync knows of its order: whether it is paid with the plugin, and its information. */
export type OrderShippingRead = {
  /** False: read, and not paid with the plugin; undefined: the order could not be read. */
  paid?: boolean
  payment_id?: string
  bnpl_payment_id?: string
  info: BuiltShippingInfo
  /**
   * The last sync the service accepted for the order before it was read (null: none), so the
   * push can tell whether another was accepted since (see `mayBeSuperseded`).
   */
  accepted_mark: string | null
}

/** The order's syncs the service accepted (one query: an order has a handful). */
export async function acceptedSyncsOf(container: MedusaContainer, orderId: string) {
  return container
    .resolve<BnplModuleService>(BNPL_MODULE)
    .listBnplServiceMessages(
      { order_id: orderId, kind: "shipping_info", status: "accepted" },
      { select: ["id", "bnpl_payment_id", "payload_hash", "accepted_sequence", "accepted_at"] }
    )
}

/** What the service last accepted for a payment, among an order's accepted syncs. */
export const lastAcceptedFor = (accepted: Awaited<ReturnType<typeof acceptedSyncsOf>>, bnplPaymentId: string) =>
  lastAccepted(accepted.filter((s) => s.bnpl_payment_id === bnplPaymentId))

/**
 * Reads an order, its BNPL payment and everything its shipping information is built from, in
 * one pass: what was accepted so far (before the order, so nothing accepted after the read goes
 * unseen), the order once, then its options and offered options side by side. Never throws: a
 * failure is the `unbuilt` information, recorded and retried like a failed push.
 */
export async function readOrderShipping(
  container: MedusaContainer,
  orderId: string,
  overrides: Overrides
): Promise<OrderShippingRead> {
  let read: Awaited<ReturnType<typeof orderWithBnplPayment>>
  let accepted_mark: string | null
  try {
    accepted_mark = lastAccepted(await acceptedSyncsOf(container, orderId))?.id ?? null
    read = await orderWithBnplPayment(container, orderId, ORDER_SHIPPING_FIELDS)
  } catch (e) {
    return { info: { kind: "unbuilt", error: (e as Error).message }, accepted_mark: null }
  }
  const { payment } = read
  return {
    paid: !!payment,
    payment_id: payment?.id,
    bnpl_payment_id: payment?.data.bnpl_payment_id,
    accepted_mark,
    info: await shippingInfoOf(container, orderId, read, overrides),
  }
}

/**
 * The shipping information of an order already read (with `ORDER_SHIPPING_FIELDS`): its
 * options and offered options read side by side. Never throws: a failure is the `unbuilt`
 * information, recorded and retried like a failed push.
 */
export async function shippingInfoOf(
  container: MedusaContainer,
  orderId: string,
  { order, payment }: { order: any; payment?: BnplOrderPayment },
  overrides: Overrides
): Promise<BuiltShippingInfo> {
  const pid = payment?.data.bnpl_payment_id
  try {
    const [options, available] = pid
      ? await Promise.all([
          loadShippingOptions(container, optionIdsOf(outboundMethods(order))),
          offeredOptionsForOrder(container, orderId, payment, overrides),
        ])
      : [new Map<string, OptionRow>(), undefined]
    return orderShippingInfo({ order, payment, options, available, overrides })
  } catch (e) {
    return { kind: "unbuilt", error: (e as Error).message }
  }
}
