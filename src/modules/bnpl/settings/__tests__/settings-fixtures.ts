import { EMPTY_SETTINGS, type SettingsRow } from ".."

/** What the settings specs share: two accounts' keys, and a settings row with some fields set. */

export const KEY = "sk_test_active_0000000000000000"
export const LIVE_KEY = "sk_live_active_0000000000000000"
export const row = (patch: Partial<SettingsRow>): SettingsRow => ({ id: "bnplset_1", ...EMPTY_SETTINGS, ...patch })
