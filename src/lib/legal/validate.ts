import {
  characterCount,
  isHttpsUrl,
  isLegalMarket,
  LEGAL_LIMITS,
  LEGAL_MARKETS,
  LEGAL_OVERRIDE_FIELDS,
  type LegalTextOverride,
  type LegalTextOverrides,
} from "./markets"

/** What a merchant sends as its texts (setting `legal_texts`, option `legalTexts`): checked field by field. */

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value)

const shown = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)

/**
 * Why a text would not show what it says, or undefined. `trim()` leaves characters that render
 * as nothing (zero-width spaces and joiners, bidi controls: Unicode's format characters, Cf;
 * the Braille blank, the Hangul filler): a warning of those alone would be "set" and show
 * nothing, and one among letters could hide or reorder words. So no format character in any of
 * the three texts, and a warning or lender holds at least one letter that shows.
 */
/** A letter that shows: the Hangul fillers are letters (Lo) that render as nothing (Default_Ignorable). */
const VISIBLE_LETTER = /(?!\p{Default_Ignorable_Code_Point})\p{L}/u

function visibilityProblem(name: string, key: "warning" | "lender" | "afm_artwork_url", text: string) {
  if (/\p{Cf}/u.test(text)) {
    return `${name} must not contain invisible format characters (zero-width or bidi controls, Unicode Cf)`
  }
  if (key !== "afm_artwork_url" && text && !VISIBLE_LETTER.test(text)) {
    return `${name} must contain at least one letter`
  }
  return undefined
}

/** Why one text field cannot be saved, or undefined; null is always fine (the default). */
function fieldProblem(name: string, key: (typeof LEGAL_OVERRIDE_FIELDS)[number], value: unknown): string | undefined {
  if (value === null || value === undefined) {
    return undefined
  }
  if (key === "representative_example") {
    return typeof value === "boolean" ? undefined : `${name} must be true or false (null goes back to the default)`
  }
  if (typeof value !== "string") {
    return `${name} must be a text (null goes back to the default)`
  }
  const text = value.trim()
  const limit = LEGAL_LIMITS[key]
  if (key === "warning" && !text) {
    // The warning is never optional: an empty one would leave the offer without it.
    return `${name} must not be empty (null goes back to the default)`
  }
  const invisible = visibilityProblem(name, key, text)
  if (invisible) {
    return invisible
  }
  if (characterCount(text) > limit) {
    return `${name} is longer than ${limit} characters (${characterCount(text)})`
  }
  if (key === "afm_artwork_url" && text && !isHttpsUrl(text)) {
    return `${name} must be an https:// URL of the AFM warning symbol's artwork, got ${shown(text)}`
  }
  return undefined
}

/** Problems of a texts object, each naming its field (`legal_texts.FR.warning ...`). */
export function legalTextsProblems(value: unknown, field: string): string[] {
  if (!isObject(value)) {
    return [
      `${field} must be an object keyed by market, like {"FR": {"lender": "..."}} (markets: ${LEGAL_MARKETS.join(", ")})`,
    ]
  }
  const problems: string[] = []
  for (const [market, entry] of Object.entries(value)) {
    const name = `${field}.${market}`
    if (!isLegalMarket(market)) {
      problems.push(`${name}: unknown market (markets: ${LEGAL_MARKETS.join(", ")})`)
      continue
    }
    if (entry === null) {
      continue // the market's defaults
    }
    if (!isObject(entry)) {
      problems.push(`${name} must be an object with ${LEGAL_OVERRIDE_FIELDS.join(", ")}`)
      continue
    }
    const unknown = Object.keys(entry).filter((k) => !(LEGAL_OVERRIDE_FIELDS as readonly string[]).includes(k))
    if (unknown.length) {
      problems.push(`${name} has unknown fields: ${unknown.join(", ")} (allowed: ${LEGAL_OVERRIDE_FIELDS.join(", ")})`)
    }
    for (const key of LEGAL_OVERRIDE_FIELDS) {
      const problem = fieldProblem(`${name}.${key}`, key, entry[key])
      if (problem) {
        problems.push(problem)
      }
    }
  }
  return problems
}

/**
 * The overrides as kept: texts trimmed, a null or empty one dropped (its default applies: an
 * empty lender or artwork URL is none), markets left with nothing dropped, in the markets' order.
 * Valid input assumed (`legalTextsProblems`); anything else in a stored value is left out.
 */
export function normalizeLegalTexts(overrides: LegalTextOverrides | null | undefined): LegalTextOverrides {
  const out: LegalTextOverrides = {}
  if (!isObject(overrides)) {
    return out
  }
  for (const market of LEGAL_MARKETS) {
    const entry = overrides[market]
    if (!isObject(entry)) {
      continue
    }
    const kept: LegalTextOverride = {}
    for (const key of ["warning", "lender", "afm_artwork_url"] as const) {
      const value: unknown = entry[key]
      const text = typeof value === "string" ? value.trim() : ""
      // A text saved before the visibility rule that breaks it: the default applies instead.
      if (text && !visibilityProblem(key, key, text)) {
        kept[key] = text
      }
    }
    if (typeof entry.representative_example === "boolean") {
      kept.representative_example = entry.representative_example
    }
    if (Object.keys(kept).length) {
      out[market] = kept
    }
  }
  return out
}
