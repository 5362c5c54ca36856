import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { accountFingerprint, clientFor, isBnplError, isConfigured, type FeePlan, type Plan } from "../../../client"
import {
  boundsOutsideServiceProblems,
  missingOptionPlansLine,
  plansMissingFrom,
  servicePlansOf,
  servicePlanViews,
  unknownPlanProblems,
  withinAccount,
  type AccountPlansRecord,
  type ServicePlan,
} from "../../../lib/eligibility/account-plans"
import { boundedAnswerCache, sharedOrLocalCache, type AnswerCache } from "../../../lib/eligibility/answer-cache"
import type { AccountView, SettingsView } from "../../../lib/http/http-types"
import type { Mode } from "../../../lib/settings/mode"
import type { PlanBounds } from "../../../lib/eligibility/plan-bounds"
import { BNPL_MODULE } from "../../../modules/bnpl/module-name"
import type BnplModuleService from "../../../modules/bnpl/service"
import type { AccountCheck } from "../../../modules/bnpl/service"
import type { ResolvedOptions } from "../../../modules/bnpl/settings"
import { keptInMemory } from "../../../lib/infrastructure/process-memory"

/**
 * The account's own plans (`GET /v1/me/fee-plans`), kept an hour per account (service URL +
 * key): in Medusa's cache module when it is Redis (shared by every instance), else in this
 * process. Refreshed on Verify, on a save and on a mode switch. A failure is kept a minute (a
 * down service is not asked on every cart); a 404 (an older account) an hour. Whatever happens,
 * callers get a record, never an error: the typed plans keep working without it.
 */
export const ACCOUNT_PLANS_TTL_SECONDS = 3600
const FAILED_TTL_SECONDS = 60
const ADMIN_TIMEOUT_MS = 5_000
/** The service's amounts are euro cents (the only currency it takes). */
const SERVICE_CURRENCY = "eur"

const localCache = keptInMemory(boundedAnswerCache(64))
const inFlight = keptInMemory(new Map<string, Promise<AccountPlansRecord>>())

const resolveCache = (container: MedusaContainer): AnswerCache =>
  sharedOrLocalCache(() => container.resolve(Modules.CACHE, { allowUnregistered: true }), localCache)

/** Keyed by the account's fingerprint (service URL + key, one-way): no key in the cache. */
const cacheKey = (account: string) => `bnpl:account-plans:${account}`

const ttlOf = (record: AccountPlansRecord) =>
  record.fee_plans || record.problem?.code === "not_available" ? ACCOUNT_PLANS_TTL_SECONDS : FAILED_TTL_SECONDS

async function fetchRecord(
  container: MedusaContainer,
  options: ResolvedOptions,
  timeoutMs: number
): Promise<AccountPlansRecord> {
  const fetched_at = new Date().toISOString()
  try {
    const client = clientFor(options, container.resolve(ContainerRegistrationKeys.LOGGER))
    return { fetched_at, fee_plans: await client.getFeePlans({ timeoutMs, retries: 0 }) }
  } catch (e) {
    const code = isBnplError(e) ? e.code : "unavailable"
    const message =
      code === "not_available"
        ? "This service account does not list its plans (an older account): the plans typed in the settings are offered as they are"
        : `The service did not give the account's plans (${isBnplError(e) ? e.message : "unexpected error"}); the plans typed in the settings are offered meanwhile`
    return { fetched_at, problem: { code, message } }
  }
}

/**
 * The account's plans record, from the cache or the service (`refresh`: from the service, and
 * kept). Undefined when the account is not configured. One request at a time per account in
 * this process.
 */
export async function accountPlansRecord(
  container: MedusaContainer,
  options: ResolvedOptions,
  { refresh = false, timeoutMs = ADMIN_TIMEOUT_MS }: { refresh?: boolean; timeoutMs?: number } = {}
): Promise<AccountPlansRecord | undefined> {
  if (!isConfigured(options)) {
    return undefined
  }
  const cache = resolveCache(container)
  const account = accountFingerprint(options)
  const key = cacheKey(account)
  if (!refresh) {
    const kept = await cache.get<AccountPlansRecord>(key).catch(() => null)
    if (kept) {
      return kept
    }
  }
  let pending = inFlight.get(key)
  if (!pending) {
    pending = fetchRecord(container, options, timeoutMs).then(async (record) => {
      await keepAccountPlans(container, account, record)
      return record
    })
    inFlight.set(key, pending)
    void pending.finally(() => inFlight.delete(key))
  }
  return pending
}

/** Keeps a record for an account (`accountFingerprint`): what Verify learnt, a v2 404. */
export async function keepAccountPlans(
  container: MedusaContainer,
  account: string,
  record: AccountPlansRecord
): Promise<void> {
  await resolveCache(container)
    .set(cacheKey(account), record, ttlOf(record))
    .catch(() => undefined)
}

/** The account's sellable plans, or undefined when unknown (then the typed plans apply as they are). */
export async function servicePlansFor(
  container: MedusaContainer,
  options: ResolvedOptions,
  call?: { refresh?: boolean; timeoutMs?: number }
): Promise<ServicePlan[] | undefined> {
  const record = await accountPlansRecord(container, options, call)
  return record?.fee_plans ? servicePlansOf(record.fee_plans) : undefined
}

