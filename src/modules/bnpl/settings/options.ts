import { MedusaError } from "@medusajs/framework/utils"
import { isHttpUrl, isProductionEnv, parseUrl, serviceUrlProblem, serviceUrlRules, trimUrl } from "../../../client"
import { offeredCurrencies, SERVICE_CURRENCIES } from "../../../lib/money/currency"
import { exclusionsProblems } from "../../../lib/eligibility/exclusions"
import { legalTextsProblems } from "../../../lib/legal"
import { planBoundsProblems } from "../../../lib/eligibility/plan-bounds"
import { DEFAULT_CHECKOUT_RETENTION_DAYS, retentionDaysProblem } from "../../../lib/settings/retention"
import { planIssues, planProblem } from "../../../lib/eligibility/plans"
import { DEFAULT_DEADLINE_FLOOR_MS } from "../../../lib/infrastructure/response-deadline"
import { parseTrustedProxies, trustedProxiesProblems } from "../../../lib/infrastructure/client-address"
import { MIN_ENCRYPTION_KEY_LENGTH } from "./encryption"
import {
  ACCOUNT_FIELDS,
  fromOptions,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
} from "../../../lib/settings/settings-fields"
import type { BnplOptions, ResolvedOptions } from "./types"

const DEFAULT_BACKEND_URL = "http://localhost:9000"
const ELIGIBILITY_APIS = ["v1", "v2"]

/** The options and env alone (no admin settings): see precedence.ts for the whole rule. */
export function resolveOptions(options: BnplOptions = {}, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  // The field table's settings (lib/settings/settings-fields.ts): option > env > default.
  const settings = Object.fromEntries(
    SETTING_KEYS.map((key) => [SETTINGS[key].option, fromOptions(SETTINGS[key], options, env).value])
  ) as Pick<ResolvedOptions, (typeof SETTINGS)[SettingKey]["option"]>
  const live = ACCOUNT_FIELDS.live
  return {
    ...settings,
    // The live account's (precedence.ts gives the test account's under these names).
    apiKey: options[live.api_key.option] || env[live.api_key.env] || undefined,
    apiUrl: trimUrl(options[live.api_url.option] || env[live.api_url.env] || ""),
    triggerOn: options.triggerOn ?? "shipment",
    backendUrl: trimUrl(options.backendUrl || env.MEDUSA_BACKEND_URL || DEFAULT_BACKEND_URL),
    returnUrl: options.returnUrl,
    cancelUrl: options.cancelUrl,
    currencies: (options.currencies?.length ? options.currencies : SERVICE_CURRENCIES).map((c) => c.toLowerCase()),
    timeoutMs: options.timeoutMs ?? 10_000,
    eligibilityTimeoutMs: options.eligibilityTimeoutMs ?? 1_500,
    eligibilityTimeoutFloorMs: options.eligibilityTimeoutFloorMs ?? DEFAULT_DEADLINE_FLOOR_MS,
    checkoutRetentionDays: options.checkoutRetentionDays ?? DEFAULT_CHECKOUT_RETENTION_DAYS,
    trustedProxies: options.trustedProxies ?? parseTrustedProxies(env.BNPL_TRUSTED_PROXIES) ?? [],
  }
}

/** Start-up check with messages that say what to fix. The key may come later from the admin. */
export function validateOptions(options: BnplOptions = {}, env: NodeJS.ProcessEnv = process.env): void {
  const problems = [
    ...accountProblems(options, env),
    ...shapeProblems({
      eligibilityApi: (env.BNPL_ELIGIBILITY_API || undefined) as BnplOptions["eligibilityApi"],
      ...options,
    }),
    ...checkoutRuleProblems(options),
    ...(options.legalTexts !== undefined ? legalTextsProblems(options.legalTexts, "legalTexts") : []),
    ...proxyProblems(options, env),
  ]
  if (problems.length) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `medusa-plugin-bnpl options are invalid: ${problems.join("; ")}`
    )
  }
}

/** Where the key may go, which account, how it is kept, where notifications arrive. */
function accountProblems(options: BnplOptions, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = []
  if (
    options.apiHosts !== undefined &&
    (!Array.isArray(options.apiHosts) || options.apiHosts.some((h) => typeof h !== "string"))
  ) {
    problems.push('apiHosts must be a list of host names, like ["api.example.com"]')
  }
  const urlRules = serviceUrlRules(options, env)
  for (const [option, variable] of [
    ["apiUrl", "BNPL_API_URL"],
    ["testApiUrl", "BNPL_API_URL_TEST"],
  ] as const) {
    const url = options[option] || env[variable]
    const urlProblem = url ? serviceUrlProblem(url, urlRules, options[option] ? option : variable) : undefined
    if (urlProblem) {
      problems.push(urlProblem)
    }
  }
  const mode = options.mode ?? env.BNPL_MODE
  if (mode !== undefined && mode !== "test" && mode !== "live") {
    problems.push(`${options.mode !== undefined ? "mode" : "BNPL_MODE"} must be "test" or "live"`)
  }
  if (env.BNPL_ENCRYPTION_KEY && env.BNPL_ENCRYPTION_KEY.length < MIN_ENCRYPTION_KEY_LENGTH) {
    problems.push(
      `BNPL_ENCRYPTION_KEY must be at least ${MIN_ENCRYPTION_KEY_LENGTH} characters (a long random string, e.g. from \`openssl rand -hex 32\`)`
    )
  }
  if (isProductionEnv(env) && !options.backendUrl && !env.MEDUSA_BACKEND_URL) {
    // The service sends its payment notifications there: a local URL would lose them all.
    problems.push(
      `in production, set MEDUSA_BACKEND_URL (or the backendUrl option) to this server's public URL: the service sends payment notifications to <that URL>/hooks/bnpl/notification, and ${DEFAULT_BACKEND_URL} cannot be reached by it`
    )
  }
  return problems
}

