// The schemas live with the settings rules (`utils/settings.ts`), which the module also
// applies to every save; the routes validate with the same ones.
export {
  SettingsPatchSchema as AdminUpdateBnplSettings,
  VerifySettingsSchema as AdminVerifyBnplSettings,
  type SettingsPatch as AdminUpdateBnplSettingsType,
  type VerifySettingsInput as AdminVerifyBnplSettingsType,
} from "../../../../utils/settings"
