import type { VerifyResult as HttpVerifyResult } from "../../../lib/http/http-types"
import {
  BnplClient,
  isBnplError,
  type Plan,
  serviceUrlProblem,
  trimUrl,
  type BnplServiceError,
  type ServiceUrlRules,
} from "../../../client"
import type { Mode } from "../../../lib/settings/mode"
import { servicePlansOf, servicePlanViews, type AccountPlansRecord } from "../../../lib/eligibility/account-plans"
import { formatCents } from "../../../lib/money/money"
import { ACCOUNT_COLUMNS, EMPTY_SETTINGS } from "./changes"
import { keySlotProblem, type VerifySettingsInput } from "./patch"
import { keyDestinationProblem, mergeSettings, urlRulesFor } from "./precedence"
import type { BnplOptions, EffectiveSettings, SettingsRow, StoredSettings } from "./types"

/** What one eligibility call says of a key (the route adds the notification URL). */
export type VerifyResult = Omit<HttpVerifyResult, "notification_url">

const VERIFY_AMOUNT_CENTS = 10_000

/** Where each account's key and URL come from besides the admin (precedence.ts accountInputs). */
const ACCOUNT_SOURCES: Record<Mode, { keyEnv: string; urlEnv: string; keyOption: string; urlOption: string }> = {
  live: { keyEnv: "BNPL_API_KEY", urlEnv: "BNPL_API_URL", keyOption: "apiKey", urlOption: "apiUrl" },
  test: { keyEnv: "BNPL_API_KEY_TEST", urlEnv: "BNPL_API_URL_TEST", keyOption: "testApiKey", urlOption: "testApiUrl" },
}
const VERIFY_TIMEOUT_MS = 5_000

/**
 * What went wrong, in our own words only: the remote server's text is never echoed, so Verify
 * cannot be used to read what other servers answer (no port-scanning oracle).
 */
function reachability(e: unknown): string {
  const error = isBnplError(e) ? (e as BnplServiceError) : undefined
  if (!error) {
    return "unexpected error"
  }
  if (error.code === "malformed_answer") {
    return "the server answered, but not as the service does (is this the service's API URL?)"
  }
  if (error.status && error.status >= 300 && error.status < 400) {
    return `the server answered with a redirect (HTTP ${error.status}), which is not followed: give the service's own URL`
  }
  if (error.status) {
    return `the server answered HTTP ${error.status}`
  }
  return /timed out/.test(error.message) ? "no answer in time" : "no connection could be made"
}

export type VerifyTarget = {
  settings: EffectiveSettings
  apiKey?: string
  apiUrl?: string
  apiKeyProblem?: string
  /** The rules the client checks again before sending anything. */
  urlRules: ServiceUrlRules
}

/**
 * Which key Verify would send where (typed ones first, else the account's), or why it may not:
 * the key's slot, the one URL rule of service-url.ts (production https, apiHosts /
 * BNPL_API_HOSTS or in production the configured service URLs' hosts, the backend's own network)
 * on the URL the key would go to, typed or saved (a URL saved before the rules changed is checked
 * too), and a save's key-to-URL rule. Pure.
 */
export function verifyTarget(
  input: VerifySettingsInput,
  stored: StoredSettings,
  pluginOptions: BnplOptions = {},
  env: NodeJS.ProcessEnv = process.env
): { problem: string } | VerifyTarget {
  const settings = mergeSettings(stored, pluginOptions, env, input.mode)
  const typedKey = typeof input.api_key === "string" ? input.api_key.trim() : ""
  const typedUrl = input.api_url ? trimUrl(input.api_url) : undefined
  const apiKey = typedKey || settings.options.apiKey
  const apiUrl = typedUrl || settings.options.apiUrl
  const urlRules = urlRulesFor(pluginOptions, env)
  const problem =
    (typedKey && input.mode ? keySlotProblem(`${input.mode}_api_key`, input.mode, typedKey) : undefined) ??
    (apiUrl && (typedUrl || apiKey) ? serviceUrlProblem(apiUrl, urlRules) : undefined) ??
    (typedUrl ? keyProblemAt(stored, settings, typedUrl, !!typedKey, pluginOptions, env) : undefined)
  if (problem) {
    return { problem }
  }
  return { settings, apiKey, apiUrl, apiKeyProblem: typedKey ? undefined : settings.apiKeyProblem, urlRules }
}

/** Would saving `url` for this account (without typing a key) send its key elsewhere? */
function keyProblemAt(
  stored: StoredSettings,
  settings: EffectiveSettings,
  url: string,
  typedKey: boolean,
  pluginOptions: BnplOptions,
  env: NodeJS.ProcessEnv
) {
  const row: SettingsRow = { id: "", ...EMPTY_SETTINGS, ...stored.row, [ACCOUNT_COLUMNS[settings.mode].url]: url }
  const after = mergeSettings({ ...stored, row }, pluginOptions, env, settings.mode)
  return keyDestinationProblem(settings, after, typedKey, "to try it")
}

/**
 * What the service says of the account (`GET /v1/me`, `GET /v1/me/fee-plans`), for Verify: its
 * name, whether it can take payments, its plans (`enabled`: among `merchantPlans`), and the
 * record of its plans to keep. Never throws: an older account (404) or a failure says why.
 */
