import type { StoreSetup } from "./store"

/** A parcel of a shipment: its tracking number, or the label's fields. */
export type Parcel = string | { tracking_number: string; tracking_url?: string }

/** A fulfillment made by `fulfill`: its id and the items (id, quantity) it holds. */
export type Fulfilled = { fulfillmentId: string; items: { id: string; quantity: number }[] }

/**
 * The merchant's steps after an order, through Medusa's admin API as the admin's pages send
 * them: a fulfillment from the store's stock location, its shipment with parcels. Each answers
 * what the next step and the test's checks need.
 */
export function merchant(api: any, admin: () => { headers: Record<string, string> }, store: () => StoreSetup) {
  /**
   * A fulfillment of every item the order holds (of those `which` keeps), `quantity` of each
   * (all of it by default).
   */
  async function fulfill(
    orderId: string,
    { quantity, which }: { quantity?: number; which?: (item: any, index: number) => boolean } = {}
  ): Promise<Fulfilled> {
    const { data } = await api.get(`/admin/orders/${orderId}?fields=*items`, admin())
    const items = (data.order.items as any[])
      .filter((item, i) => !which || which(item, i))
      .map((item) => ({ id: item.id as string, quantity: quantity ?? (item.quantity as number) }))
    const { data: after } = await api.post(
      `/admin/orders/${orderId}/fulfillments?fields=*fulfillments`,
      { items, location_id: store().stockLocationId },
      admin()
    )
    return { fulfillmentId: after.order.fulfillments.at(-1).id, items }
  }

  /** The shipment of `fulfilled` (a new fulfillment of every item by default) with these parcels; answers its fulfillment's id. */
  async function ship(orderId: string, parcels: Parcel | Parcel[], fulfilled?: Fulfilled): Promise<string> {
    const { fulfillmentId, items } = fulfilled ?? (await fulfill(orderId))
    const labels = [parcels].flat().map((p) => ({
      label_url: "https://labels.test/1.pdf",
      tracking_url: "",
      ...(typeof p === "string" ? { tracking_number: p } : p),
    }))
    await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, { items, labels }, admin())
    return fulfillmentId
  }

  return { fulfill, ship }
}
