import { z } from "@medusajs/framework/zod"
import { MAX_AMOUNTS_PER_REQUEST, amountProblem, splitAmounts } from "./helpers"

const TOO_LONG = 2000

export const StoreEligibilityQuery = z
  .object({
    cart_id: z.string().trim().min(1).max(100).optional(),
    amount: z.string().trim().max(TOO_LONG, "amount is too long").optional(),
    amounts: z.string().trim().max(TOO_LONG, "amounts is too long").optional(),
    currency_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "currency_code must be a 3-letter ISO code, like eur")
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const forms = [q.cart_id, q.amount, q.amounts].filter((v) => v !== undefined).length
    if (forms > 1 || (q.cart_id && q.currency_code)) {
      ctx.addIssue({
        code: "custom",
        message: "Pass one of cart_id, amount or amounts (with currency_code), not several",
      })
      return
    }
    if (!q.cart_id && !((q.amount || q.amounts) && q.currency_code)) {
      ctx.addIssue({ code: "custom", message: "Pass cart_id, or amount (or amounts) with currency_code" })
      return
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
