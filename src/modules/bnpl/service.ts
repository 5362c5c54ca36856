import type { IEventBusModuleService } from "@medusajs/framework/types"
import { MedusaError, MedusaService, Modules } from "@medusajs/framework/utils"
import { accountFingerprint } from "../../client"
import type { AccountPlansRecord } from "../../lib/eligibility/account-plans"
import type { SettingsView } from "../../lib/http/http-types"
import { medusaVersionView } from "../../lib/infrastructure/medusa-version"
import { notificationUrl } from "../../lib/payment/notification"
import { updateCartAnswer, type CartAnswerRow } from "./cart-answers"
import {
  claimMessagePush,
  claimOrderEventsPush,
  listOrderEvents,
  type MessagePushClaim,
  type OrderEventsClaim,
  type OrderWithFulfillments,
} from "./message-push"
import {
  recordMessages,
  recordOrderEvent,
  writeMessageOutcome,
  type MessageOutcomePatch,
  type NewMessage,
} from "./message-writes"
import {
  revokeNotificationTokens,
  rotateNotificationToken,
  type Revocation,
  type Rotation,
} from "./notification-secret"
import {
  checkSettingsAfter,
  effectiveSettings,
  EMPTY_SETTINGS,
  forgetCachedSettings,
  loadStoredSettings,
  mergeSettings,
  parseSettingsPatch,
  pinKeyUrls,
  settingsChanges,
  settingsSourceFrom,
  settingsView,
  storedAfter,
  validateOptions,
  verifyServiceAccess,
  verifyTarget,
  withKeyUrls,
  type BnplOptions,
  type EffectiveSettings,
  type Mode,
  type ResolvedOptions,
  type SettingsRow,
  type SettingsSource,
  type VerifyResult,
  type VerifySettingsInput,
} from "./settings"
import BnplCartEligibility from "./models/cart-eligibility"
import BnplCheckoutSnapshot from "./models/checkout-snapshot"
import BnplNotificationSecret from "./models/notification-secret"
import BnplAdoptedRefund from "./models/adopted-refund"
import BnplReconciliation from "./models/reconciliation"
import BnplPayment from "./models/payment"
import BnplPaymentLink from "./models/payment-link"
import BnplSettings from "./models/settings"
import BnplServiceMessage from "./models/service-message"
import BnplOrderEvent from "./models/order-event"

type InjectedDependencies = Record<string, unknown>

/** Emitted once the app is up (subscribers/bnpl-started.ts: the start-up checks that ask the service). */
export const BNPL_STARTED_EVENT = "bnpl.started"

/** Problems of the plans and bounds a save sends, against the account's own plans (see saveSettings). */
export type AccountCheck = (options: ResolvedOptions, sent: { plans: boolean; bounds: boolean }) => Promise<string[]>