async function describeAccount(
  client: BnplClient,
  merchantPlans: Plan[],
  timeoutMs: number
): Promise<Pick<VerifyResult, "account" | "service_plans" | "service_plans_problem"> & { record: AccountPlansRecord }> {
  const call = { retries: 0, timeoutMs }
  const [account, feePlans] = await Promise.allSettled([client.getAccount(call), client.getFeePlans(call)])
  const fetched_at = new Date().toISOString()
  const described =
    account.status === "fulfilled"
      ? { account: { name: account.value.name, can_create_payments: account.value.can_create_payments } }
      : {}
  if (feePlans.status === "fulfilled") {
    return {
      ...described,
      service_plans: servicePlanViews(servicePlansOf(feePlans.value), merchantPlans, "eur"),
      record: { fetched_at, fee_plans: feePlans.value, ...described },
    }
  }
  const error = feePlans.reason
  const code = isBnplError(error) ? error.code : "unavailable"
  const message =
    code === "not_available"
      ? "This service account does not list its plans (an older account): the plans typed below are offered as they are"
      : `The service did not give the account's plans: ${reachability(error)}`
  return { ...described, service_plans_problem: message, record: { fetched_at, problem: { code, message } } }
}

/** Does the account answer the newer eligibility (anything but a 404 counts: v2 is there)? */
async function hasEligibilityV2(client: BnplClient, timeoutMs: number): Promise<boolean> {
  try {
    await client.checkEligibilityV2(
      { purchase_amount: VERIFY_AMOUNT_CENTS, queries: [{ installments_count: 3 }] },
      { retries: 0, timeoutMs }
    )
    return true
  } catch (e) {
    return !(isBnplError(e) && e.code === "not_available")
  }
}

/**
 * One eligibility call (100.00 EUR in 3 instalments) with the given key and URL, told in
 * plain words, then what the service says of the account (name, payments, plans). Never throws
 * for a service problem; never says the key.
 */
export async function verifyServiceAccess(input: {
  apiKey?: string
  apiUrl?: string
  timeoutMs?: number
  apiKeyProblem?: string
  urlRules?: ServiceUrlRules
  /** The account tried: the messages name what its slot reads (the test account: `..._TEST`). */
  mode?: Mode
  /** The store's plans, to say which of the account's are switched on. */
  merchantPlans?: Plan[]
  /** With v2, Verify also tries it and says when the account lacks it. */
  eligibilityApi?: "v1" | "v2"
}): Promise<VerifyResult & { accountPlans?: AccountPlansRecord }> {
  const reads = ACCOUNT_SOURCES[input.mode ?? "live"]
  if (!input.apiKey) {
    return {
      result: "not_configured",
      message:
        input.apiKeyProblem ??
        `No API key is set for the ${input.mode ?? "live"} account: paste the key the service gave you (or set ${reads.keyEnv} in the backend's environment, or the plugin option ${reads.keyOption})`,
    }
  }
  if (!input.apiUrl) {
    return {
      result: "not_configured",
      message: `No service URL is set for the ${input.mode ?? "live"} account: enter the service's API URL (or set ${reads.urlEnv} in the backend's environment, or the plugin option ${reads.urlOption})`,
    }
  }
  // Before any connection: a URL the rules refuse (e.g. the backend's own network in production)
  // is not tried, so an open port and a closed one get the same answer.
  const urlProblem = serviceUrlProblem(input.apiUrl, input.urlRules ?? {})
  if (urlProblem) {
    return { result: "not_configured", message: urlProblem }
  }
  const timeoutMs = Math.min(input.timeoutMs ?? VERIFY_TIMEOUT_MS, VERIFY_TIMEOUT_MS)
  let client: BnplClient | undefined
  try {
    client = new BnplClient({
      apiKey: input.apiKey,
      baseUrl: input.apiUrl,
      timeoutMs,
      retries: 0,
      urlRules: input.urlRules,
    })
    await client.checkEligibility(
      { purchase_amount: VERIFY_AMOUNT_CENTS, installments_count: 3 },
      { retries: 0, timeoutMs }
    )
    const { record, ...account } = await describeAccount(client, input.merchantPlans ?? [], timeoutMs)
    const v2Missing = input.eligibilityApi === "v2" && !(await hasEligibilityV2(client, timeoutMs))
    return {
      result: "works",
      message: `The key works: the service answered an eligibility check for ${formatCents(VERIFY_AMOUNT_CENTS, "eur")} in 3 instalments`,
      ...account,
      ...(v2Missing
        ? {
            eligibility_api_note:
              "This account has no newer eligibility interface (v2 answered HTTP 404): checkout asks with v1 (the contract's)",
          }
        : {}),
      accountPlans: { ...record, ...(v2Missing ? { eligibility_v2_missing: true } : {}) },
    }
  } catch (e) {
    if (isBnplError(e) && e.code === "not_activated") {
      const { record, ...account } = await describeAccount(client!, input.merchantPlans ?? [], timeoutMs)
      return {
        result: "not_activated",
        message:
          "The key is valid, but the merchant account is not activated yet: finish the activation with the service, then verify again",
        ...account,
        accountPlans: record,
      }
    }
    if (isBnplError(e) && e.code === "unauthorized") {
      return {
        result: "unauthorized",
        message:
          "The service rejected the key: check that you pasted the whole key, and that it is for this service URL (test or live)",
      }
    }
    return {
      result: "unreachable",
      message: `The service could not be reached at ${input.apiUrl}: ${reachability(e)}`,
    }
  }
}
