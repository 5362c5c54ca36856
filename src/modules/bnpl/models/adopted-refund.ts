import { model } from "@medusajs/framework/utils"

/**
 * A refund made at the service whose answer was lost (Medusa then deleted its own refund), taken
 * as a later Medusa refund of the same cents instead of refunding twice: one row per refund at
 * the service (`reference`, unique), naming the Medusa refund that took it. The unique index
 * makes "taken once" hold when two refunds run at the same moment: Medusa reads a payment's
 * data before its lock and writes it back whole, so the payment's data cannot keep it.
 * Read and written by `providers/bnpl/refund.ts`.
 */
const BnplAdoptedRefund = model
  .define("bnpl_adopted_refund", {
    id: model.id({ prefix: "bnpladopt" }).primaryKey(),
    /** The service's payment id. */
    bnpl_payment_id: model.text(),
    /** The refund's `merchant_reference` at the service. */
    reference: model.text(),
    /** Medusa's refund (`ref_...`) that took it; another may take it once that one is deleted. */
    medusa_refund_id: model.text(),
  })
  .indexes([{ on: ["reference"], unique: true }])

export default BnplAdoptedRefund
