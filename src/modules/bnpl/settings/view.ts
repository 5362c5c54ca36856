import type { AccountView, SettingsView } from "../../../lib/http/http-types"
import { LEGAL_DEFAULTS } from "../../../lib/legal"
import { MODES, type Mode } from "../../../lib/settings/mode"
import {
  SETTING_KEYS,
  SETTINGS,
  type SettingDeclaration,
  type SettingViews,
} from "../../../lib/settings/settings-fields"
import type { EffectiveSettings, ResolvedOptions } from "./types"

/**
 * The admin's view: every effective value and where it comes from; never the key. (The module's
 * `getSettingsView` adds what the process found: the Medusa version check.)
 */
export function settingsView(
  settings: EffectiveSettings,
  accounts: Record<Mode, EffectiveSettings>
): Omit<SettingsView, "medusa_version" | "medusa_version_problem"> {
  const { options, sources } = settings
  return {
    mode: settings.storeMode,
    /** Each account's key state and URL (the top-level api_* fields: the current mode's). */
    accounts: Object.fromEntries(MODES.map((m) => [m, accountView(accounts[m])])) as Record<Mode, AccountView>,
    api_key_set: sources.api_key !== null,
    api_key_hint: settings.apiKeyHint ?? null,
    ...(settings.apiKeyProblem ? { api_key_problem: settings.apiKeyProblem } : {}),
    api_url: options.apiUrl || null,
    ...settingViews(options),
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

/** The field table's settings as the plugin uses them, in the admin's words (lib/settings/settings-fields.ts). */
function settingViews(options: ResolvedOptions): SettingViews {
  return Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const { option, view } = SETTINGS[key] as SettingDeclaration<any, any, any>
      return [key, view ? view(options[option as keyof ResolvedOptions]) : options[option as keyof ResolvedOptions]]
    })
  ) as SettingViews
}
