import { model } from "@medusajs/framework/utils"

/** The plans the service accepted for a cart, for the amount they were computed for. */
const BnplCartEligibility = model
  .define("bnpl_cart_eligibility", {
    id: model.id({ prefix: "bnplcel" }).primaryKey(),
    cart_id: model.text(),
    /** Cents. */
    purchase_amount: model.number(),
    currency_code: model.text(),
    checked_at: model.dateTime(),
    /** `cartAnswerScope`: plans asked of another account, or with other plans or bounds, are stale. */
    account: model.text().nullable(),
    service_available: model.boolean(),
    unavailable_reason: model.text().nullable(),
    message: model.text().nullable(),
    /** Each plan's result, with the contract's field names. */
    plans: model.json(),
  })
  .indexes([{ on: ["cart_id"], unique: true }])

export default BnplCartEligibility
