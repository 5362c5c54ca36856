import { model } from "@medusajs/framework/utils"

/**
 * An instalment payment link the merchant sent for what an order owes (its own payment
 * collection: an edit, a claim, an exchange, a converted draft order): when it was sent, how
 * often, until when it is valid, and whether the merchant cancelled it. No personal data: the
 * e-mail goes to the order's address, read from the order each time. Whether it was paid is
 * Medusa's record (the collection's status), never kept here.
 */
const BnplPaymentLink = model
  .define("bnpl_payment_link", {
    id: model.id({ prefix: "bnpllink" }).primaryKey(),
    payment_collection_id: model.text(),
    order_id: model.text(),
    /** Times the link was e-mailed. */
    sent_count: model.number().default(0),
    last_sent_at: model.dateTime().nullable(),
    /** The link is refused after this moment (sent again: renewed). */
    expires_at: model.dateTime(),
    cancelled_at: model.dateTime().nullable(),
    /** When its open service payment was cancelled after it expired or was cancelled (the job's once). */
    closed_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["payment_collection_id"], unique: true }, { on: ["order_id"] }])

export default BnplPaymentLink
