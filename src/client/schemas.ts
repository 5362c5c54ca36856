import { z } from "@medusajs/framework/zod"
import { SHIPPING_METHODS } from "./types"

/**
 * Shapes the client accepts from the service (lenient on extra fields and on the vendor-API
 * fields its clients type differently, strict on what the plugin relies on) and the shipping
 * information it accepts to send (strict).
 */
const cents = z.number().int()
const optionalCount = z
  .number()
  .int()
  .nullish()
  .transform((v) => v ?? undefined)

/**
 * Fields the contract does not pin (the vendor's public API), read as every one of the vendor's
 * clients reads them, so a type they disagree on never turns a good answer into an error. What
 * the plugin relies on for money (ids, amounts in cents, states) stays strict.
 */
type Scalar = boolean | number | string | null | undefined
const scalar = z.union([z.boolean(), z.number(), z.string()]).nullish()

const FLAGS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ["1", true],
  ["0", false],
  ["true", true],
  ["false", false],
])

/** A boolean as JSON `true`/`false`, `1`/`0` or their strings; absent or null → undefined; else not a flag. */
export function readFlag(value: Scalar): boolean | undefined | null {
  if (value === null || value === undefined) {
    return undefined
  }
  return FLAGS.get(typeof value === "string" ? value.trim().toLowerCase() : value) ?? null
}

/**
 * `deferred_trigger_applied`: null until the shop triggers the payment, then the vendor's PHP
 * client documents an int timestamp, its JS clients a `string`, one a `boolean`. Applied when
 * present and not false/null: a timestamp (number, numeric or ISO string) or `true`. A zero, an
 * empty string or `"0"`/`"false"` is no timestamp: not applied.
 */
export function isTriggerApplied(value: Scalar): boolean {
  if (value === null || value === undefined || value === false || value === 0) {
    return false
  }
  if (typeof value === "string") {
    return !["", "0", "false", "null"].includes(value.trim().toLowerCase())
  }
  return true
}

/**
 * A moment as Unix seconds from an int, a numeric string or a date string (ISO 8601); absent,
 * null, false, 0 or "" → null (not set); anything else → undefined (unreadable).
 */
export function readUnixSeconds(value: Scalar): number | null | undefined {
  if (value === null || value === undefined || value === false || value === 0 || value === "") {
    return null
  }
  if (typeof value === "number") {
    return Number.isFinite(value) ? Math.trunc(value) : undefined
  }
  if (typeof value !== "string") {
    return undefined
  }
  const text = value.trim()
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    return Number(text) === 0 ? null : Math.trunc(Number(text))
  }
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000)
}

/** Applied or not, always a boolean (see `isTriggerApplied`). */
const triggerApplied = scalar.transform((v) => isTriggerApplied(v))

/** Money-relevant flag (e.g. whether nothing was charged yet): every client's reading, nothing else. */
const strictFlag = scalar.transform((v, ctx) => {
  const flag = readFlag(v)
  if (flag === null) {
    ctx.addIssue({ code: "custom", message: `expected a boolean or 0/1, received ${JSON.stringify(v)}` })
    return z.NEVER
  }
  return flag
})

/** Informational flag: an unreadable value is simply not known. */
const looseFlag = z.unknown().transform((v) => readFlag(v as Scalar) ?? undefined)

/** A moment that matters (e.g. expiry): a timestamp in any client's form, or not set (null). */
const moment = scalar.transform((v, ctx) => {
  const seconds = readUnixSeconds(v)
  if (seconds === undefined) {
    ctx.addIssue({ code: "custom", message: `expected a timestamp (seconds or a date), received ${JSON.stringify(v)}` })
    return z.NEVER
  }
  return seconds
})

/** Informational moment: unreadable → not known. */
const looseMoment = z.unknown().transform((v) => readUnixSeconds(v as Scalar) ?? undefined)

/** Informational text: anything but a string is not known. */
const looseText = z.unknown().transform((v) => (typeof v === "string" ? v : undefined))

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v)

/** A free object read back (PHP sends an empty one as `[]`): anything but an object is null. */
const looseRecord = z.unknown().transform((v) => (v === undefined ? undefined : isRecord(v) ? v : null))

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
  url: looseText,
  state: z.string(),
  purchase_amount: cents,
  installments_count: z.number().int(),
  deferred_days: optionalCount,
  deferred_months: optionalCount,
  payment_plan: z
    .array(
      z.looseObject({
        ...instalment.shape,
        state: z
          .string()
          .nullish()
          .transform((v) => v ?? undefined),
      })
    )
    .nullish()
    .transform((v) => v ?? []),
  refunds: z
    .array(
      z.looseObject({
        id: z.string(),
        amount: cents,
        created: looseMoment,
        merchant_reference: z.string().nullish(),
      })
    )
    .nullish()
    .transform((v) => v ?? []),
  custom_data: looseRecord,
  expired_at: moment,
  deferred_trigger: strictFlag,
  deferred_trigger_applied: triggerApplied,
})

export const serviceOrder = z.looseObject({
  id: z.string().min(1),
  merchant_reference: z.string(),
  merchant_url: looseText,
  data: looseRecord.transform((v) => v ?? undefined),
  status: z.unknown().transform((v) => (typeof v === "string" ? v : null)),
  is_shipped: looseFlag,
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
