import { model } from "@medusajs/framework/utils"

/**
 * An order event the plugin tells the service about, recorded before anything could fail and
 * deleted in the statement that records its messages (message-writes.ts): a row here is an event
 * whose messages are not recorded yet (its order could not be read), for the retry job to handle
 * again. Nothing is sent for the row itself; what the service was told is the messages' table.
 */
const BnplOrderEvent = model
  .define("bnpl_order_event", {
    id: model.id({ prefix: "bnplevt" }).primaryKey(),
    /** An event word of the kind table (`MessageEvent`, lib/messages/kinds/kind.ts). */
    event: model.text(),
    /** Unknown until read when the event names only the fulfillment (a shipment, a delivery). */
    order_id: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    /** pending (handled again when due) | failed (out of attempts: visible on the order) */
    status: model.enum(["pending", "failed"]).default("pending"),
    attempts: model.number().default(0),
    /** Without secrets, as the messages' own. */
    last_error: model.text().nullable(),
    next_attempt_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["status", "next_attempt_at"] }, { on: ["order_id"] }])

export default BnplOrderEvent
