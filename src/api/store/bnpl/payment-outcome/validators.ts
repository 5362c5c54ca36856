import { z } from "@medusajs/framework/zod"

export const StorePaymentOutcomeQuery = z
  .object({
    cart_id: z.string().trim().min(1, "cart_id is required").max(100).optional(),
    // A payment link's return: the collection the customer paid (an order's own, no cart).
    payment_collection_id: z.string().trim().min(1).max(100).optional(),
    pid: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
  .refine((q) => (q.cart_id === undefined) !== (q.payment_collection_id === undefined), {
    message: "Pass cart_id (a checkout's return) or payment_collection_id (a payment link's return)",
  })

export type StorePaymentOutcomeQuery = z.infer<typeof StorePaymentOutcomeQuery>
