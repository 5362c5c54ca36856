import { z } from "@medusajs/framework/zod"
import { SHIPPING_METHODS, type Plan } from "../../client"
import { exclusionsProblems, normalizeExclusions, type Exclusions } from "../eligibility/exclusions"
import { effectiveLegalTexts, legalTextsProblems, normalizeLegalTexts, type LegalTextOverrides } from "../legal"
import { planBoundsProblems, type PlanBounds } from "../eligibility/plan-bounds"
import { DEFAULT_PLANS, normalizePlan, planIssues, planKey, planLabel, planProblem } from "../eligibility/plans"
import type { SettingSource } from "../api-shapes"
import { SWITCHES, type SwitchKey } from "./switches"

/**
 * The field table (in lib: the admin API's types, lib/http/http-types.ts, are derived from it, and
 * lib imports no module; the option names are checked against `BnplOptions` in
 * modules/bnpl/settings/types.ts): every setting the admin can save, declared once, under the API's name (which
 * is also its column in `bnpl_settings`). From it come the precedence (settings > options > env >
 * default, with `source`: precedence.ts), the patch's validation (patch.ts), the columns a save
 * writes (changes.ts), the admin's view (view.ts) and the types of the row, the patch and the view
 * (types.ts, lib/http/http-types.ts). A unit test keeps the model's columns (models/settings.ts) equal
 * to it. Like Medusa's feature flags: one declaration per setting, one reader for them all.
 *
 * Not in it, because their rule is their own: the accounts' keys and URLs (two accounts, the key
 * kept encrypted and bound to its URL: `ACCOUNT_FIELDS` below, changes.ts, precedence.ts) and
 * `mode` (its default depends on which keys exist: `storeModeOf`).
 *
 * A new boolean setting: one line in lib/settings/switches.ts (declared here from it), its column in the
 * model and a migration, its field in the admin form, its words in the admin's language files.
 */

/** What one setting is. */
export type SettingDeclaration<
  Input extends z.ZodType = z.ZodType,
  Option extends string = string,
  View = Value<Input>,
> = {
  /** Its name in the plugin options (`medusa-config.ts`, `BnplOptions`) and in `ResolvedOptions`. */
  option: Option
  /** The env variable standing in for the option, if any, and how its text is read. */
  env?: { name: string; parse: (raw: string) => unknown }
  /** What the admin may send (null aside: it always goes back to the options), with its error texts. */
  input: Input
  /** The built-in value (source "default"); absent: none (source null). */
  default?: unknown
  /** Whether an option's or a row's value counts as set (default: neither null, undefined nor ""). */
  given?: (value: unknown) => boolean
  /** The value as the plugin uses it, from the option's, the env's, the default's or the row's. */
  normalize?: (value: any) => Value<Input> | undefined
  /** The column a save writes from the parsed input (default: the input as parsed). */
  toColumn?: (value: z.output<Input>) => unknown
  /** The value in the admin's view (default: as the plugin uses it). */
  view?: (value: Value<Input> | undefined) => View
  /** The column's kind in `bnpl_settings` (models/settings.ts). */
  column: "text" | "boolean" | "json"
}

/** A setting's value as saved, sent and used. */
type Value<Input extends z.ZodType> = z.output<Input>

const declare = <Input extends z.ZodType, const Option extends string, View = Value<Input>>(
  declaration: SettingDeclaration<Input, Option, View>
) => declaration

/** A switch: true/false, saved as a boolean column. */
const switchSetting = <const Option extends string>(option: Option, defaultValue: boolean) =>
  declare({ option, input: z.boolean(), default: defaultValue, column: "boolean" })

/** Every switch of lib/settings/switches.ts, declared. */
const switchSettings = Object.fromEntries(
  Object.entries(SWITCHES).map(([key, s]) => [key, switchSetting(s.option, s.default)])
) as { [K in SwitchKey]: ReturnType<typeof switchSetting<(typeof SWITCHES)[K]["option"]>> }

const isObject = (v: unknown) => !!v && typeof v === "object"

// ------------------------------------------------------------------ the inputs' rules

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

/** The merchant's bounds per plan (lib/eligibility/plan-bounds.ts), each problem naming its field. */
const planBoundsInput = z
  .array(z.unknown())
  .max(20)
  .superRefine((bounds, ctx) =>
    planBoundsProblems(bounds, "plan_bounds", planProblem).forEach((message) =>
      ctx.addIssue({ code: "custom", message })
    )
  )
  .transform((bounds) => bounds as PlanBounds[])

/** Products excluded from instalment payment (lib/eligibility/exclusions.ts). */
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

// ------------------------------------------------------------------ the table

