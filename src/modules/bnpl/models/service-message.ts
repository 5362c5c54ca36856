import { model } from "@medusajs/framework/utils"

/**
 * One message to the service about an order (or the decision not to send it), with every
 * attempt's outcome: what the service was told, the log merchants see on the order; `kind` says
 * which message it is.
 */
const BnplServiceMessage = model
  .define("bnpl_service_message", {
    id: model.id({ prefix: "bnplmsg" }).primaryKey(),
    order_id: model.text(),
    /**
     * A kind of the kind table (`KINDS` in `lib/messages/kinds/index.ts`). Text, not an enum: the
     * table is the one list (written only from it), so a new kind needs no migration. Order events
     * wait in their own table (order-event.ts).
     */
    kind: model.text(),
    /** Medusa payment id, and the service's payment id it belongs to. */
    payment_id: model.text().nullable(),
    bnpl_payment_id: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    /** What triggered it: an event word of the kind table (`MessageEvent`, lib/messages/kinds/kind.ts). */
    trigger: model.text(),
    /** What is sent (or to send): what the kind built. */
    payload: model.json().nullable(),
    /** A SHA-256 of the payload, per kind: the same content is never sent twice. */
    payload_hash: model.text().nullable(),
    /**
     * pending (will be retried) | accepted (the service accepted it) | failed (gave up) | skipped |
     * unchanged (the service has it already) | unavailable (the account lacks the endpoint: not retried)
     */
    status: model.enum(["pending", "accepted", "failed", "skipped", "unchanged", "unavailable"]).default("pending"),
    attempts: model.number().default(0),
    /** Without secrets: the client's error messages never carry the key. */
    last_error: model.text().nullable(),
    next_attempt_at: model.dateTime().nullable(),
    accepted_at: model.dateTime().nullable(),
    /**
     * Order of the pushes the service accepted for one payment (1, 2, ...), set under the
     * payment's lock: "the last accepted" never depends on server clocks.
     */
    accepted_sequence: model.number().nullable(),
    /** An accepted `order`: the service's id of the attached order, where tracking goes. */
    service_order_id: model.text().nullable(),
  })
  .indexes([{ on: ["order_id"] }, { on: ["status", "next_attempt_at"] }, { on: ["order_id", "kind"] }])

export default BnplServiceMessage
