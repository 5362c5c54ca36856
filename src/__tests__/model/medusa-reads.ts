import type { MOrder } from "./medusa-rows"

/**
 * What the plugin reads of the model's stand-in of Medusa: an order as `query.graph` answers it,
 * and `query` itself (orders by id, fulfillments to their order). Plain functions of the rows.
 */

/** An order as `query.graph` of `order` answers it, with the fields the plugin asks for. */
export function graphOrder(order: MOrder) {
  const iso = (d: Date | null) => (d ? d.toISOString() : null)
  return {
    id: order.id,
    display_id: order.display_id,
    status: order.status,
    currency_code: "eur",
    canceled_at: iso(order.canceled_at),
    items: [{ id: `item_${order.id}`, requires_shipping: true, quantity: 1 }],
    shipping_methods: [],
    fulfillments: order.fulfillments.map((f) => ({
      id: f.id,
      provider_id: "manual_manual",
      canceled_at: iso(f.canceled_at),
      shipped_at: iso(f.shipped_at),
      delivered_at: iso(f.delivered_at),
      labels: f.labels.map((l) => ({ ...l })),
      shipping_option: { name: "Standard shipping", metadata: null, data: null },
    })),
    payment_collections: [order.collection, ...(order.ownCollections ?? [])].map((collection) => ({
      id: collection.id,
      status: collection.status,
      payments: collection.payments.map((p) => ({
        id: p.id,
        provider_id: p.provider_id,
        data: JSON.parse(JSON.stringify(p.data)),
        amount: p.amount,
        currency_code: p.currency_code,
        canceled_at: iso(p.canceled_at),
        created_at: iso(p.created_at),
        captured_at: iso(p.captured_at),
        captures: p.captures.map((c) => ({ ...c, raw_amount: { value: String(c.amount), precision: 20 } })),
        refunds: p.refunds.map((r) => ({ ...r, raw_amount: { value: String(r.amount), precision: 20 } })),
      })),
    })),
  }
}

/** `query` as the plugin uses it; `failOrderReads` reads of `order` fail first (a dropped connection). */
export function orderQuery(medusa: { orders: MOrder[]; failOrderReads: number }) {
  return {
    graph: async ({ entity, filters }: { entity: string; fields?: string[]; filters?: any }) => {
      const ids = filters?.id === undefined ? undefined : Array.isArray(filters.id) ? filters.id : [filters.id]
      if (entity === "order") {
        if (medusa.failOrderReads > 0) {
          medusa.failOrderReads--
          throw new Error("Connection terminated unexpectedly")
        }
        const found = medusa.orders.filter((o) => !ids || ids.includes(o.id))
        return { data: found.map((o) => graphOrder(o)) }
      }
      if (entity === "order_fulfillment") {
        const data = medusa.orders.flatMap((o) =>
          o.fulfillments
            .filter((f) => filters?.fulfillment_id === undefined || f.id === filters.fulfillment_id)
            .map((f) => ({ order_id: o.id, fulfillment_id: f.id }))
        )
        return { data }
      }
      return { data: [] }
    },
  }
}
