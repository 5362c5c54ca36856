import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { serviceUrlProblem } from "../../../client"
import { MODES, type Mode } from "../../../lib/settings/mode"
import { SETTING_KEYS, SETTINGS, type SettingKey } from "../../../lib/settings/settings-fields"

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

/** The field table's settings as the patch takes them: each nullable (back to the options). */
const settingInputs = Object.fromEntries(
  SETTING_KEYS.map((key) => [key, SETTINGS[key].input.nullable().optional()])
) as {
  [K in SettingKey]: z.ZodOptional<z.ZodNullable<(typeof SETTINGS)[K]["input"]>>
}

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
    ...settingInputs,
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
