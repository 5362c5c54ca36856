import { z } from "@medusajs/framework/zod"
import { MAX_AMOUNTS_PER_REQUEST, amountProblem, splitAmounts } from "./helpers"

const TOO_LONG = 2000

export const StoreEligibilityQuery = z
  .object({
    cart_id: z.string().trim().min(1).max(100).optional(),
    // A payment link's page: what an order still owes on a collection of its own.
    payment_collection_id: z.string().trim().min(1).max(100).optional(),
    amount: z.string().trim().max(TOO_LONG, "amount is too long").optional(),
    amounts: z.string().trim().max(TOO_LONG, "amounts is too long").optional(),
    // Product pages: the product behind the price (`amount`), or one per price (`amounts`, in
    // the same order; an empty item for a price of no product): excluded products are answered
    // with the reason, and cost no service call.
    product_id: z.string().trim().min(1).max(100).optional(),
    product_ids: z.string().trim().max(5100, "product_ids is too long").optional(),
    currency_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "currency_code must be a 3-letter ISO code, like eur")
      .optional(),
    // The country the storefront shows the offer in (any form): the market of the `legal` texts
    // served (a cart's own address country comes first).
    country_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "country_code must be a 2-letter ISO 3166-1 country code, like fr")
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const forms = [q.cart_id, q.payment_collection_id, q.amount, q.amounts].filter((v) => v !== undefined).length
    const ofRecord = q.cart_id ?? q.payment_collection_id
    if (forms > 1 || (ofRecord && q.currency_code)) {
      ctx.addIssue({
        code: "custom",
        message: "Pass one of cart_id, payment_collection_id, amount or amounts (with currency_code), not several",
      })
      return
    }
    if (!ofRecord && !((q.amount || q.amounts) && q.currency_code)) {
      ctx.addIssue({
        code: "custom",
        message: "Pass cart_id, payment_collection_id, or amount (or amounts) with currency_code",
      })
      return
    }
    if (q.product_id !== undefined && q.amount === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["product_id"],
        message: "product_id goes with amount (for many prices: amounts with product_ids)",
      })
      return
    }
    if (q.product_ids !== undefined) {
      const count = q.amounts === undefined ? -1 : splitAmounts(q.amounts).length
      const ids = q.product_ids.split(",")
      if (count !== ids.length) {
        ctx.addIssue({
          code: "custom",
          path: ["product_ids"],
          message:
            count < 0
              ? "product_ids goes with amounts (for one price: amount with product_id)"
              : `product_ids holds ${ids.length} ids for ${count} amounts: give one per amount, in the same order (an empty item for a price of no product)`,
        })
        return
      }
      if (ids.some((id) => id.trim().length > 100)) {
        ctx.addIssue({
          code: "custom",
          path: ["product_ids"],
          message: "product_ids holds an id longer than 100 characters",
        })
        return
      }
    }
    if (!q.currency_code || !/^[A-Za-z]{3}$/.test(q.currency_code)) {
      return
    }
    const list = q.amounts !== undefined ? splitAmounts(q.amounts) : q.amount !== undefined ? [q.amount] : []
    if (list.length > MAX_AMOUNTS_PER_REQUEST) {
      ctx.addIssue({
        code: "custom",
        message: `amounts holds ${list.length} values: at most ${MAX_AMOUNTS_PER_REQUEST} per request`,
      })
      return
    }
    for (const value of list) {
      const problem = amountProblem(value, q.currency_code)
      if (problem) {
        ctx.addIssue({ code: "custom", path: [q.amounts !== undefined ? "amounts" : "amount"], message: problem })
        return
      }
    }
  })

export type StoreEligibilityQuery = z.infer<typeof StoreEligibilityQuery>
