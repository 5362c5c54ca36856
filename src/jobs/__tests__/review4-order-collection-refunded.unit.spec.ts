// The settle job's module graph reaches Medusa's core flows; none run here.

import { settleBnplPaymentsAt } from "../settle-bnpl-payments"
import { memoryMessages } from "../../__tests__/helpers/memory-messages"
import { liveSandbox, liveStore, plainContainer } from "../../__tests__/helpers/review-store"
import { medusaAuthorized } from "../../__tests__/helpers/medusa-writes"
import BnplProviderService from "../../providers/bnpl/service"

/**
 * Review 4 (money): the settle job now also sweeps rows `ordered` whose `order_id` is NULL
 * ("claims without an order"), and decides "no order holds it" from the cart alone
 * (`orderOfCart(row.cart_id)`). A payment made on a payment collection that has no cart has
 * `cart_id` NULL: Medusa 2.21 makes such collections for what an order still owes after an
 * order edit, exchange or claim (createOrUpdateOrderPaymentCollectionWorkflow), and its admin's
 * "Copy payment link" sends the customer to `<storefront>/payment-collection/<id>` to pay it.
 * Paid with this plugin, Medusa authorizes it (processPaymentWorkflow, from the notification:
 * the provider's authorizePayment claims the row `ordered`), the order's collection is paid in
 * Medusa, and an hour later the settle job refunds it in full at the service.
 *
 * Mended: the stand-in holds the rows Medusa 2.21 writes when it authorizes a session
 * (`medusaAuthorized`: its payment, the order's link to the collection); the plugin reads who
 * holds a payment there.
 */
describe("review 4: a payment of an order's own payment collection (no cart)", () => {
  const live = liveSandbox()

  async function paidAndAuthorized(cart: string | null) {
    const { db, injected, providerOptions, getOptions } = liveStore(live)
    const provider = new BnplProviderService(injected, providerOptions)
    const session = await provider.initiatePayment({
      amount: 80,
      currency_code: "eur",
      // The store route attaches no checkout for a collection without a cart.
      data: { session_id: "payses_9", installments_count: 3, ...(cart ? { checkout: { cart_id: cart } } : {}) },
    } as any)
    live.accept(session.id, { notify: false })
    // Medusa authorizes the session (processPaymentWorkflow for the notification; complete-cart for a cart).
    const authorized = await provider.authorizePayment({ data: session.data } as any)
    expect(["authorized", "captured"]).toContain(authorized.status)
    // What Medusa wrote: the session authorized, its payment on a collection of order_1.
    medusaAuthorized(db, { sessionId: "payses_9", orderId: "order_1", data: authorized.data })
    if (cart) db.tables.order_cart.push({ id: "oc_1", cart_id: cart, order_id: "order_1", deleted_at: null })
    const container = plainContainer(db, {
      bnpl: { ...memoryMessages(), getOptions },
      query: { graph: async () => ({ data: [{ id: "order_1", fulfillments: [] }] }) },
    })
    // The settle job runs past the page's expiry, and again.
    await settleBnplPaymentsAt(container, Date.now() + 2 * 3600_000)
    await settleBnplPaymentsAt(container, Date.now() + 3 * 3600_000)
    const p = live.payments.get(session.id)
    return {
      ledger: db.tables.bnpl_payment[0].status,
      refunded_cents: p.refunds.reduce((s: number, r: any) => s + r.amount, 0),
    }
  }

  it("control: a cart's payment authorized for its order is left to the order", async () => {
    expect(await paidAndAuthorized("cart_1")).toEqual({ ledger: "ordered", refunded_cents: 0 })
  })

  it("a payment Medusa authorized on an order's collection is left to the order", async () => {
    expect(await paidAndAuthorized(null)).toEqual({ ledger: "ordered", refunded_cents: 0 })
  })
})
