import { createHash } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { BnplClient, isProductionEnv, serviceUrlProblem, trimUrl, allowedHostsFrom, type Plan } from "../client"
import { MIN_ENCRYPTION_KEY_LENGTH } from "./encryption"
import { exclusionsProblems, normalizeExclusions, type Exclusions } from "../lib/exclusions"
import { planBoundsProblems, type PlanBounds } from "../lib/plan-bounds"
import { DEFAULT_PLANS, normalizePlan, planProblem } from "../lib/plans"
import type { ShippingOverride } from "../lib/shipping/mapping"

/**
 * Options a merchant gives the plugin and the provider (`medusa-config.ts`). Precedence:
 * admin settings (stored in the plugin's module) > these options > env `BNPL_API_URL`,
 * `BNPL_API_KEY`.
 */
export type BnplOptions = {
  /** The live account (env `BNPL_API_KEY`, `BNPL_API_URL`). */
  apiKey?: string
  apiUrl?: string
  /** The test account, the service's sandbox (env `BNPL_API_KEY_TEST`, `BNPL_API_URL_TEST`). */
  testApiKey?: string
  testApiUrl?: string
  /**
   * The account new payments use (env `BNPL_MODE`; the admin's choice wins). Default: test when
   * only a test account is configured, else live.
   */
  mode?: "test" | "live"
  /**
   * The only hosts the API key may be sent to (exact names or `*.example.com`); env
   * `BNPL_API_HOSTS` (comma separated). Unset: any host that passes the URL rules.
   */
  apiHosts?: string[]
  /** Plans offered at checkout. Default: 3 and 4 instalments. */
  plans?: Plan[]
  /** Accepted payments are captured at once (default) or only authorized. */
  autoCapture?: boolean
  /** Public URL of this Medusa backend, for the service's notification (env `MEDUSA_BACKEND_URL`). */
  backendUrl?: string
  /** Storefront page the customer returns to (`?pid=` is appended); a session's `data.return_url` wins. */
  returnUrl?: string
  /** Storefront page for a customer who leaves the hosted page; a session's `data.customer_cancel_url` wins. */
  cancelUrl?: string
  /** Currencies the service handles. Default `["eur"]`. */
  currencies?: string[]
  /** Check the notification's HMAC signature in this header (hex HMAC-SHA256 of the pid keyed by the API key). */
  notificationSignatureHeader?: string
  verifyNotificationSignature?: boolean
  /** Per-attempt timeout of service calls. Default 10 s. */
  timeoutMs?: number
  /** Timeout of eligibility calls made while a cart is computed. Default 1.5 s. */
  eligibilityTimeoutMs?: number
  /** Push shipping information on every fulfillment. Default true. */
  shippingSyncEnabled?: boolean
  /** Shipping option id → the `shipping_method` / `express_delivery` to send for it. */
  shippingMethodOverrides?: Record<string, ShippingOverride>
  /** The merchant's amount bounds per plan, major units, inclusive: `[{installments_count: 4, min_amount: 200}]`. */
  planBounds?: PlanBounds[]
  /** Products never paid in instalments: `{shipping_profile_ids: ["sp_..."], product_category_ids: [...]}`. */
  exclusions?: Exclusions
}

export type ResolvedOptions = Required<
  Omit<
    BnplOptions,
    | "apiKey"
    | "testApiKey"
    | "testApiUrl"
    | "mode"
    | "apiHosts"
    | "returnUrl"
    | "cancelUrl"
    | "notificationSignatureHeader"
    | "shippingSyncEnabled"
    | "shippingMethodOverrides"
  >
> &
  Pick<BnplOptions, "apiKey" | "returnUrl" | "cancelUrl" | "notificationSignatureHeader">

const DEFAULT_BACKEND_URL = "http://localhost:9000"

export function resolveOptions(options: BnplOptions = {}, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  return {
    apiKey: options.apiKey || env.BNPL_API_KEY || undefined,
    apiUrl: trimUrl(options.apiUrl || env.BNPL_API_URL || ""),
    plans: (options.plans?.length ? options.plans : DEFAULT_PLANS).map(normalizePlan),
    autoCapture: options.autoCapture ?? true,
    backendUrl: trimUrl(options.backendUrl || env.MEDUSA_BACKEND_URL || DEFAULT_BACKEND_URL),
    returnUrl: options.returnUrl,
    cancelUrl: options.cancelUrl,
    currencies: (options.currencies?.length ? options.currencies : ["eur"]).map((c) => c.toLowerCase()),
    notificationSignatureHeader: options.notificationSignatureHeader?.toLowerCase(),
    verifyNotificationSignature: options.verifyNotificationSignature ?? false,
    timeoutMs: options.timeoutMs ?? 10_000,
    eligibilityTimeoutMs: options.eligibilityTimeoutMs ?? 1_500,
    planBounds: options.planBounds ?? [],
    exclusions: normalizeExclusions(options.exclusions ?? {}),
  }
}

