import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { validateOptions } from "../../utils/options"
import {
  ACCOUNT_COLUMNS,
  accountInputs,
  checkMergedSettings,
  EMPTY_SETTINGS,
  keySlotProblem,
  MODES,
  type Mode,
  settingsView,
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
   * `utils/settings.ts`), for the account of `mode` (a payment's own mode) or the store's
   * current mode; re-read from the database every few seconds at most.
   */
  async getOptions(mode?: Mode): Promise<EffectiveOptions> {
    return (await this.getSettings(mode)).options
  }

  /** The effective settings with where each comes from (for the admin; no key in it). */
  async getSettings(mode?: Mode): Promise<EffectiveSettings> {
    return effectiveSettings(this.settingsSource, this.pluginOptions, process.env, mode)
  }

  /** The admin's view: the current mode's values, and both accounts. */
  async getSettingsView(): Promise<ReturnType<typeof settingsView>> {
    const stored = await loadStoredSettings(this.settingsSource)
    const merged = (mode?: Mode) => mergeSettings(stored, this.pluginOptions, process.env, mode)
    return settingsView(merged(), { test: merged("test"), live: merged("live") })
  }

  /**
   * Verify (`POST /admin/bnpl/settings/verify`): one eligibility call with a typed key/URL or
   * the effective ones of an account (`mode`, default the store's). The saved key is only tried
   * on the URL it goes to: a typed URL needs its typed key. Also says which notification URL
   * the service will be given.
   */
  async verifySettings(input: VerifySettingsInput = {}): Promise<VerifyResult & { notification_url: string; mode: Mode }> {
    const settings = await this.getSettings(input.mode)
    const typedKey = typeof input.api_key === "string" ? input.api_key.trim() : ""
    const slotProblem = typedKey && input.mode ? keySlotProblem(`${input.mode}_api_key`, input.mode, typedKey) : undefined
    if (slotProblem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, slotProblem)
    }
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
    return { ...result, notification_url: notificationUrl(settings.options), mode: settings.mode }
  }

  /**
   * Applies a partial update of the admin settings: everything is validated (fields, then
   * the result as a whole, for each account) before anything is written; keys are stored
   * encrypted.
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
    const stored = await loadStoredSettings(source)
    for (const mode of MODES) {
      const columns = ACCOUNT_COLUMNS[mode]
      const before = mergeSettings(stored, this.pluginOptions, process.env, mode)
      const typedKey = !!changes[columns.key]
      if (typedKey && !(columns.url in changes) && before.options.apiUrl) {
        // A key goes to the URL it was saved with, even if the options/env URL changes later.
        changes[columns.url] = before.options.apiUrl
      }
      const own = accountInputs(mode, {}, this.pluginOptions)
      const ownUrl = resolveOptions(own.pluginOptions, own.env).apiUrl
      if (columns.key in changes && !typedKey && !(columns.url in changes) && current?.[columns.url] && trimUrl(current[columns.url]!) !== ownUrl) {
        // Removing the saved key also drops the URL saved with it: the options/env key never
        // goes to a URL the admin chose for another key.
        changes[columns.url] = null
      }
      const url = changes[columns.url]
      if (url) {
        const problem = serviceUrlProblem(url, urlRulesFor(this.pluginOptions))
        if (problem) {
          throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problem}`)
        }
      }
    }
    const { id: _id, created_at: _c, updated_at: _u, ...currentColumns } = current ?? { id: "", ...EMPTY_SETTINGS }
    // What the plugin would use after the save, with the keys it would then hold in clear.
    const typed = (column: "api_key_encrypted" | "test_api_key_encrypted", value: unknown, kept?: string) =>
      column in changes ? (changes[column] ? String(value).trim() : undefined) : kept
    const afterLoaded = {
      row: { id: "", ...currentColumns, ...changes },
      apiKey: typed("api_key_encrypted", parsed.api_key, stored.apiKey),
      apiKeyProblem: "api_key_encrypted" in changes ? undefined : stored.apiKeyProblem,
      testApiKey: typed("test_api_key_encrypted", parsed.test_api_key, stored.testApiKey),
      testApiKeyProblem: "test_api_key_encrypted" in changes ? undefined : stored.testApiKeyProblem,
    }
    for (const mode of MODES) {
      const before = mergeSettings(stored, this.pluginOptions, process.env, mode)
      const after = mergeSettings(afterLoaded, this.pluginOptions, process.env, mode)
      const keyProblem = keyDestinationProblem(before, after, !!changes[ACCOUNT_COLUMNS[mode].key])
      if (keyProblem) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `Invalid settings: ${mode === "test" ? keyProblem.replace(/^api_url:/, "test_api_url:").replace("paste the API key", "paste the test API key") : keyProblem}`
        )
      }
      checkMergedSettings(after)
    }
    if (Object.keys(changes).length) {
      if (current) {
        await this.updateBnplSettings({ id: current.id, ...changes } as any)
      } else {
        await this.createBnplSettings({ ...EMPTY_SETTINGS, ...changes } as any)
      }
    }
    if (["plans", "plan_bounds"].some((column) => column in changes)) {
      // Plans kept per cart were asked with the old plans or bounds: make them stale, so every
      // checkout asks again (a kept answer of another key, URL or mode is stale by its `account`).
      await knex("bnpl_cart_eligibility").update({ checked_at: new Date(0) })
    }
    forgetCachedSettings()
    return this.getSettings()
  }
}

export default BnplModuleService
