/**
 * Where the customer may be sent: the hosted payment page's URL in the service's creation answer.
 * Storefronts hand it to `window.location.assign`, so a `javascript:` or `data:` URL would run
 * script in the storefront's origin, written by whoever answers at the service URL: only an
 * http(s) page, on the service's own hosts, is one. The storefront kit checks the scheme again
 * (storefront/src/hosted-page.ts), the last step before the browser.
 */
import { hostAllowed, isLocalHost, isProductionEnv, parseUrl, type ServiceUrlRules } from "./service-url"

/**
 * Why `value` cannot be the hosted page, or undefined: `https:` (`http:` only on a local host,
 * outside production or on the service URL's own local host, which production already lets the
 * key reach over http: the sandbox), no user name or password, and, when the store's rules list
 * the allowed service hosts (`apiHosts` / `BNPL_API_HOSTS`, in production the configured service
 * URLs' hosts), the service URL's own host or one of those. Without a list (development, tests,
 * or a client given no rules), any host.
 */
export function hostedPageUrlProblem(
  value: unknown,
  serviceUrl: string,
  rules: ServiceUrlRules = {}
): string | undefined {
  const url = typeof value === "string" && value.length <= 2048 ? parseUrl(value) : undefined
  if (!url) {
    return "the hosted page's url is not a URL of at most 2048 characters"
  }
  const production = rules.production ?? isProductionEnv()
  const service = parseUrl(serviceUrl)
  const own = service?.hostname.toLowerCase()
  const host = url.hostname.toLowerCase()
  const localHttp =
    url.protocol === "http:" && isLocalHost(host) && (!production || (host === own && service?.protocol === "http:"))
  if (url.protocol !== "https:" && !localHttp) {
    return `the hosted page's url must be an https: URL (http: only on a local host outside production), got scheme ${JSON.stringify(url.protocol.slice(0, 20))}`
  }
  if (url.username || url.password) {
    return "the hosted page's url must not carry a user name or password"
  }
  if (rules.anyHost || !rules.allowedHosts) {
    return undefined
  }
  if (host === own || hostAllowed(host, rules.allowedHosts)) {
    return undefined
  }
  return `the hosted page's host ${url.hostname} is neither the service's (${own ?? "none"}) nor one of the allowed service hosts (apiHosts / BNPL_API_HOSTS)`
}
