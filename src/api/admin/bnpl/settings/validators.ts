// The schemas live with the settings rules (`modules/bnpl/settings/patch.ts`), which the module
// also applies to every save; the routes validate with the same ones.
export {
  SettingsPatchSchema as AdminUpdateBnplSettings,
  VerifySettingsSchema as AdminVerifyBnplSettings,
  type SettingsPatch as AdminUpdateBnplSettingsType,
  type VerifySettingsInput as AdminVerifyBnplSettingsType,
} from "../../../../modules/bnpl/settings/patch"
