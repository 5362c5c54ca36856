import { z } from "@medusajs/framework/zod"

export const StorePaymentOutcomeQuery = z
  .object({
    cart_id: z.string().trim().min(1, "cart_id is required").max(100),
    pid: z.string().trim().min(1).max(100).optional(),
  })
  .strict()

export type StorePaymentOutcomeQuery = z.infer<typeof StorePaymentOutcomeQuery>
