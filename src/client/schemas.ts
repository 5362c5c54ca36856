import { z } from "@medusajs/framework/zod"
import { SHIPPING_METHODS } from "./types"

/**
 * Shapes the client accepts from the service (lenient on extra fields, strict on what
 * the plugin relies on) and the shipping information it accepts to send (strict).
 */
const cents = z.number().int()
const optionalCount = z
  .number()
  .int()
  .nullish()
  .transform((v) => v ?? undefined)

const instalment = z.looseObject({
  purchase_amount: cents,
  customer_fee: cents,
  customer_interest: cents,
  due_date: z.number().int(),
  total_amount: cents,
})

const eligible = z.looseObject({
  eligible: z.literal(true),
  installments_count: z.number().int().positive(),
  deferred_days: optionalCount,
  deferred_months: optionalCount,
  customer_total_cost_amount: cents,
  customer_total_cost_bps: z.number().int(),
  payment_plan: z.array(instalment).min(1),
})

const ineligible = z.looseObject({
  eligible: z.literal(false),
  installments_count: z.number().int().positive(),
  deferred_days: optionalCount,
  deferred_months: optionalCount,
  reasons: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
  constraints: z
    .looseObject({
      purchase_amount: z.looseObject({ minimum: cents, maximum: cents }).optional(),
    })
    .nullish()
    .transform((v) => v ?? {}),
})

export const eligibilityResult = z.discriminatedUnion("eligible", [eligible, ineligible])

export const paymentAnswer = z.looseObject({
  id: z.string().min(1),
  url: z.string().optional(),
  state: z.string(),
  purchase_amount: cents,
  installments_count: z.number().int(),
  deferred_days: optionalCount,
  deferred_months: optionalCount,
  payment_plan: z.array(z.looseObject({ ...instalment.shape, state: z.string().optional() })).default([]),
  refunds: z
    .array(
      z.looseObject({
        id: z.string(),
        amount: cents,
        created: z.number().optional(),
        merchant_reference: z.string().nullish(),
      })
    )
    .nullish()
    .transform((v) => v ?? []),
  custom_data: z.record(z.string(), z.unknown()).nullish(),
  expired_at: z.number().nullish(),
  deferred_trigger: z.boolean().nullish(),
  deferred_trigger_applied: z.boolean().nullish(),
})

export const serviceOrder = z.looseObject({
  id: z.string().min(1),
  merchant_reference: z.string(),
  merchant_url: z.string().nullish(),
  status: z.string().nullish(),
  is_shipped: z.boolean().nullish(),
})

/** A payment whose attached orders are listed (the answer to attaching one). */
export const paymentWithOrders = paymentAnswer.extend({ orders: z.array(serviceOrder) })

export const shippingOption = z.strictObject({
  title: z.string().trim().min(1, "title is required"),
  amount: z.number().int("amount must be an integer number of cents").nonnegative(),
  carrier: z.string().optional(),
  express_delivery: z.boolean().optional(),
  shipping_method: z
    .enum(SHIPPING_METHODS, {
      error: `shipping_method must be one of ${SHIPPING_METHODS.join(", ")}`,
    })
    .optional(),
  pickup_delivery: z.never({ error: "pickup_delivery is deprecated: use shipping_method" }).optional(),
})

export const shippingInfoInput = z.strictObject({
  selected_options: z.array(shippingOption).optional(),
  available_options: z.array(shippingOption).optional(),
})
