import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { serviceUrlProblem, SHIPPING_METHODS, type Plan } from "../../../client"
import { exclusionsProblems, normalizeExclusions, type Exclusions } from "../../../lib/exclusions"
import { legalTextsProblems, normalizeLegalTexts, type LegalTextOverrides } from "../../../lib/legal"
import { MODES, type Mode } from "../../../lib/mode"
import { planBoundsProblems, type PlanBounds } from "../../../lib/plan-bounds"
import { planIssues, planKey, planLabel, planProblem } from "../../../lib/plans"

/** What the admin may send (`POST /admin/bnpl/settings`, `.../verify`): one schema for the routes and the module. */

/** The prefix the service gives each kind of key. */
const KEY_PREFIX: Record<Mode, string> = { test: "sk_test_", live: "sk_live_" }

/** Why a key cannot go in the slot it was pasted into (`live_api_key`, `test_api_key`). */
export function keySlotProblem(field: string, mode: Mode, key: string): string | undefined {
  const other: Mode = mode === "test" ? "live" : "test"
  if (key.startsWith(KEY_PREFIX[other])) {
    return `${field}: this is a ${other} key (${KEY_PREFIX[other]}...), it cannot be the ${mode} account's key: paste it in the ${other} account (${other}_api_key) or paste the ${mode} key (${KEY_PREFIX[mode]}...) here`
  }
  return undefined
}

/** The API key as typed in the admin. Its value is never echoed in an error message. */
const apiKeyInput = z
  .custom<string | null>((v) => v === null || typeof v === "string", {
    message: "api_key must be a string (an empty string or null removes the saved key)",
  })
  .superRefine((v, ctx) => {
    if (typeof v === "string") {
      const key = v.trim()
      if (key.length > 256) {
        ctx.addIssue({ code: "custom", message: "api_key is longer than 256 characters: paste only the key" })
      } else if (/\s/.test(key)) {
        ctx.addIssue({ code: "custom", message: "api_key must not contain spaces: paste only the key" })
      }
    }
  })

// The production and allowed-host rules are checked where the options are known (saving, verifying).
const apiUrlInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = serviceUrlProblem(value, { production: false })
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem })
    }
  })

// Checked by hand rather than with nested zod types, so that every message names the plan's
// field and says what was wrong with the value sent.
const plansInput = z
  .array(z.unknown())
  .min(1, { message: "plans must list at least one plan (null goes back to the default plans)" })
  .max(20)
  .superRefine((plans, ctx) => {
    const seen = new Set<string>()
    plans.forEach((plan, i) => {
      const issues = planIssues(plan, `plans[${i}]`, { strict: true })
      issues.forEach((message) => ctx.addIssue({ code: "custom", path: [i], message }))
      if (!issues.length) {
        const key = planKey(plan as Plan)
        if (seen.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: `plans[${i}]: "${planLabel(plan as Plan)}" is listed twice`,
          })
        }
        seen.add(key)
      }
    })
  })
  .transform((plans) => plans as Plan[])

/** The merchant's bounds per plan (lib/plan-bounds.ts), each problem naming its field. */
const planBoundsInput = z
  .array(z.unknown())
  .max(20)
  .superRefine((bounds, ctx) =>
    planBoundsProblems(bounds, "plan_bounds", planProblem).forEach((message) =>
      ctx.addIssue({ code: "custom", message })
    )
  )
  .transform((bounds) => bounds as PlanBounds[])

/** Products excluded from instalment payment (lib/exclusions.ts). */
const exclusionsInput = z
  .unknown()
  .superRefine((value, ctx) =>
    exclusionsProblems(value, "exclusions").forEach((message) => ctx.addIssue({ code: "custom", message }))
  )
  .transform((value) => normalizeExclusions(value as Exclusions))

/** The merchant's credit-advertising texts per market (lib/legal): overrides of the shipped defaults. */
const legalTextsInput = z
  .unknown()
  .superRefine((value, ctx) =>
    legalTextsProblems(value, "legal_texts").forEach((message) => ctx.addIssue({ code: "custom", message }))
  )
  .transform((value) => normalizeLegalTexts(value as LegalTextOverrides))

