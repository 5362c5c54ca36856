import { model } from "@medusajs/framework/utils"

/**
 * One push (or decision not to push) of an order's shipping information to the service,
 * with every attempt's outcome: the shipping sync log merchants see on the order.
 */
const BnplShippingSync = model
  .define("bnpl_shipping_sync", {
    id: model.id({ prefix: "bnplsync" }).primaryKey(),
    order_id: model.text(),
    /** Medusa payment id, and the service's payment id it belongs to. */
    payment_id: model.text().nullable(),
    bnpl_payment_id: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    /** What triggered it: `fulfillment_created`, `order_placed`, `order_edit_confirmed`, `claim_created`, `exchange_created`, `manual`. */
    trigger: model.text(),
    /** The `shipping_info` sent (or to send). */
    payload: model.json().nullable(),
    payload_hash: model.text().nullable(),
    /** pending (will be retried) | synced | failed (gave up) | skipped | unchanged */
    status: model.enum(["pending", "synced", "failed", "skipped", "unchanged"]).default("pending"),
    attempts: model.number().default(0),
    /** Without secrets: the client's error messages never carry the key. */
    last_error: model.text().nullable(),
    next_attempt_at: model.dateTime().nullable(),
    synced_at: model.dateTime().nullable(),
    /**
     * Order of the pushes the service accepted for one payment (1, 2, ...), set under the
     * payment's lock: "the last accepted" never depends on server clocks.
     */
    accepted_sequence: model.number().nullable(),
  })
  .indexes([{ on: ["order_id"] }, { on: ["status", "next_attempt_at"] }])

export default BnplShippingSync
