import type { MemoryDb } from "./memory-db"

/**
 * The rows of the model's stand-in of Medusa (medusa.ts says what it stands in for): carts,
 * orders, Medusa payments with their captures and refunds, the ids, the lookups, the errors
 * Medusa logs, and the events delivered to the plugin's subscribers. The payment module
 * (medusa-payment-module.ts) and the workflows (medusa.ts) build on it.
 *
 * Medusa's rows the plugin reads through its own connection (`payment_session`, `order_cart`)
 * are kept in the model's database as well.
 */

export const EPSILON = 0.005
const cents = (amount: number) => Math.round(amount * 100)

export type MCapture = { id: string; amount: number }
export type MRefund = { id: string; amount: number }
export type MPayment = {
  id: string
  session_id: string
  collection_id: string
  provider_id: string
  amount: number
  currency_code: string
  data: Record<string, any>
  created_at: Date
  captured_at: Date | null
  canceled_at: Date | null
  captures: MCapture[]
  refunds: MRefund[]
}
export type MSession = {
  id: string
  collection_id: string
  provider_id: string
  amount: number
  currency_code: string
  data: Record<string, any>
  status: string
  authorized_at: Date | null
  deleted: boolean
  payment?: MPayment
}
export type MCollection = {
  id: string
  amount: number
  currency_code: string
  status: string
  sessions: MSession[]
  payments: MPayment[]
}
export type MCart = { id: string; email: string; collection: MCollection; completed_at: Date | null; pids: string[] }
export type MFulfillment = {
  id: string
  labels: { tracking_number: string; tracking_url: string }[]
  shipped_at: Date | null
  delivered_at: Date | null
  canceled_at: Date | null
}
export type MOrder = {
  id: string
  display_id: number
  cart_id: string
  collection: MCollection
  status: "pending" | "canceled"
  canceled_at: Date | null
  /** How many service requests the sandbox had seen when the order was cancelled. */
  canceled_at_request: number | null
  fulfillments: MFulfillment[]
  /** What the shop did, in order: placed, shipped, delivered, canceled (what the service is told). */
  events: string[]
  /** A BNPL Medusa payment held by the order at some point (it was attached at the service). */
  heldPayment: boolean
  /** Collections of the order's own, with no cart: what it still owes after an edit, or a payment link. */
  ownCollections?: MCollection[]
  placed_at: Date
}

export type Provider = {
  initiatePayment(input: any): Promise<any>
  authorizePayment(input: any): Promise<any>
  capturePayment(input: any): Promise<any>
  refundPayment(input: any): Promise<any>
  cancelPayment(input: any): Promise<any>
  deletePayment(input: any): Promise<any>
  getWebhookActionAndData(payload: any): Promise<any>
}
export type Subscriber = (args: { event: { name: string; data: any }; container: any }) => Promise<void>
export type Hook = (input: { order: any }, context: { container: any }) => Promise<void>

export const PROVIDER_ID = "pp_bnpl_bnpl"

export class MedusaRows {
  carts: MCart[] = []
  orders: MOrder[] = []
  /** Errors Medusa logs and goes on (a failed cancel in a compensation, a failed subscriber). */
  logged: string[] = []
  /** Order reads (`query.graph` of `order`) that fail next: a dropped connection. */
  failOrderReads = 0
  protected n = 0
  protected pending: { name: string; data: any }[] = []
  container: any

  constructor(
    protected readonly provider: Provider,
    protected readonly db: MemoryDb,
    protected readonly subscribers: Record<string, Subscriber[]>,
    protected readonly hooks: { orderCanceled: Hook[] },
    protected readonly requestCount: () => number
  ) {
    // Medusa's payments, the orders' collection links and the orders, as the plugin reads them
    // through its own connection (medusa-holding.ts): views of the rows above, never stale.
    const views: Record<string, () => Record<string, any>[]> = {
      payment: () =>
        this.collections().flatMap((c) =>
          c.payments.map((p) => ({
            id: p.id,
            payment_session_id: p.session_id,
            payment_collection_id: p.collection_id,
            captured_at: p.captured_at,
            canceled_at: p.canceled_at,
            deleted_at: null,
          }))
        ),
      order_payment_collection: () =>
        this.orders.flatMap((o) =>
          this.collectionsOf(o).map((c) => ({ order_id: o.id, payment_collection_id: c.id, deleted_at: null }))
        ),
      order: () => this.orders.map((o) => ({ id: o.id, status: o.status, deleted_at: null })),
    }
    for (const [table, rows] of Object.entries(views)) {
      Object.defineProperty(db.tables, table, { get: rows, enumerable: true, configurable: true })
    }
  }

  /** An order's payment collections: its cart's, then those it owes on (an edit, a link). */
  collectionsOf(order: MOrder): MCollection[] {
    return [order.collection, ...(order.ownCollections ?? [])]
  }

  /** Every payment collection: the carts', and the orders' own. */
  collections(): MCollection[] {
    return [...this.carts.map((c) => c.collection), ...this.orders.flatMap((o) => o.ownCollections ?? [])]
  }

  protected id(prefix: string) {
    return `${prefix}_${String(++this.n).padStart(4, "0")}`
  }

  protected syncSessionRow(session: MSession) {
    const rows = this.db.tables.payment_session
    const at = rows.findIndex((r) => r.id === session.id)
    if (session.deleted) {
      if (at >= 0) rows[at] = { ...rows[at], deleted_at: rows[at].deleted_at ?? new Date() } // soft-deleted, as Medusa does
      return
    }
    const row = {
      id: session.id,
      payment_collection_id: session.collection_id,
      status: session.status,
      data: { ...session.data },
      deleted_at: null,
    }
    if (at >= 0) rows[at] = { ...rows[at], ...row }
    else rows.push({ created_at: new Date(), ...row })
  }

  // ---------------------------------------------------------------- lookups

  session(id: string): MSession | undefined {
    for (const collection of this.collections()) {
      const s = collection.sessions.find((x) => x.id === id && !x.deleted)
      if (s) return s
    }
    return undefined
  }

  payment(id: string): MPayment | undefined {
    for (const collection of this.collections()) {
      const p = collection.payments.find((x) => x.id === id)
      if (p) return p
    }
    return undefined
  }

  cartOfCollection(collectionId: string) {
    return this.carts.find((c) => c.collection.id === collectionId)
  }

  orderOfCart(cartId: string) {
    const link = this.db.tables.order_cart.find((r) => r.cart_id === cartId && !r.deleted_at)
    return link ? this.orders.find((o) => o.id === link.order_id) : undefined
  }

  // ---------------------------------------------------------------- events

  protected log(line: string) {
    this.logged.push(line)
  }

  /** Events are delivered once the workflow that emitted them succeeded, each to the plugin's subscribers. */
  async emit(events: { name: string; data: any }[]) {
    this.pending.push(...events)
    while (this.pending.length) {
      const event = this.pending.shift()!
      for (const subscriber of this.subscribers[event.name] ?? []) {
        await subscriber({ event, container: this.container }).catch((e) =>
          this.log(`subscriber of ${event.name} failed: ${e}`)
        )
      }
    }
  }

  /** Cents Medusa recorded as refunded on a payment. */
  static refundedCents(p: MPayment) {
    return p.refunds.reduce((s, r) => s + cents(r.amount), 0)
  }
}
