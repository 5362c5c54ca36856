import type { UseFormReturn } from "react-hook-form"
import { z } from "zod"
import { SHIPPING_METHODS, type Plan } from "../../client/types"
import { EXCLUSION_FIELDS } from "../../lib/eligibility/exclusions"
import type { PlanBounds, SettingsView, ShippingOverride } from "../../lib/http/http-types"
import { MODES, type Mode } from "../../lib/settings/mode"
import { planKey } from "../../lib/eligibility/plans"
import { SWITCH_KEYS, type SwitchKey } from "../../lib/settings/switches"
import { legalTextsForm, legalTextsFormSchema } from "./legal-texts"

/**
 * The settings form: its values as the merchant edits them (strings as typed), and the pure
 * rules between them and the admin API. The numbers typed are checked by the backend, which
 * names the field in its 400: the schema only guarantees the shape the rules below read.
 */

/** The eligibility interfaces checkout may ask: the contract's, and the newer one. */
export const ELIGIBILITY_APIS = ["v1", "v2"] as const

export const DEFERRALS = ["none", "days", "months"] as const
export type Deferral = (typeof DEFERRALS)[number]

const planRowSchema = z.object({
  installments: z.string(),
  deferral: z.enum(DEFERRALS),
  /** Days or months, per `deferral`. */
  delay: z.string(),
  min: z.string(),
  max: z.string(),
  /** Pay at shipment: the first instalment is taken when the order ships (an account's plan). */
  atShipment: z.boolean().optional(),
})

const accountSchema = z.object({
  /** The key as typed; empty: unchanged. */
  api_key: z.string(),
  api_url: z.string(),
})

/**
 * The settings the form shows as the API gives them and sends back as they are when changed
 * (settings-changes.ts): every switch of lib/settings/switches.ts, and the eligibility interface.
 */
export const plainFieldSchemas = {
  ...(Object.fromEntries(SWITCH_KEYS.map((key) => [key, z.boolean()])) as Record<SwitchKey, z.ZodBoolean>),
  eligibility_api: z.enum(ELIGIBILITY_APIS),
}
export type PlainField = keyof typeof plainFieldSchemas
export const PLAIN_FIELDS = Object.keys(plainFieldSchemas) as PlainField[]

export const settingsFormSchema = z.object({
  mode: z.enum(MODES as [Mode, ...Mode[]]),
  accounts: z.object({ test: accountSchema, live: accountSchema }),
  /** Their rank in the list is their display order at checkout. */
  /** With each plan's bounds (`plan_bounds`). */
  plans: z.array(planRowSchema),
  ...plainFieldSchemas,
  shipping_method_overrides: z.record(
    z.string(),
    z.object({ shipping_method: z.enum(SHIPPING_METHODS).optional(), express_delivery: z.boolean().optional() })
  ),
  /** As typed; empty: none. */
  notification_signature_header: z.string(),
  exclusions: z.partialRecord(z.enum(EXCLUSION_FIELDS), z.array(z.string())),
  /** The credit-advertising texts per market (legal-texts.ts). */
  legal_texts: legalTextsFormSchema,
})

export type SettingsFormValues = z.infer<typeof settingsFormSchema>
export type PlanRow = SettingsFormValues["plans"][number]

// ------------------------------------------------------------------ settings → form

const amountText = (value: number | null | undefined) => (typeof value === "number" ? String(value) : "")

export function planRow(plan?: Plan, bounds?: PlanBounds): PlanRow {
  const deferral: Deferral = plan?.deferred_days ? "days" : plan?.deferred_months ? "months" : "none"
  const delay = plan?.deferred_days || plan?.deferred_months
  return {
    installments: plan ? String(plan.installments_count) : "",
    deferral,
    delay: delay ? String(delay) : "",
    min: amountText(bounds?.min_amount),
    max: amountText(bounds?.max_amount),
    ...(plan?.pay_at_shipment ? { atShipment: true } : {}),
  }
}

export function formFrom(settings: SettingsView): SettingsFormValues {
  const boundsOf = (plan: Plan) => settings.plan_bounds.find((b) => planKey(b) === planKey(plan))
  return {
    mode: settings.mode,
    accounts: {
      test: { api_key: "", api_url: settings.accounts.test.api_url ?? "" },
      live: { api_key: "", api_url: settings.accounts.live.api_url ?? "" },
    },
    plans: settings.plans.map((plan) => planRow(plan, boundsOf(plan))),
    ...(Object.fromEntries(PLAIN_FIELDS.map((field) => [field, settings[field]])) as Pick<
      SettingsFormValues,
      PlainField
    >),
    shipping_method_overrides: cleanOverrides(settings.shipping_method_overrides),
    notification_signature_header: settings.notification_signature_header ?? "",
    exclusions: settings.exclusions,
    legal_texts: legalTextsForm(settings.legal_texts),
  }
}

// ------------------------------------------------------------------ form → request

/** The plan a row says (a deferral without its delay is no deferral). */
export function rowToPlan(row: PlanRow): Plan {
  const plan: Plan = { installments_count: Number(row.installments) }
  if (row.deferral === "days" && row.delay !== "") {
    plan.deferred_days = Number(row.delay)
  }
  if (row.deferral === "months" && row.delay !== "") {
    plan.deferred_months = Number(row.delay)
  }
  if (row.atShipment) {
    plan.pay_at_shipment = true
  }
  return plan
}

/** "12,5" or "12.5" → 12.5 (a decimal comma is how half the merchants type). */
const amount = (typed: string) => Number(typed.replace(",", "."))

/** The rows' bounds as the backend takes them: only rows with a bound. */
export function rowsToBounds(rows: PlanRow[]): PlanBounds[] {
  return rows
    .filter((row) => row.min.trim() !== "" || row.max.trim() !== "")
    .map((row) => ({
      ...rowToPlan(row),
      ...(row.min.trim() !== "" ? { min_amount: amount(row.min) } : {}),
      ...(row.max.trim() !== "" ? { max_amount: amount(row.max) } : {}),
    }))
}

/** Only the choices made: empty overrides are "automatic" and not kept. */
export function cleanOverrides(overrides: Record<string, ShippingOverride>): Record<string, ShippingOverride> {
  const out: Record<string, ShippingOverride> = {}
  for (const [id, override] of Object.entries(overrides)) {
    const entry: ShippingOverride = {}
    if (override?.shipping_method) {
      entry.shipping_method = override.shipping_method
    }
    if (typeof override?.express_delivery === "boolean") {
      entry.express_delivery = override.express_delivery
    }
    if (Object.keys(entry).length) {
      out[id] = entry
    }
  }
  return out
}

/** The option's override with one choice changed (undefined: back to automatic). */
export function withOverride(
  overrides: Record<string, ShippingOverride>,
  optionId: string,
  change: ShippingOverride
): Record<string, ShippingOverride> {
  return cleanOverrides({ ...overrides, [optionId]: { ...overrides[optionId], ...change } })
}

/** What every section of the settings page is given: the form, and the settings as loaded. */
export type SectionProps = { form: UseFormReturn<SettingsFormValues>; settings: SettingsView }