/** Start-up check with messages that say what to fix. The key may come later from the admin. */
export function validateOptions(options: BnplOptions = {}, env: NodeJS.ProcessEnv = process.env): void {
  const problems: string[] = []
  if (options.apiHosts !== undefined && (!Array.isArray(options.apiHosts) || options.apiHosts.some((h) => typeof h !== "string"))) {
    problems.push('apiHosts must be a list of host names, like ["api.example.com"]')
  }
  const urlRules = { production: isProductionEnv(env), allowedHosts: allowedHostsFrom(options.apiHosts, env) }
  for (const [option, variable] of [["apiUrl", "BNPL_API_URL"], ["testApiUrl", "BNPL_API_URL_TEST"]] as const) {
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
  for (const key of ["backendUrl", "returnUrl", "cancelUrl"] as const) {
    const value = options[key]
    if (value !== undefined && !/^https?:\/\/[^/\s]+/.test(value)) {
      problems.push(`${key} must be an absolute http(s) URL, got "${value}"`)
    }
  }
  for (const key of ["timeoutMs", "eligibilityTimeoutMs"] as const) {
    const value = options[key]
    if (value !== undefined && (!Number.isInteger(value) || value <= 0)) {
      problems.push(`${key} must be a positive integer of milliseconds`)
    }
  }
  for (const key of ["autoCapture", "shippingSyncEnabled", "verifyNotificationSignature"] as const) {
    if (options[key] !== undefined && typeof options[key] !== "boolean") {
      problems.push(`${key} must be true or false`)
    }
  }
  const overrides = options.shippingMethodOverrides
  if (overrides !== undefined && (typeof overrides !== "object" || overrides === null || Array.isArray(overrides))) {
    problems.push("shippingMethodOverrides must be an object keyed by shipping option id")
  }
  if (options.verifyNotificationSignature && !options.notificationSignatureHeader) {
    problems.push("verifyNotificationSignature needs notificationSignatureHeader (the header carrying the signature)")
  }
  problems.push(...checkoutRuleProblems(options))
  if (problems.length) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `medusa-plugin-bnpl options are invalid: ${problems.join("; ")}`
    )
  }
}

/** The URL the service is given for its payment notifications (shown by Verify). */
export function notificationUrl(options: Pick<ResolvedOptions, "backendUrl">): string {
  return `${options.backendUrl}/hooks/bnpl/notification`
}

/** Problems of the options that shape what checkout offers (plan bounds, exclusions). */
function checkoutRuleProblems(options: BnplOptions): string[] {
  return [
    ...(options.planBounds !== undefined ? planBoundsProblems(options.planBounds, "planBounds", planProblem) : []),
    ...(options.exclusions !== undefined ? exclusionsProblems(options.exclusions, "exclusions") : []),
  ]
}

/** Why a currency cannot be used (one message for the storefront route, carts and payments). */
export function currencyProblem(options: Pick<ResolvedOptions, "currencies">, currency: string): string | undefined {
  return options.currencies.includes(currency.toLowerCase())
    ? undefined
    : `currency_code "${currency.toLowerCase()}" is not offered: instalment payments are offered in ${options.currencies.join(", ")}`
}

/** A client for the resolved options, or a clear error when the plugin is not configured. */
export function clientFor(
  options: ResolvedOptions,
  logger?: { warn: (message: string) => void }
): BnplClient {
  if (!options.apiKey || !options.apiUrl) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Instalment payments are not configured: set the ${!options.apiKey ? "API key" : "service URL"} in the admin (Settings → Instalment payments) or BNPL_${!options.apiKey ? "API_KEY" : "API_URL"}`
    )
  }
  // One client per account and timeout, reused across requests (its HTTP agent and retry set-up
  // are built once). Keyed by a hash, so the map holds no key in clear.
  const id = createHash("sha256").update(`${options.apiKey}\n${options.apiUrl}\n${options.timeoutMs}`).digest("hex")
  let client = clients.get(id)
  if (!client) {
    client = new BnplClient({ apiKey: options.apiKey, baseUrl: options.apiUrl, timeoutMs: options.timeoutMs, logger })
    if (clients.size >= 16) {
      clients.delete(clients.keys().next().value as string)
    }
    clients.set(id, client)
  }
  return client
}

const clients = new Map<string, BnplClient>()
