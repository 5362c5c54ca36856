import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { validateOptions } from "../../utils/options"
import {
  checkMergedSettings,
  EMPTY_SETTINGS,
  effectiveSettings,
  forgetCachedSettings,
  keyDestinationProblem,
  loadStoredSettings,
  mergeSettings,
  parseSettingsPatch,
  readSettingsRow,
  settingsChanges,
  settingsSourceFrom,
  type EffectiveOptions,
  type EffectiveSettings,
  type PluginOptions,
  type SettingsSource,
  urlRulesFor,
  verifyServiceAccess,
  type VerifyResult,
  type VerifySettingsInput,
} from "../../utils/settings"
import { serviceUrlProblem, trimUrl } from "../../client"
import { notificationUrl, resolveOptions } from "../../utils/options"
import BnplCartEligibility from "./models/cart-eligibility"
import BnplCheckoutSnapshot from "./models/checkout-snapshot"
import BnplNotificationSecret from "./models/notification-secret"
import BnplPayment from "./models/payment"
import BnplSettings from "./models/settings"
import BnplShippingSync from "./models/shipping-sync"

type InjectedDependencies = Record<string, unknown>

/** The plugin's own data (settings, eligibility per cart, shipping sync log) and its effective configuration. */
class BnplModuleService extends MedusaService({
  BnplSettings,
  BnplCartEligibility,
  BnplShippingSync,
  BnplCheckoutSnapshot,
  BnplPayment,
  BnplNotificationSecret,
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
   * Verify (`POST /admin/bnpl/settings/verify`): one eligibility call with a typed key/URL or
   * the effective ones. The saved key is only tried on the URL it goes to: a typed URL needs
   * its typed key. Also says which notification URL the service will be given.
   */
  async verifySettings(input: VerifySettingsInput = {}): Promise<VerifyResult & { notification_url: string }> {
    const settings = await this.getSettings()
    const typedKey = typeof input.api_key === "string" ? input.api_key.trim() : ""
    const typedUrl = input.api_url ? trimUrl(input.api_url) : undefined
    if (typedUrl) {
      const problem = serviceUrlProblem(typedUrl, urlRulesFor(this.pluginOptions))
      if (problem) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, problem)
      }
      if (typedUrl !== settings.options.apiUrl && !typedKey && (settings.options.apiKey || settings.keyWithheld)) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "api_key: to try another service URL, paste the API key to use with it (the saved key is only sent to the URL it was saved for)"
        )
      }
    }
    const result = await verifyServiceAccess({
      apiKey: typedKey || settings.options.apiKey,
      apiUrl: typedUrl || settings.options.apiUrl,
      timeoutMs: settings.options.timeoutMs,
      apiKeyProblem: typedKey ? undefined : settings.apiKeyProblem,
    })
    return { ...result, notification_url: notificationUrl(settings.options) }
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
    const before = await this.getSettings()
    const typedKey = !!changes.api_key_encrypted
    if (typedKey && !("api_url" in changes) && before.options.apiUrl) {
      // A key goes to the URL it was saved with, even if the options/env URL changes later.
      changes.api_url = before.options.apiUrl
    }
    const ownUrl = resolveOptions(this.pluginOptions).apiUrl
    if ("api_key_encrypted" in changes && !typedKey && !("api_url" in changes) && current?.api_url && trimUrl(current.api_url) !== ownUrl) {
      // Removing the saved key also drops the URL saved with it: the options/env key never
      // goes to a URL the admin chose for another key.
      changes.api_url = null
    }
    if (changes.api_url) {
      const problem = serviceUrlProblem(changes.api_url, urlRulesFor(this.pluginOptions))
      if (problem) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problem}`)
      }
    }
    const { id: _id, created_at: _c, updated_at: _u, ...currentColumns } = current ?? { id: "", ...EMPTY_SETTINGS }
    // What the plugin would use after the save, with the key it would then hold in clear.
    const stored = await loadStoredSettings(source)
    const keyChanged = "api_key_encrypted" in changes
    const after = mergeSettings(
      {
        row: { id: "", ...currentColumns, ...changes },
        apiKey: keyChanged ? (typedKey ? String(parsed.api_key).trim() : undefined) : stored.apiKey,
        apiKeyProblem: keyChanged ? undefined : stored.apiKeyProblem,
      },
      this.pluginOptions
    )
    const keyProblem = keyDestinationProblem(before, after, typedKey)
    if (keyProblem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${keyProblem}`)
    }
    checkMergedSettings(after)
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
