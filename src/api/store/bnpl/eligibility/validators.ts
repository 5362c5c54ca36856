import { z } from "@medusajs/framework/zod"

export const StoreEligibilityQuery = z
  .object({
    cart_id: z.string().trim().min(1).optional(),
    amount: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "amount must be a positive number in major units, like 149.90")
      .refine((v) => Number(v) > 0, "amount must be greater than 0")
      .optional(),
    currency_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "currency_code must be a 3-letter ISO code, like eur")
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.cart_id && (q.amount || q.currency_code)) {
      ctx.addIssue({ code: "custom", message: "Pass either cart_id, or amount with currency_code, not both" })
    } else if (!q.cart_id && !(q.amount && q.currency_code)) {
      ctx.addIssue({ code: "custom", message: "Pass cart_id, or amount with currency_code" })
    }
  })

export type StoreEligibilityQuery = z.infer<typeof StoreEligibilityQuery>
