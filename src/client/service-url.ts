/**
 * What counts as a service URL: the one place that decides where the API key may be sent.
 * Used by the client (defence in depth), the options check at start-up, the admin's save and
 * verify, and the settings merge.
 */
import { isIP } from "node:net"

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
   * When set, the only hosts the key may be sent to: exact names or `*.example.com`. From the
   * option `apiHosts`, else env `BNPL_API_HOSTS` (comma separated); in production without
   * either, the hosts of the service URLs this server is configured with (see `serviceUrlRules`).
   */
  allowedHosts?: string[]
  /** Where `allowedHosts` come from, for the messages (default: the list `apiHosts` / `BNPL_API_HOSTS`). */
  hostsFrom?: "apiHosts" | "configured URLs"
  /**
   * Only the URL's shape and production's https: for a client given a URL the settings merge
   * already checked with the store's own rules (`clientFor`), which it does not know.
   */
  anyHost?: boolean
}

/** Where the service's URLs are configured on this server (plugin options and env), and `apiHosts`. */
export type ServiceUrlSources = { apiHosts?: unknown; apiUrl?: string; testApiUrl?: string }

/** `BNPL_API_HOSTS="api.example.com, *.sandbox.example.com"` → the list, or undefined when unset. */
export function allowedHostsFrom(option: unknown, env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const listed = Array.isArray(option) && option.length ? option : (env.BNPL_API_HOSTS ?? "").split(",")
  const hosts = listed.map((h) => String(h).trim().toLowerCase()).filter(Boolean)
  return hosts.length ? hosts : undefined
}

/**
 * The hosts of the service URLs in this server's own configuration (options `apiUrl` /
 * `testApiUrl`, env `BNPL_API_URL` / `BNPL_API_URL_TEST`): the service's published URLs, as the
 * merchant copied them from the service (README, installation step 3). Never what the admin saved.
 */
export function configuredServiceHosts(
  sources: ServiceUrlSources = {},
  env: NodeJS.ProcessEnv = process.env
): string[] {
  const urls = [sources.apiUrl, sources.testApiUrl, env.BNPL_API_URL, env.BNPL_API_URL_TEST]
  const hosts = urls
    .map((value) => (typeof value === "string" && value.trim() ? parseUrl(value.trim()) : undefined))
    .filter(isHttpUrl)
    .map((url) => url.hostname.toLowerCase())
  return [...new Set(hosts)]
}

/**
 * The rules in force: production from NODE_ENV; the allowed hosts from `apiHosts`, else
 * `BNPL_API_HOSTS`, else, in production only, the hosts of the configured service URLs (none
 * configured: no host at all, the admin cannot choose one). In development and tests, without a
 * list, any host (the local sandbox).
 */
export function serviceUrlRules(
  sources: ServiceUrlSources = {},
  env: NodeJS.ProcessEnv = process.env
): ServiceUrlRules {
  const production = isProductionEnv(env)
  const listed = allowedHostsFrom(sources.apiHosts, env)
  if (listed) {
    return { production, allowedHosts: listed }
  }
  return production
    ? { production, allowedHosts: configuredServiceHosts(sources, env), hostsFrom: "configured URLs" }
    : { production }
}

const bare = (hostname: string) => hostname.toLowerCase().replace(/^\[|\]$/g, "")

/** Whether `hostname` is one of `allowed` (exact names, or `*.example.com` for its subdomains). */
export const hostAllowed = (hostname: string, allowed: string[]) =>
  allowed.some((pattern) =>
    pattern.startsWith("*.")
      ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1
      : bare(hostname) === bare(pattern)
  )

/** An IPv4 address of the backend's own networks: this host, private, shared (CGNAT), link-local, "this network". */
function internalV4(address: string): boolean {
  const [a, b] = address.split(".").map(Number)
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  )
}

/**
 * A host of the backend's own network, by its address as written: localhost names, loopback,
 * private, shared and link-local IPv4, IPv6 loopback, unspecified, unique-local and link-local,
 * and IPv4 addresses mapped into IPv6. (The URL parser has already turned `0x7f.1` or
 * `2130706433` into `127.0.0.1`.)
 */
export function isInternalHost(hostname: string): boolean {
  const host = bare(hostname)
  if (isLocalHost(host)) {
    return true
  }
  const kind = isIP(host)
  if (kind === 4) {
    return internalV4(host)
  }
  if (kind !== 6) {
    return false
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host)
  if (mapped) {
    const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)]
    return internalV4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`)
  }
  return host === "::" || host === "::1" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host)
}

/** What the message says of the allowed hosts, and how to add one. */
function allowedHostsText(rules: ServiceUrlRules): string {
  const list = rules.allowedHosts?.length ? rules.allowedHosts.join(", ") : "none"
  return rules.hostsFrom === "configured URLs"
    ? `in production without apiHosts / BNPL_API_HOSTS, the key only goes to the hosts of this server's configured service URLs (apiUrl / testApiUrl, BNPL_API_URL / BNPL_API_URL_TEST: ${list}); to use another host, list the service's hosts in the option apiHosts or BNPL_API_HOSTS`
    : `the allowed service hosts are option apiHosts / BNPL_API_HOSTS: ${list}`
}

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
  if (rules.anyHost) {
    return undefined
  }
  const hostname = url.hostname.toLowerCase()
  // In production the backend's own network is never reached unless listed by its exact name:
  // neither a look-alike service nor a probe of internal ports (a wildcard does not list it).
  if (production && isInternalHost(hostname) && !rules.allowedHosts?.some((h) => bare(h) === bare(hostname))) {
    return `${name}: ${url.hostname} is an address of this server's own network (loopback or private): in production the key is only sent there when that exact name is listed (option apiHosts / BNPL_API_HOSTS; without them, the hosts of apiUrl / testApiUrl and BNPL_API_URL / BNPL_API_URL_TEST)`
  }
  if (rules.allowedHosts && !hostAllowed(hostname, rules.allowedHosts)) {
    return `${name}: the host ${url.hostname} is not one of the allowed service hosts (${allowedHostsText(rules)})`
  }
  return undefined
}
