import { model } from "@medusajs/framework/utils"

/**
 * What the service gets about a checkout (customer, addresses, items, shipping options),
 * read from the server-side cart when a BNPL session is created. Kept here, server-side: the
 * payment session's `data` is readable by anyone holding the cart id, so it only carries this
 * row's id (`checkout_id`). When the order is placed, the row is tied to the order, session and
 * service payment, and gains the shipping options offered for the cart as it was completed.
 * The customer data goes when nothing needs it any more (`jobs/forget-checkout-data.ts`): an order
 * holding the row keeps only its offered options (`snapshot` becomes `{}`).
 */
const BnplCheckoutSnapshot = model
  .define("bnpl_checkout_snapshot", {
    id: model.id({ prefix: "bnplchk" }).primaryKey(),
    /** Null for an order's own payment collection (no cart; the snapshot names the order). */
    cart_id: model.text().nullable(),
    payment_collection_id: model.text().nullable(),
    /** Set when the order is placed. */
    session_id: model.text().nullable(),
    bnpl_payment_id: model.text().nullable(),
    order_id: model.text().nullable(),
    /** The `CheckoutSnapshot` sent with the service payment. */
    snapshot: model.json(),
    /** The contract's shipping option objects offered for the completed cart; null: not read yet. */
    available_options: model.json().nullable(),
    available_options_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["cart_id"] }, { on: ["order_id"] }])

export default BnplCheckoutSnapshot
