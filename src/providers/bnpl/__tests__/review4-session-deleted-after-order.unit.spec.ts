import bnplOrderPlaced from "../../../subscribers/order-placed"
import { memoryMessages } from "../../../__tests__/helpers/memory-messages"
import { acceptedSession, liveSandbox, liveStore, medusaContainer } from "../../../__tests__/helpers/review-store"
import { medusaAuthorized } from "../../../__tests__/helpers/medusa-writes"
import BnplProviderService from "../service"

/**
 * Review 4 (money): `deletePayment` → `endPayment` claims the payment with
 * `markToSettle(..., { orderless: true })`, which takes a row `ordered` whose `order_id` is
 * NULL as "authorized for an order never placed". But a plain (not pay-at-shipment) order's row
 * keeps `order_id` NULL after its order is placed: claimForOrder sets `ordered` only, the
 * order.placed subscriber writes `order_id` only for pay at shipment (setTriggerDeadline), and
 * the settle job writes it (markOrdered) only once the payment page is stale (60 + 5 min).
 *
 * Medusa 2.21's createPaymentSessionsWorkflow (POST /store/payment-collections/:id/payment-sessions,
 * publishable key only) does not check that the collection's cart is completed and deletes every
 * existing session, the authorized one included, calling the provider's deletePayment first
 * (payment-module.js deletePaymentSession → provider.deletePayment, then the row). A second
 * checkout tab, a storefront retry, or a customer on purpose, within the hour after the order:
 * the plugin refunds the whole order at the service; Medusa keeps the order paid and ships.
 *
 * Mended: the stand-in now holds the rows Medusa 2.21 writes (the session's payment, the order's
 * link to the cart's collection: `medusaAuthorized`), where the plugin reads who holds a payment;
 * and the order.placed subscriber names the order in the ledger (an `ordered` row always does:
 * the precondition below said `order_id: null`, the state the review found). Over HTTP the
 * service's notification named the order within seconds, which is why the demo never refunded.
 */
describe("review 4: the authorized session of a placed order deleted", () => {
  const live = liveSandbox()

  /** A 300 € (3x) order placed as Medusa places it: the session authorized, then the order, then order.placed. */
  async function placedOrder({ withOrder, subscriber = true }: { withOrder: boolean; subscriber?: boolean }) {
    const { db, injected, providerOptions, getOptions } = liveStore(live)
    const provider = new BnplProviderService(injected, providerOptions)
    const session = await acceptedSession(provider, live)
    const authorized = await provider.authorizePayment({ data: session.data } as any)
    expect(["authorized", "captured"]).toContain(authorized.status)
    if (withOrder) {
      medusaAuthorized(db, { sessionId: "payses_1", orderId: "order_1", data: authorized.data })
      db.tables.order_cart.push({ id: "ordercart_1", cart_id: "cart_1", order_id: "order_1", deleted_at: null })
      const order = {
        id: "order_1",
        display_id: 7,
        currency_code: "eur",
        fulfillments: [],
        payment_collections: [
          {
            payments: [
              {
                id: "pay_1",
                provider_id: "pp_bnpl_bnpl",
                canceled_at: null,
                created_at: new Date(),
                data: authorized.data,
              },
            ],
          },
        ],
      }
      const container = medusaContainer(db, {
        query: { graph: async () => ({ data: [order] }) },
        bnpl: { ...memoryMessages(), getOptions },
      })
      // The plugin's own order.placed subscriber runs (its messages: the order attached at the service).
      if (subscriber) await bnplOrderPlaced({ event: { data: { id: "order_1" } }, container } as any)
    }
    return { db, provider, pid: session.id, data: authorized.data }
  }

  const atService = (pid: string) => {
    const p = live.payments.get(pid)
    return { state: p.state, refunded_cents: p.refunds.reduce((s: number, r: any) => s + r.amount, 0) }
  }

  it("control: the session of a payment whose completion failed (no order) is deleted: refunded in full", async () => {
    const { provider, pid, data } = await placedOrder({ withOrder: false })
    await provider.deletePayment({ data } as any)
    expect(atService(pid).refunded_cents).toBe(30000)
  })

  it("the session of a placed order is deleted: the service keeps the order's money", async () => {
    const { db, provider, pid, data } = await placedOrder({ withOrder: true })
    const row = db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!
    // After the order is placed (and its order.placed handled), the ledger row names its order.
    expect({
      status: row.status,
      order_id: row.order_id ?? null,
      attached_at_service: live.payments.get(pid).orders?.length ?? 0,
    }).toEqual({ status: "ordered", order_id: "order_1", attached_at_service: 1 })

    // The collection's sessions are deleted (a new payment session posted on the completed cart's collection).
    await provider.deletePayment({ data } as any)

    expect({
      ...atService(pid),
      ledger: db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!.status,
    }).toEqual({ state: "in_progress", refunded_cents: 0, ledger: "ordered" })
  })

  it("before order.placed is handled: Medusa's records alone keep the order's money", async () => {
    const { db, provider, pid, data } = await placedOrder({ withOrder: true, subscriber: false })
    expect(db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!.status).toBe("authorized")
    await provider.deletePayment({ data } as any)
    expect({
      ...atService(pid),
      ledger: db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!.status,
      order_id: db.tables.bnpl_payment.find((r) => r.bnpl_payment_id === pid)!.order_id,
    }).toEqual({ state: "in_progress", refunded_cents: 0, ledger: "ordered", order_id: "order_1" })
  })
})
