import { z } from "zod"
import {
  characterCount,
  isHttpsUrl,
  LEGAL_LIMITS,
  LEGAL_MARKETS,
  type LegalMarket,
  type LegalText,
  type LegalTextOverride,
  type LegalTextOverrides,
} from "../../lib/legal/markets"

/**
 * The "Legal texts" part of the settings form: each market's texts as typed, and what is sent.
 * The form keeps the API's field names. What is sent is only what differs from the shipped
 * defaults (the backend keeps nothing else), so "Reset to default" is typing the default back.
 */

/** A check's code: the message is `settings.legal.errors.<code>` (with `{{max}}`). */
export const LEGAL_ERRORS = [
  "warningEmpty",
  "warningTooLong",
  "lenderTooLong",
  "artworkUrl",
  "artworkUrlTooLong",
] as const
export type LegalError = (typeof LEGAL_ERRORS)[number]

const tooLong = (limit: number) => (typed: string) => characterCount(typed.trim()) <= limit

/** One market's texts as typed: an empty lender or artwork URL is none. */
export const legalTextFormSchema = z.object({
  warning: z
    .string()
    .refine((typed) => typed.trim() !== "", { message: "warningEmpty" satisfies LegalError })
    .refine(tooLong(LEGAL_LIMITS.warning), { message: "warningTooLong" satisfies LegalError }),
  lender: z.string().refine(tooLong(LEGAL_LIMITS.lender), { message: "lenderTooLong" satisfies LegalError }),
  representative_example: z.boolean(),
  afm_artwork_url: z
    .string()
    .refine((typed) => !typed.trim() || isHttpsUrl(typed.trim()), { message: "artworkUrl" satisfies LegalError })
    .refine(tooLong(LEGAL_LIMITS.afm_artwork_url), { message: "artworkUrlTooLong" satisfies LegalError }),
})

export const legalTextsFormSchema = z.record(z.enum(LEGAL_MARKETS), legalTextFormSchema)

export type LegalTextForm = z.infer<typeof legalTextFormSchema>
export type LegalTextsForm = z.infer<typeof legalTextsFormSchema>

/** The limit a check's message names. */
export const LEGAL_ERROR_MAX: Partial<Record<LegalError, number>> = {
  warningTooLong: LEGAL_LIMITS.warning,
  lenderTooLong: LEGAL_LIMITS.lender,
  artworkUrlTooLong: LEGAL_LIMITS.afm_artwork_url,
}

export const isLegalError = (message: unknown): message is LegalError =>
  typeof message === "string" && (LEGAL_ERRORS as readonly string[]).includes(message)

/** A market's texts as the form shows them. */
export const legalTextForm = (text: LegalText): LegalTextForm => ({
  warning: text.warning,
  lender: text.lender ?? "",
  representative_example: text.representative_example,
  afm_artwork_url: text.afm_artwork_url ?? "",
})

export const legalTextsForm = (texts: Record<LegalMarket, LegalText>): LegalTextsForm =>
  Object.fromEntries(LEGAL_MARKETS.map((m) => [m, legalTextForm(texts[m])])) as LegalTextsForm

/** A market's fields that differ from its default (texts trimmed; an empty one is none). */
export function legalOverrideOf(typed: LegalTextForm, base: LegalText): LegalTextOverride {
  const override: LegalTextOverride = {}
  const warning = typed.warning.trim()
  if (warning !== base.warning) {
    override.warning = warning
  }
  const lender = typed.lender.trim() || null
  if (lender !== base.lender) {
    override.lender = lender
  }
  if (typed.representative_example !== base.representative_example) {
    override.representative_example = typed.representative_example
  }
  const artwork = typed.afm_artwork_url.trim() || null
  if (artwork !== base.afm_artwork_url) {
    override.afm_artwork_url = artwork
  }
  return override
}

/** What `legal_texts` says for these texts: every market's fields that differ from the defaults. */
export function legalOverrides(typed: LegalTextsForm, defaults: Record<LegalMarket, LegalText>): LegalTextOverrides {
  const overrides: LegalTextOverrides = {}
  for (const market of LEGAL_MARKETS) {
    const override = legalOverrideOf(typed[market], defaults[market])
    if (Object.keys(override).length) {
      overrides[market] = override
    }
  }
  return overrides
}

/** A market whose typed texts are its defaults. */
export const isDefaultText = (typed: LegalTextForm, base: LegalText): boolean =>
  Object.keys(legalOverrideOf(typed, base)).length === 0
