import { z } from "@medusajs/framework/zod"

/** `POST /admin/bnpl/orders/:id/payment-links`: e-mail (again) the link of one of the order's collections. */
export const AdminSendPaymentLink = z
  .object({
    payment_collection_id: z
      .string({ error: "payment_collection_id is required: the order's collection the link pays (pay_col_...)" })
      .min(1, "payment_collection_id is required: the order's collection the link pays (pay_col_...)")
      .max(100),
  })
  .strict()
export type AdminSendPaymentLinkBody = z.infer<typeof AdminSendPaymentLink>
