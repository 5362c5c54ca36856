import { model } from "@medusajs/framework/utils"

/**
 * The last comparison of one service payment with Medusa's records (the hourly reconciliation,
 * `workflows/reconciliation/utils/compare.ts`): the service's side as last read, the key of Medusa's
 * side it was read against (the service is read again only when that changes, or once a day
 * while the payment can still move), and the differences found, each with when it was first
 * found. Shown in the admin: Settings → Instalment payments → Reconciliation.
 */
const BnplReconciliation = model
  .define("bnpl_reconciliation", {
    id: model.id({ prefix: "bnplrec" }).primaryKey(),
    /** The service's payment id. */
    bnpl_payment_id: model.text(),
    /** `{ state, purchase_cents, refunded_cents, deferred_trigger, trigger_applied, refunds }` as last read. */
    service: model.json().nullable(),
    service_read_at: model.dateTime().nullable(),
    /** Medusa's side as compared (`{ payment_id, order_id, authorized_cents, ... }`) and its key. */
    medusa: model.json().nullable(),
    medusa_key: model.text().nullable(),
    /** `[{ kind, cents, reason, action, found_at }]`: empty when both sides agree. */
    drifts: model.json().nullable(),
    drift_count: model.number().default(0),
    checked_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["bnpl_payment_id"], unique: true }, { on: ["drift_count"] }])

export default BnplReconciliation
