import { model } from "@medusajs/framework/utils"

/**
 * Every payment the plugin created at the service, and how it ended. Written by the provider
 * when it creates the payment (so a notification can be recognised without calling the
 * service), and moved on as the payment settles: an order holds it, or it had to be cancelled
 * or refunded because its session was deleted or its cart could not become an order. The
 * merchant sees the payments that did not end in an order (admin: Settings → Instalment
 * payments → Unsettled payments).
 */
const BnplPayment = model
  .define("bnpl_payment", {
    id: model.id({ prefix: "bnplpay" }).primaryKey(),
    /** The service's payment id (`payment_...`). */
    bnpl_payment_id: model.text(),
    /** The Medusa payment session that asked for it, and its cart. */
    session_id: model.text(),
    cart_id: model.text().nullable(),
    /** The checkout snapshot it was made with (`bnpl_checkout_snapshot`): its data goes when the payment ends. */
    checkout_id: model.text().nullable(),
    /** Cents, as the service has it. */
    purchase_amount: model.number(),
    currency_code: model.text(),
    /** "test" | "live": the account it was made with (null: made before modes, the live columns). */
    mode: model.text().nullable(),
    /**
     * Made after the upgrade: its notifications must be authenticated, by its account's signature
     * or a token accepted for it (its URL carried the store's token unless the account checked
     * signatures). False: made before the upgrade, accepted without either.
     */
    token_in_url: model.boolean().default(true),
    /**
     * open: its session may still become an order | authorized: Medusa authorized it, no order
     * known to hold it yet (Medusa's records decide) | ordered: an order holds it (`order_id`) |
     * to_settle: it must be cancelled or refunded (the retry job works on it) |
     * cancelled / refunded: settled without an order | failed: gave up, the merchant acts
     */
    status: model
      .enum(["open", "authorized", "ordered", "to_settle", "cancelled", "refunded", "failed"])
      .default("open"),
    /** Why it cannot become an order (session deleted, cart could not be completed...). */
    reason: model.text().nullable(),
    order_id: model.text().nullable(),
    /** Cents given back by the plugin when it settled the payment. */
    refunded_amount: model.number().nullable(),
    attempts: model.number().default(0),
    last_error: model.text().nullable(),
    next_attempt_at: model.dateTime().nullable(),
    settled_at: model.dateTime().nullable(),
    /**
     * The account (a fingerprint: no key) that answered "no such payment": `failed` until that
     * account's key, URL or mode changes, then settled again.
     */
    failed_account: model.text().nullable(),
    /** Pay at shipment: created with `deferred: "trigger"`, nothing charged until triggered. */
    pay_at_shipment: model.boolean().default(false),
    /** The last day its order may ship for the payment to start (the account's trigger limit). */
    trigger_deadline: model.dateTime().nullable(),
    /** When the service accepted the trigger (the schedule started). */
    triggered_at: model.dateTime().nullable(),
    /** When the merchant was warned that the deadline is near, and that it passed: each once. */
    deadline_warned_at: model.dateTime().nullable(),
    deadline_passed_warned_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["bnpl_payment_id"], unique: true },
    { on: ["status", "next_attempt_at"] },
    { on: ["cart_id"] },
    { on: ["checkout_id"] },
  ])
  // An order holds an `ordered` payment, always named: no state says "ordered by nobody".
  .checks([
    {
      name: "bnpl_payment_ordered_names_order",
      expression: (c) => `${c.status} <> 'ordered' OR ${c.order_id} IS NOT NULL`,
    },
  ])

export default BnplPayment