/**
 * The fee plans of the store's account in `mode` (default: the store's current mode), from the
 * cache or the service, or undefined when unknown (not configured, an older account, the service
 * failed). E.g. for a pay-at-shipment plan's `deferred_trigger_limit_days`.
 */
export async function accountFeePlans(container: MedusaContainer, mode?: Mode): Promise<FeePlan[] | undefined> {
  const options = await container.resolve<BnplModuleService>(BNPL_MODULE).getOptions(mode)
  return (await accountPlansRecord(container, options))?.fee_plans
}

/** Refetches both accounts' plans (after a save or a mode switch). Never throws. */
export async function refreshAccountPlans(container: MedusaContainer): Promise<void> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  await Promise.all(
    (["test", "live"] as Mode[]).map(async (mode) =>
      accountPlansRecord(container, await bnpl.getOptions(mode), { refresh: true }).catch(() => undefined)
    )
  )
}

/** The admin's view of one account's plans (`service_plans`, or why they are missing). */
export async function servicePlansView(
  container: MedusaContainer,
  options: ResolvedOptions
): Promise<Pick<AccountView, "service_plans" | "service_plans_problem" | "unknown_plans">> {
  const record = await accountPlansRecord(container, options)
  if (!record) {
    return { service_plans_problem: "This account has no API key or service URL yet: its plans cannot be read" }
  }
  if (!record.fee_plans) {
    return { service_plans_problem: record.problem?.message ?? "The account's plans are unknown" }
  }
  const servicePlans = servicePlansOf(record.fee_plans)
  const missing = plansMissingFrom(options.plans, servicePlans)
  return {
    service_plans: servicePlanViews(servicePlans, options.plans, SERVICE_CURRENCY),
    ...(missing.length ? { unknown_plans: missing } : {}),
  }
}

/**
 * Start-up: plans of the plugin options an account does not have, one ERROR line per account
 * (a save in the admin is refused with a 400 instead). Reads each configured account's plans
 * (one service call, kept like any other read; none for an account without key or URL, nor
 * when the admin's saved plans apply). Never throws: the boot does not wait for it.
 */
export async function logOptionPlansMissing(container: MedusaContainer): Promise<void> {
  try {
    const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    for (const mode of ["test", "live"] as Mode[]) {
      const settings = await bnpl.getSettings(mode)
      if (settings.sources.plans !== "options") {
        continue
      }
      const record = await accountPlansRecord(container, settings.options)
      const servicePlans = record?.fee_plans ? servicePlansOf(record.fee_plans) : undefined
      const missing = servicePlans ? plansMissingFrom(settings.options.plans, servicePlans) : []
      if (servicePlans && missing.length) {
        logger.error(missingOptionPlansLine(mode, missing, servicePlans))
      }
    }
  } catch {
    // A check for the merchant's eyes: the store works without it.
  }
}

/** `GET/POST /admin/bnpl/settings`: each account's plans added to the view. */
export async function withServicePlans(container: MedusaContainer, view: SettingsView): Promise<SettingsView> {
  const bnpl = container.resolve<BnplModuleService>(BNPL_MODULE)
  const modes: Mode[] = ["test", "live"]
  const plans = await Promise.all(modes.map(async (mode) => servicePlansView(container, await bnpl.getOptions(mode))))
  return {
    ...view,
    accounts: Object.fromEntries(
      modes.map((m, i) => [m, { ...view.accounts[m], ...plans[i] }])
    ) as SettingsView["accounts"],
  }
}

/**
 * A save's check against the account's own plans (read afresh): plans it does not have, and
 * merchant bounds outside the service's. Nothing when the account's plans are unknown (an older
 * account, a failing service): the typed plans are then taken as they are.
 */
export function accountCheckFor(container: MedusaContainer): AccountCheck {
  return async (options, sent) => {
    const servicePlans = await servicePlansFor(container, options, { refresh: true })
    if (!servicePlans) {
      return []
    }
    return [
      ...(sent.plans ? unknownPlanProblems(options.plans, servicePlans) : []),
      ...(sent.bounds ? boundsOutsideServiceProblems(options.planBounds, servicePlans, SERVICE_CURRENCY) : []),
    ]
  }
}

/**
 * What checkout offers: the merchant's plans the account has, each within the tighter of the
 * service's and the merchant's bounds (the typed plans and bounds as they are when the account's
 * plans are unknown), and the eligibility interface to ask them with (v2 when chosen, unless
 * the account answered it 404: `onV2Missing` keeps that, for an hour). Asks the service for the
 * account's plans at most once an hour per account (within the eligibility timeout).
 */
export async function checkoutPlans(
  container: MedusaContainer,
  options: ResolvedOptions
): Promise<{ plans: Plan[]; bounds: PlanBounds[]; eligibilityApi: "v1" | "v2"; onV2Missing: () => void }> {
  const record = await accountPlansRecord(container, options, { timeoutMs: options.eligibilityTimeoutMs })
  const offered = record?.fee_plans
    ? withinAccount(options.plans, options.planBounds, servicePlansOf(record.fee_plans), SERVICE_CURRENCY)
    : { plans: options.plans, bounds: options.planBounds }
  return {
    ...offered,
    eligibilityApi: options.eligibilityApi === "v2" && !record?.eligibility_v2_missing ? "v2" : "v1",
    onV2Missing: () => {
      if (record) {
        const kept = { ...record, eligibility_v2_missing: true }
        void keepAccountPlans(container, accountFingerprint(options), kept)
      }
    },
  }
}
