import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { validateOptions } from "../../utils/options"
import {
  checkMergedSettings,
  EMPTY_SETTINGS,
  effectiveSettings,
  forgetCachedSettings,
  mergeSettings,
  parseSettingsPatch,
  readSettingsRow,
  settingsChanges,
  settingsSourceFrom,
  type EffectiveOptions,
  type EffectiveSettings,
  type PluginOptions,
  type SettingsSource,
} from "../../utils/settings"
import BnplCartEligibility from "./models/cart-eligibility"
import BnplSettings from "./models/settings"
import BnplShippingSync from "./models/shipping-sync"

type InjectedDependencies = Record<string, unknown>

/** The plugin's own data (settings, eligibility per cart, shipping sync log) and its effective configuration. */
class BnplModuleService extends MedusaService({
  BnplSettings,
  BnplCartEligibility,
  BnplShippingSync,
}) {
  protected readonly pluginOptions: PluginOptions
  private readonly container_: InjectedDependencies

  constructor(container: InjectedDependencies, options: PluginOptions = {}) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    validateOptions(options)
    this.pluginOptions = options
    this.container_ = container
  }

  /** Resolved when used: the connection may not be registered yet while the module loads. */
  protected get settingsSource(): SettingsSource {
    return settingsSourceFrom(this.container_)
  }

  /**
   * What the plugin uses: admin settings > plugin options > env > defaults (see
   * `utils/settings.ts`); re-read from the database every few seconds at most.
   */
  async getOptions(): Promise<EffectiveOptions> {
    return (await this.getSettings()).options
  }

  /** The effective settings with where each comes from (for the admin; no key in it). */
  async getSettings(): Promise<EffectiveSettings> {
    return effectiveSettings(this.settingsSource, this.pluginOptions)
  }

  /**
   * Applies a partial update of the admin settings: everything is validated (fields, then
   * the result as a whole) before anything is written; the key is stored encrypted.
   */
  async saveSettings(patch: unknown): Promise<EffectiveSettings> {
    const source = this.settingsSource
    const knex = source.knex
    if (!knex) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The settings cannot be saved: no database connection")
    }
    const parsed = parseSettingsPatch(patch)
    const current = await readSettingsRow(knex)
    const changes = settingsChanges(parsed, source.config)
    if ("api_url" in changes && !("api_key_encrypted" in changes)) {
      // The key in effect is only ever sent to the URL it was saved for: a new URL needs its key.
      const { options } = await this.getSettings()
      const next = mergeSettings({ row: { id: "", ...(current ?? EMPTY_SETTINGS), ...changes } as any }, this.pluginOptions)
      if (options.apiKey && next.options.apiUrl !== options.apiUrl) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "api_key: to use another service URL, paste the API key to use with it in the same save"
        )
      }
    }
    const { id: _id, created_at: _c, updated_at: _u, ...currentColumns } = current ?? { id: "", ...EMPTY_SETTINGS }
    checkMergedSettings(mergeSettings({ row: { id: "", ...currentColumns, ...changes } }, this.pluginOptions))
    if (Object.keys(changes).length) {
      if (current) {
        await this.updateBnplSettings({ id: current.id, ...changes } as any)
      } else {
        await this.createBnplSettings({ ...EMPTY_SETTINGS, ...changes } as any)
      }
    }
    if (["api_key_encrypted", "api_url", "plans", "plan_bounds"].some((column) => column in changes)) {
      // Plans kept per cart were asked with the old key, URL, plans or bounds: make them stale, so
      // every checkout asks again with the new settings.
      await knex("bnpl_cart_eligibility").update({ checked_at: new Date(0) })
    }
    forgetCachedSettings()
    return this.getSettings()
  }
}

export default BnplModuleService