export const SETTINGS = {
  /** `[{installments_count, deferred_days?, deferred_months?}]`, in their display order; an empty list is none. */
  plans: declare({
    option: "plans",
    input: plansInput,
    default: DEFAULT_PLANS,
    given: (v) => Array.isArray(v) && v.length > 0,
    normalize: (plans: Plan[]) => plans.map(normalizePlan),
    toColumn: (plans) => plans.map(normalizePlan),
    column: "json",
  }),
  ...switchSettings,
  /** Shipping option id → `{shipping_method?, express_delivery?}` chosen by the merchant. */
  shipping_method_overrides: declare({
    option: "shippingMethodOverrides",
    input: z.record(z.string().trim().min(1).max(200), shippingOverrideInput),
    default: {},
    column: "json",
  }),
  notification_signature_header: declare({
    option: "notificationSignatureHeader",
    input: headerInput,
    normalize: (header?: string) => header?.toLowerCase(),
    toColumn: (header) => header.toLowerCase(),
    view: (header: string | undefined) => header ?? null,
    column: "text",
  }),
  /** The merchant's amount bounds per plan, major units. */
  plan_bounds: declare({
    option: "planBounds",
    input: planBoundsInput,
    default: [],
    given: Array.isArray,
    column: "json",
  }),
  /** `{product_category_ids?, ..., shipping_profile_ids?}`: products never paid in instalments. */
  exclusions: declare({
    option: "exclusions",
    input: exclusionsInput,
    default: {},
    given: isObject,
    normalize: (exclusions: Exclusions) => normalizeExclusions(exclusions),
    column: "json",
  }),
  /** The eligibility interface checkout asks. */
  eligibility_api: declare({
    option: "eligibilityApi",
    env: { name: "BNPL_ELIGIBILITY_API", parse: (raw) => (raw === "v2" ? "v2" : "v1") },
    input: eligibilityApiInput,
    default: "v1",
    given: (v) => v === "v1" || v === "v2",
    column: "text",
  }),
  /**
   * The merchant's credit-advertising texts per market, over the shipped defaults; saved as a
   * whole, like the exclusions: the admin's set replaces the option's (what the form showed).
   */
  legal_texts: declare({
    option: "legalTexts",
    input: legalTextsInput,
    default: {},
    given: isObject,
    normalize: (texts: LegalTextOverrides) => normalizeLegalTexts(texts),
    view: (texts?: LegalTextOverrides) => effectiveLegalTexts(texts),
    column: "json",
  }),
}

export type SettingKey = keyof typeof SETTINGS
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[]

/** A setting's value as saved (its column) and as the admin sends it. */
export type SettingValue<K extends SettingKey> = Value<(typeof SETTINGS)[K]["input"]>
/** A setting's value in the admin's view. */
export type SettingViewValue<K extends SettingKey> = ReturnType<NonNullable<(typeof SETTINGS)[K]["view"]>>

/** The table's columns of `bnpl_settings` (null: not set in the admin). */
export type SettingColumns = { [K in SettingKey]: SettingValue<K> | null }
/** The table's fields of the admin's view. */
export type SettingViews = { [K in SettingKey]: SettingViewValue<K> }
/** The table's fields of a patch as the admin sends them (absent: unchanged, null: back to the options). */
export type SettingPatchValues = { [K in SettingKey]?: SettingValue<K> | null }

/** Whether a value counts as set (an option, a row's column). */
export function isGiven(declaration: SettingDeclaration<any, any, any>, value: unknown): boolean {
  return declaration.given ? declaration.given(value) : value !== undefined && value !== null && value !== ""
}

/** The value as the plugin uses it. */
export function normalized(declaration: SettingDeclaration<any, any, any>, value: unknown): unknown {
  return declaration.normalize ? declaration.normalize(value) : value
}

/**
 * A setting from the options and env alone: option > env > default, normalised, with its source
 * (precedence.ts puts the admin's row first).
 */
export function fromOptions(
  declaration: SettingDeclaration<any, any, any>,
  pluginOptions: object,
  env: NodeJS.ProcessEnv
): { value: unknown; source: SettingSource } {
  const option = (pluginOptions as Record<string, unknown>)[declaration.option]
  if (isGiven(declaration, option)) {
    return { value: normalized(declaration, option), source: "options" }
  }
  const raw = declaration.env ? env[declaration.env.name] : undefined
  if (declaration.env && raw) {
    return { value: normalized(declaration, declaration.env.parse(raw)), source: "env" }
  }
  return { value: normalized(declaration, declaration.default), source: "default" in declaration ? "default" : null }
}

/**
 * The accounts' key and URL: each account has its own option, env variable and column; the key is
 * kept encrypted (with a hint) and bound to its slot and to the URL saved with it (changes.ts,
 * reader.ts, precedence.ts). The admin sends `live_api_key`/`test_api_key` (`api_key`: the live
 * account's name from before modes) and the same for the URL.
 */
export const ACCOUNT_FIELDS = {
  live: {
    api_key: { option: "apiKey", env: "BNPL_API_KEY", column: "api_key_encrypted", hint: "api_key_hint" },
    api_url: { option: "apiUrl", env: "BNPL_API_URL", column: "api_url" },
  },
  test: {
    api_key: {
      option: "testApiKey",
      env: "BNPL_API_KEY_TEST",
      column: "test_api_key_encrypted",
      hint: "test_api_key_hint",
    },
    api_url: { option: "testApiUrl", env: "BNPL_API_URL_TEST", column: "test_api_url" },
  },
} as const satisfies Record<
  "live" | "test",
  Record<"api_key" | "api_url", { option: string; env: string; column: string; hint?: string }>
>

/** `mode`: the account new payments use (row > option > env > test when only a test key exists, else live). */
export const MODE_FIELD = { option: "mode", env: "BNPL_MODE", column: "text" } as const satisfies {
  option: string
  env: string
  column: "text"
}
