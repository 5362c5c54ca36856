// Temporary, while the reshape lands: the settings moved to modules/bnpl/settings.
export * from "../modules/bnpl/settings"
export { accountFingerprint } from "../client"
export type { BnplOptions as PluginOptions, ResolvedOptions as EffectiveOptions } from "../modules/bnpl/settings"
