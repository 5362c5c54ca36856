import { z } from "@medusajs/framework/zod"

/** `GET /admin/bnpl/reconciliation?all=true`: every payment compared, not only those that differ. */
export const AdminReconciliationQuery = z.object({ all: z.enum(["true", "false"]).optional() }).strict()

/** `POST /admin/bnpl/reconciliation/:pid/actions`: the one action of a difference. */
export const AdminReconciliationAction = z
  .object({
    action: z.enum(["record_refund", "refund_at_service", "start_payment"], {
      error: 'action must be one of "record_refund", "refund_at_service", "start_payment"',
    }),
  })
  .strict()
export type AdminReconciliationActionBody = z.infer<typeof AdminReconciliationAction>