const shippingOverrideInput = z
  .object({
    shipping_method: z.enum(SHIPPING_METHODS).optional(),
    express_delivery: z.boolean().optional(),
  })
  .strict()

// A custom check, not z.enum: Medusa's body validation rewrites enum errors without this sentence.
const eligibilityApiInput = z.custom<"v1" | "v2">((v) => v === "v1" || v === "v2", {
  message:
    'eligibility_api must be "v1" (the contract\'s, one request per deferral group) or "v2" (the newer interface, one request per amount); null goes back to the plugin options',
})

const headerInput = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, {
    message: "notification_signature_header must be a header name like x-bnpl-signature",
  })

/**
 * `POST /admin/bnpl/settings`: a partial update. An absent field keeps its value; null goes
 * back to the plugin options (or env, or the default); `api_key: ""` also removes the key.
 */
export const SettingsPatchSchema = z
  .object({
    /** The live account (`api_key`/`api_url`: its names before modes, not prefix-checked). */
    api_key: apiKeyInput.optional(),
    api_url: apiUrlInput.nullable().optional(),
    live_api_key: apiKeyInput.optional(),
    live_api_url: apiUrlInput.nullable().optional(),
    test_api_key: apiKeyInput.optional(),
    test_api_url: apiUrlInput.nullable().optional(),
    mode: z.enum(["test", "live"]).nullable().optional(),
    plans: plansInput.nullable().optional(),
    auto_capture: z.boolean().nullable().optional(),
    shipping_sync_enabled: z.boolean().nullable().optional(),
    shipping_method_overrides: z.record(z.string().trim().min(1).max(200), shippingOverrideInput).nullable().optional(),
    verify_notification_signature: z.boolean().nullable().optional(),
    notification_signature_header: headerInput.nullable().optional(),
    plan_bounds: planBoundsInput.nullable().optional(),
    exclusions: exclusionsInput.nullable().optional(),
    eligibility_api: eligibilityApiInput.nullable().optional(),
    legal_texts: legalTextsInput.nullable().optional(),
  })
  .strict()

export type SettingsPatch = z.infer<typeof SettingsPatchSchema>

/** `POST /admin/bnpl/settings/verify`: what to try instead of the effective settings. */
export const VerifySettingsSchema = z
  .object({
    api_key: apiKeyInput.optional(),
    api_url: apiUrlInput.optional(),
    /** The account to verify (default: the store's mode). */
    mode: z.enum(["test", "live"]).optional(),
  })
  .strict()

export type VerifySettingsInput = z.infer<typeof VerifySettingsSchema>

/** Parses a patch (also when the caller is not an HTTP route): 400 naming the field. */
export function parseSettingsPatch(input: unknown): SettingsPatch {
  const result = SettingsPatchSchema.safeParse(input ?? {})
  if (!result.success) {
    // Messages name the field; none quotes a value (so never the key).
    const problems = result.error.issues.slice(0, 3).map((issue) => {
      const field = issue.path.join(".")
      return !field || issue.message.startsWith(String(issue.path[0])) ? issue.message : `${field}: ${issue.message}`
    })
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problems.join("; ")}`)
  }
  const patch = result.data
  // `api_key` is the live slot's older name: it gets the live slot's check like any other name.
  const slots: [field: "api_key" | `${Mode}_api_key`, mode: Mode][] = [
    ["api_key", "live"],
    ...MODES.map((mode): [`${Mode}_api_key`, Mode] => [`${mode}_api_key`, mode]),
  ]
  for (const [field, mode] of slots) {
    const key = patch[field]
    const problem = typeof key === "string" ? keySlotProblem(field, mode, key.trim()) : undefined
    if (problem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problem}`)
    }
  }
  if (
    (patch.live_api_key !== undefined && patch.api_key !== undefined) ||
    (patch.live_api_url !== undefined && patch.api_url !== undefined)
  ) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Invalid settings: send the live account as live_api_key/live_api_url or as api_key/api_url, not both"
    )
  }
  const { live_api_key, live_api_url, ...rest } = patch
  return {
    ...rest,
    ...(live_api_key !== undefined ? { api_key: live_api_key } : {}),
    ...(live_api_url !== undefined ? { api_url: live_api_url } : {}),
  }
}
