/**
 * What counts as a service URL: the one place that decides where the API key may be sent.
 * Used by the client (defence in depth), the options check at start-up, the admin's save and
 * verify, and the settings merge.
 */

/** Hosts that never leave this machine: plain http is fine for them, also in production. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"])

export const isLocalHost = (hostname: string) =>
  LOCAL_HOSTS.has(hostname.toLowerCase()) || hostname.endsWith(".localhost")

/** `https://api.example.com/` → `https://api.example.com` (the client appends `/v1/...`). */
export const trimUrl = (url: string) => url.trim().replace(/\/+$/, "")

/** The one URL reader: an absolute URL, or undefined when the text is not one. */
export function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

export const isHttpUrl = (url: URL | undefined): url is URL => url?.protocol === "http:" || url?.protocol === "https:"

/** Production as Medusa decides it (`isProduction()` in @medusajs/utils). */
export const isProductionEnv = (env: NodeJS.ProcessEnv = process.env) =>
  ["production", "prod"].includes(env.NODE_ENV || "")

export type ServiceUrlRules = {
  /** Production: https only, except for local hosts. Default: from NODE_ENV. */
  production?: boolean
  /**
   * When set, the only hosts the key may be sent to: exact names or `*.example.com`
   * (option `apiHosts`, env `BNPL_API_HOSTS`, comma separated).
   */
  allowedHosts?: string[]
}

/** `BNPL_API_HOSTS="api.example.com, *.sandbox.example.com"` → the list, or undefined when unset. */
export function allowedHostsFrom(
  option: string[] | undefined,
  env: NodeJS.ProcessEnv = process.env
): string[] | undefined {
  const list = option?.length ? option : (env.BNPL_API_HOSTS ?? "").split(",")
  const hosts = list.map((h) => h.trim().toLowerCase()).filter(Boolean)
  return hosts.length ? hosts : undefined
}

/** The rules in force: production from NODE_ENV, the allowed hosts from `apiHosts` else `BNPL_API_HOSTS`. */
export function serviceUrlRules(apiHosts: string[] | undefined, env: NodeJS.ProcessEnv = process.env): ServiceUrlRules {
  return { production: isProductionEnv(env), allowedHosts: allowedHostsFrom(apiHosts, env) }
}

const hostAllowed = (hostname: string, allowed: string[]) =>
  allowed.some((pattern) =>
    pattern.startsWith("*.")
      ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1
      : hostname === pattern
  )

/**
 * Why a value cannot be the service's base URL (a message naming what to fix), or undefined.
 * Never quotes credentials: a URL with userinfo is refused without repeating it.
 */
export function serviceUrlProblem(value: unknown, rules: ServiceUrlRules = {}, name = "api_url"): string | undefined {
  if (typeof value !== "string" || !value.trim()) {
    return `${name} must be the service's URL, like https://api.example.com`
  }
  if (value.length > 2048) {
    return `${name} is longer than 2048 characters`
  }
  const url = parseUrl(value.trim())
  if (!isHttpUrl(url)) {
    return `${name} must be an http(s) URL, like https://api.example.com`
  }
  if (url.username || url.password) {
    return `${name} must not carry a user name or password: the API key is sent in the Authorization header`
  }
  if (url.search || url.hash || value.includes("?") || value.includes("#")) {
    return `${name} must not have a query string or a fragment: give the service's base URL, like https://api.example.com`
  }
  const production = rules.production ?? isProductionEnv()
  if (production && url.protocol !== "https:" && !isLocalHost(url.hostname)) {
    return `${name} must use https in production (http is only accepted for localhost)`
  }
  if (rules.allowedHosts && !hostAllowed(url.hostname.toLowerCase(), rules.allowedHosts)) {
    return `${name}: the host ${url.hostname} is not one of the allowed service hosts (option apiHosts / BNPL_API_HOSTS: ${rules.allowedHosts.join(", ")})`
  }
  return undefined
}