/** The plugin's own data (settings, eligibility per cart, what the service was told and the order events still to tell) and its effective configuration. */
class BnplModuleService extends MedusaService({
  BnplSettings,
  BnplCartEligibility,
  BnplServiceMessage,
  BnplOrderEvent,
  BnplCheckoutSnapshot,
  BnplPayment,
  BnplNotificationSecret,
  BnplAdoptedRefund,
  BnplReconciliation,
  BnplPaymentLink,
}) {
  protected readonly pluginOptions: BnplOptions
  private readonly container_: InjectedDependencies

  constructor(container: InjectedDependencies, options: BnplOptions = {}) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    validateOptions(options)
    this.pluginOptions = options
    this.container_ = container
  }

  /**
   * Medusa calls these once the app is up. Then `bnpl.started` is emitted: its subscriber checks
   * the plans of the plugin options against the accounts' (a save in the admin gets a 400
   * instead), in the background, so that the boot never waits for the service nor depends on it.
   */
  __hooks = {
    onApplicationStart: async (): Promise<void> => {
      try {
        const eventBus = this.container_[Modules.EVENT_BUS] as IEventBusModuleService | undefined
        await eventBus?.emit({ name: BNPL_STARTED_EVENT, data: {} })
      } catch {
        // No event bus (a script's app): nothing to check then.
      }
    },
  }

  /** Resolved when used: the connection may not be registered yet while the module loads. */
  protected get settingsSource(): SettingsSource {
    return settingsSourceFrom(this.container_)
  }

  /**
   * What the plugin uses: admin settings > plugin options > env > defaults (see
   * `settings/`), for the account of `mode` (a payment's own mode) or the store's
   * current mode; re-read from the database every few seconds at most.
   */
  async getOptions(mode?: Mode): Promise<ResolvedOptions> {
    return (await this.getSettings(mode)).options
  }

  /** The effective settings with where each comes from (for the admin; no key in it). */
  async getSettings(mode?: Mode): Promise<EffectiveSettings> {
    return effectiveSettings(this.settingsSource, this.pluginOptions, process.env, mode)
  }

  /** The admin's view: the current mode's values, and both accounts. */
  async getSettingsView(): Promise<SettingsView> {
    const stored = await loadStoredSettings(this.settingsSource)
    const merged = (mode?: Mode) => mergeSettings(stored, this.pluginOptions, process.env, mode)
    const medusa = medusaVersionView()
    return {
      ...settingsView(merged(), { test: merged("test"), live: merged("live") }),
      medusa_version: medusa,
      ...(medusa.new_payments ? {} : { medusa_version_problem: medusa.message }),
    }
  }

  /**
   * Verify (`POST /admin/bnpl/settings/verify`): one eligibility call with a typed key/URL or
   * the effective ones of an account (`mode`, default the store's). The saved key is only tried
   * on the URL it goes to (the save's rule: a typed URL needs its typed key). Also says which
   * notification URL the service will be given.
   */
  async verifySettings(input: VerifySettingsInput = {}): Promise<
    VerifyResult & {
      notification_url: string
      mode: Mode
      /** What the service said of the account's plans, and whose (a fingerprint): for the cache, not the answer. */
      accountPlans?: { record: AccountPlansRecord; account: string }
    }
  > {
    const target = verifyTarget(input, await loadStoredSettings(this.settingsSource), this.pluginOptions)
    if ("problem" in target) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, target.problem)
    }
    const { settings, ...destination } = target
    const { accountPlans, ...result } = await verifyServiceAccess({
      ...destination,
      timeoutMs: settings.options.timeoutMs,
      mode: settings.mode,
      merchantPlans: settings.options.plans,
      eligibilityApi: settings.options.eligibilityApi,
    })
    return {
      ...result,
      notification_url: notificationUrl(settings.options.backendUrl),
      mode: settings.mode,
      ...(accountPlans ? { accountPlans: { record: accountPlans, account: accountFingerprint(destination) } } : {}),
    }
  }

  /**
   * Applies a partial update of the admin settings: everything is validated (fields, then
   * the result as a whole, for each account) before anything is written; keys are stored
   * encrypted. `accountCheck`, when given, is asked about the store's account after the save
   * (the plans and bounds it sends, against the account's own plans): its problems are a 400.
   */
  async saveSettings(patch: unknown, accountCheck?: AccountCheck): Promise<EffectiveSettings> {
    const source = this.settingsSource
    if (!source.knex) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The settings cannot be saved: no database connection")
    }
    const typed = parseSettingsPatch(patch)
    const [current] = (await this.listBnplSettings(
      {},
      { order: { created_at: "ASC" }, take: 1 }
    )) as unknown as SettingsRow[]
    const stored = await loadStoredSettings(source)
    // A typed key is saved with the URL in effect, and its ciphertext bound to that URL.
    const parsed = withKeyUrls(typed, stored, this.pluginOptions)
    const changes = settingsChanges(parsed, source.config)
    pinKeyUrls({ changes, current, stored, pluginOptions: this.pluginOptions })
    const after = storedAfter(stored, current, changes, parsed)
    checkSettingsAfter({ stored, after, changes, pluginOptions: this.pluginOptions, current })
    if (accountCheck && (parsed.plans != null || parsed.plan_bounds != null)) {
      const merged = mergeSettings(after, this.pluginOptions, process.env).options
      const problems = await accountCheck(merged, { plans: parsed.plans != null, bounds: parsed.plan_bounds != null })
      if (problems.length) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid settings: ${problems.slice(0, 3).join("; ")}`)
      }
    }
    if (Object.keys(changes).length) {
      if (current) {
        await this.updateBnplSettings({ id: current.id, ...changes } as any)
      } else {
        await this.createBnplSettings({ ...EMPTY_SETTINGS, ...changes } as any)
      }
    }
    forgetCachedSettings()
    return this.getSettings()
  }

  /**
   * A new notification token for new payments (`POST /admin/bnpl/settings/notification-token/rotate`),
   * of each account of `modes` (both by default); the previous one keeps opening the payments
   * made before, until the answer's `previous_accepted_until`. Never returns a token.
   */
  async rotateNotificationToken(modes?: Mode[]): Promise<Rotation> {
    return rotateNotificationToken(this.tokenConnection("rotated"), modes)
  }

  /**
   * "Revoke now" (`POST /admin/bnpl/settings/notification-token/revoke`): a new token for each
   * account of `modes` (both by default), and no earlier token of theirs opens anything any more.
   * Never returns a token.
   */
  async revokeNotificationTokens(modes?: Mode[]): Promise<Revocation> {
    return revokeNotificationTokens(this.tokenConnection("revoked"), modes)
  }

  private tokenConnection(action: string) {
    const knex = this.settingsSource.knex
    if (!knex) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The token cannot be ${action}: no database connection`)
    }
    return knex
  }

  /** Rewrites a cart's kept answer by its row id in one statement (cart-answers.ts); false when the row is gone. */
  async updateCartAnswer(id: string, row: CartAnswerRow): Promise<boolean> {
    return updateCartAnswer(this.knexFor("The cart's plans cannot be kept"), id, row)
  }

  /**
   * Claims one of an order's recorded messages for "Push again" (`message-push.ts`): not found
   * (another order's, or none), refused (accepted already, not sent on purpose, tried moments
   * ago), or claimed: pending, for one attempt now.
   */
  async claimMessagePush(orderId: string, messageId: string): Promise<MessagePushClaim> {
    return claimMessagePush(this.knexFor("The message cannot be pushed"), orderId, messageId)
  }

  /** "Try again now" on an order's events still waiting: claims them all at once (message-push.ts). */
  async claimOrderEventsPush(order: OrderWithFulfillments): Promise<OrderEventsClaim> {
    return claimOrderEventsPush(this.knexFor("The order's events cannot be handled"), order)
  }

  /** The order's events still waiting, newest first, those naming only one of its fulfillments included. */
  async listOrderEvents(order: OrderWithFulfillments): Promise<any[]> {
    return listOrderEvents(this.knexFor("The order's events cannot be read"), order)
  }

  /** Records an order event before its messages, in one statement (message-writes.ts); resolves its id. */
  async recordOrderEvent(event: Record<string, unknown>): Promise<string> {
    return recordOrderEvent(this.knexFor("The order event cannot be recorded"), event)
  }

  /**
   * Records messages to the service in one statement, deleting the order event they stand for
   * (`bnpl_order_event`) in the same one (message-writes.ts); resolves their ids.
   */
  async recordMessages(rows: NewMessage[], forEvent?: string | null): Promise<string[]> {
    return recordMessages(this.knexFor("The messages cannot be recorded"), rows, forEvent)
  }

  /** Writes one attempt's outcome on its message in one statement (message-writes.ts). */
  async writeMessageOutcome(patch: MessageOutcomePatch): Promise<Record<string, any>> {
    const row = await writeMessageOutcome(this.knexFor("The message's outcome cannot be recorded"), patch)
    if (!row) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `BnplServiceMessage with id: ${patch.id} was not found`)
    }
    return row
  }

  private knexFor(what: string) {
    const knex = this.settingsSource.knex
    if (!knex) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${what}: no database connection`)
    }
    return knex
  }
}

export default BnplModuleService