/** Each option's type: URLs, timeouts, switches, the overrides map. */
function shapeProblems(options: BnplOptions): string[] {
  const problems: string[] = []
  for (const key of ["backendUrl", "returnUrl", "cancelUrl"] as const) {
    const value = options[key]
    if (value !== undefined && !isHttpUrl(parseUrl(String(value)))) {
      problems.push(`${key} must be an absolute http(s) URL, got "${value}"`)
    }
  }
  for (const key of ["timeoutMs", "eligibilityTimeoutMs", "eligibilityTimeoutFloorMs"] as const) {
    const value = options[key]
    if (value !== undefined && (!Number.isInteger(value) || value <= 0)) {
      problems.push(`${key} must be a positive integer of milliseconds`)
    }
  }
  const floor = options.eligibilityTimeoutFloorMs ?? DEFAULT_DEADLINE_FLOOR_MS
  const ceiling = options.eligibilityTimeoutMs ?? 1_500
  if (Number.isInteger(floor) && Number.isInteger(ceiling) && floor > ceiling) {
    problems.push(
      `eligibilityTimeoutFloorMs (${floor}) must not exceed eligibilityTimeoutMs (${ceiling}): the floor is the shortest wait, eligibilityTimeoutMs the longest`
    )
  }
  // Every switch of the field table: a new one is checked here without being named.
  for (const { option } of Object.values(SETTINGS).filter((s) => s.column === "boolean")) {
    const value = (options as Record<string, unknown>)[option]
    if (value !== undefined && typeof value !== "boolean") {
      problems.push(`${option} must be true or false`)
    }
  }
  if (options.eligibilityApi !== undefined && !ELIGIBILITY_APIS.includes(options.eligibilityApi)) {
    problems.push(
      `eligibilityApi must be "v1" (the contract's, the default) or "v2" (the newer interface), got ${JSON.stringify(options.eligibilityApi)}`
    )
  }
  if (options.triggerOn !== undefined && !["shipment", "fulfillment"].includes(options.triggerOn)) {
    problems.push(`triggerOn must be "shipment" or "fulfillment", got ${JSON.stringify(options.triggerOn)}`)
  }
  if (options.plans !== undefined) {
    if (!Array.isArray(options.plans)) {
      problems.push('plans must be a list like [{"installments_count": 3}, {"installments_count": 4}]')
    } else {
      options.plans.forEach((plan, i) => {
        const { payAtShipment, ...rest } = (plan ?? {}) as any
        const asPlan =
          plan && typeof plan === "object" && payAtShipment !== undefined
            ? { ...rest, pay_at_shipment: payAtShipment }
            : plan
        problems.push(...planIssues(asPlan, `plans[${i}]`).map((p) => p.replace("pay_at_shipment", "payAtShipment")))
      })
    }
  }
  const overrides = options.shippingMethodOverrides
  if (overrides !== undefined && (typeof overrides !== "object" || overrides === null || Array.isArray(overrides))) {
    problems.push("shippingMethodOverrides must be an object keyed by shipping option id")
  }
  if (options.checkoutRetentionDays !== undefined) {
    const problem = retentionDaysProblem(options.checkoutRetentionDays, "checkoutRetentionDays")
    if (problem) {
      problems.push(problem)
    }
  }
  if (options.verifyNotificationSignature && !options.notificationSignatureHeader) {
    problems.push("verifyNotificationSignature needs notificationSignatureHeader (the header carrying the signature)")
  }
  return problems
}

/** The proxies whose `X-Forwarded-For` is believed (option `trustedProxies`, env `BNPL_TRUSTED_PROXIES`). */
function proxyProblems(options: BnplOptions, env: NodeJS.ProcessEnv): string[] {
  return options.trustedProxies !== undefined
    ? trustedProxiesProblems(options.trustedProxies, "trustedProxies")
    : trustedProxiesProblems(parseTrustedProxies(env.BNPL_TRUSTED_PROXIES), "BNPL_TRUSTED_PROXIES")
}

/** Problems of the options that shape what checkout offers (currencies, plan bounds, exclusions). */
function checkoutRuleProblems(options: BnplOptions): string[] {
  return [
    ...(options.currencies !== undefined ? currenciesProblems(options.currencies) : []),
    ...(options.planBounds !== undefined ? planBoundsProblems(options.planBounds, "planBounds", planProblem) : []),
    ...(options.exclusions !== undefined ? exclusionsProblems(options.exclusions, "exclusions") : []),
  ]
}

/** The `currencies` option: only currencies the service takes (it would read yen as euro cents). */
function currenciesProblems(currencies: unknown): string[] {
  if (!Array.isArray(currencies) || currencies.some((c) => typeof c !== "string")) {
    return ['currencies must be a list of currency codes, like ["eur"]']
  }
  const allowed = SERVICE_CURRENCIES.map((c) => `"${c}"`).join(", ")
  return currencies
    .filter((c) => !offeredCurrencies([c]).length)
    .map(
      (c) => `currencies: "${c}" cannot be offered: the service takes amounts in euro cents only (allowed: ${allowed})`
    )
}

/**
 * Why a currency cannot be used (one message for the storefront route, carts and payments):
 * offered are the configured currencies the service takes, whatever the options say.
 */
export function currencyProblem(options: Pick<ResolvedOptions, "currencies">, currency: string): string | undefined {
  const offered = offeredCurrencies(options.currencies)
  return offered.includes(currency.toLowerCase())
    ? undefined
    : `currency_code "${currency.toLowerCase()}" is not offered: instalment payments are offered in ${offered.join(", ") || "no currency"}`
}
