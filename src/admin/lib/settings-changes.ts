import type { Exclusions } from "../../lib/eligibility/exclusions"
import type {
  PlanBounds,
  SettingsUpdateBody,
  SettingsView,
  ShippingOverride,
  VerifyBody,
} from "../../lib/http/http-types"
import { MODES, type Mode } from "../../lib/settings/mode"
import { planKey } from "../../lib/eligibility/plans"
import { legalOverrides, legalTextsForm } from "./legal-texts"
import {
  cleanOverrides,
  PLAIN_FIELDS,
  rowsToBounds,
  rowToPlan,
  type PlainField,
  type SettingsFormValues,
} from "./settings-form"

/**
 * What the form changed, as `POST /admin/bnpl/settings` takes it: only what the merchant
 * changed, so untouched fields keep their source (admin, options, env).
 */

/** The same exclusions, whatever their order or empty lists. */
const exclusionsKey = (exclusions: Exclusions) =>
  JSON.stringify(
    Object.entries(exclusions)
      .filter(([, ids]) => ids?.length)
      .map(([field, ids]) => [field, [...(ids ?? [])].sort()])
      .sort()
  )

const boundsKey = (bounds: PlanBounds[]) =>
  bounds
    .filter((b) => typeof b.min_amount === "number" || typeof b.max_amount === "number")
    .map((b) => `${planKey(b)}:${b.min_amount ?? ""}-${b.max_amount ?? ""}`)
    .sort()
    .join(",")

const sameOverrides = (a: Record<string, ShippingOverride>, b: Record<string, ShippingOverride>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every(
    (id) => a[id]?.shipping_method === b[id]?.shipping_method && a[id]?.express_delivery === b[id]?.express_delivery
  )

/** Each account's key (typed: replace) and URL (emptied: back to the options or BNPL_API_URL(_TEST)). */
function accountChanges(form: SettingsFormValues, settings: SettingsView): SettingsUpdateBody {
  const body: SettingsUpdateBody = {}
  for (const mode of MODES) {
    const typed = form.accounts[mode]
    if (typed.api_key.trim()) {
      body[`${mode}_api_key`] = typed.api_key.trim()
    }
    if (typed.api_url.trim() !== (settings.accounts[mode].api_url ?? "")) {
      body[`${mode}_api_url`] = typed.api_url.trim() || null
    }
  }
  return body
}

/** The offered plans (order included) and their bounds. */
function planChanges(form: SettingsFormValues, settings: SettingsView): SettingsUpdateBody {
  const body: SettingsUpdateBody = {}
  const plans = form.plans.map(rowToPlan)
  if (plans.map(planKey).join(",") !== settings.plans.map(planKey).join(",")) {
    body.plans = plans
  }
  const bounds = rowsToBounds(form.plans)
  if (boundsKey(bounds) !== boundsKey(settings.plan_bounds)) {
    body.plan_bounds = bounds
  }
  return body
}

/** The settings sent as the form holds them (the switches, the interface) and the shipping overrides. */
function optionChanges(form: SettingsFormValues, settings: SettingsView): SettingsUpdateBody {
  const body: SettingsUpdateBody = {}
  for (const field of PLAIN_FIELDS) {
    if (form[field] !== settings[field]) {
      ;(body as Record<PlainField, unknown>)[field] = form[field]
    }
  }
  if (!sameOverrides(form.shipping_method_overrides, cleanOverrides(settings.shipping_method_overrides))) {
    body.shipping_method_overrides = form.shipping_method_overrides
  }
  return body
}

/**
 * The texts when one differs from what is served now: every override is sent (the saved set is
 * replaced), compared with those the loaded texts make.
 */
function legalChanges(form: SettingsFormValues, settings: SettingsView): SettingsUpdateBody {
  const typed = legalOverrides(form.legal_texts, settings.legal_defaults)
  const served = legalOverrides(legalTextsForm(settings.legal_texts), settings.legal_defaults)
  return JSON.stringify(typed) !== JSON.stringify(served) ? { legal_texts: typed } : {}
}

/** Only what the merchant changed; `{}` when nothing was. */
export function changesOf(form: SettingsFormValues, settings: SettingsView): SettingsUpdateBody {
  const header = form.notification_signature_header.trim()
  return {
    ...accountChanges(form, settings),
    ...(form.mode !== settings.mode ? { mode: form.mode } : {}),
    ...planChanges(form, settings),
    ...optionChanges(form, settings),
    ...(exclusionsKey(form.exclusions) !== exclusionsKey(settings.exclusions) ? { exclusions: form.exclusions } : {}),
    ...legalChanges(form, settings),
    ...(header !== (settings.notification_signature_header ?? "")
      ? { notification_signature_header: header || null }
      : {}),
  }
}

/** What Verify tries: the key and URL typed in the account's fields, else the saved ones. */
export function verifyBody(form: SettingsFormValues, settings: SettingsView, mode: Mode): VerifyBody & { mode: Mode } {
  const typed = form.accounts[mode]
  const body: VerifyBody & { mode: Mode } = { mode }
  if (typed.api_key.trim()) {
    body.api_key = typed.api_key.trim()
  }
  if (typed.api_url.trim() && typed.api_url.trim() !== (settings.accounts[mode].api_url ?? "")) {
    body.api_url = typed.api_url.trim()
  }
  return body
}

/** The account whose key a body removes (`{test_api_key: null}`), if any. */
export const removedKey = (body: SettingsUpdateBody): Mode | undefined =>
  MODES.find((mode) => body[`${mode}_api_key`] === null)
