import type { AccountView, SettingsView } from "../../../lib/http-types"
import { effectiveLegalTexts, LEGAL_DEFAULTS } from "../../../lib/legal"
import { MODES, type Mode } from "../../../lib/mode"
import type { EffectiveSettings } from "./types"

/** The admin's view: every effective value and where it comes from; never the key. */
export function settingsView(settings: EffectiveSettings, accounts: Record<Mode, EffectiveSettings>): SettingsView {
  const { options, sources } = settings
  return {
    mode: settings.storeMode,
    /** Each account's key state and URL (the top-level api_* fields: the current mode's). */
    accounts: Object.fromEntries(MODES.map((m) => [m, accountView(accounts[m])])) as Record<Mode, AccountView>,
    api_key_set: sources.api_key !== null,
    api_key_hint: settings.apiKeyHint ?? null,
    ...(settings.apiKeyProblem ? { api_key_problem: settings.apiKeyProblem } : {}),
    api_url: options.apiUrl || null,
    plans: options.plans,
    auto_capture: options.autoCapture,
    shipping_sync_enabled: options.shippingSyncEnabled,
    shipping_method_overrides: options.shippingMethodOverrides,
    verify_notification_signature: options.verifyNotificationSignature,
    notification_signature_header: options.notificationSignatureHeader ?? null,
    plan_bounds: options.planBounds,
    exclusions: options.exclusions,
    eligibility_api: options.eligibilityApi,
    legal_texts: effectiveLegalTexts(options.legalTexts),
    legal_defaults: LEGAL_DEFAULTS,
    source: sources,
    updated_at: settings.row?.updated_at ? new Date(settings.row.updated_at).toISOString() : null,
  }
}

function accountView(settings: EffectiveSettings): AccountView {
  return {
    api_key_set: settings.sources.api_key !== null,
    api_key_hint: settings.apiKeyHint ?? null,
    api_key_problem: settings.apiKeyProblem ?? null,
    api_url: settings.options.apiUrl || null,
    source: { api_key: settings.sources.api_key, api_url: settings.sources.api_url },
  }
}
