import { buildRegexpIfValid } from "@medusajs/framework/utils"
import { isHttpUrl, parseUrl } from "../../client/service-url"

/** Longest return or cancel URL a storefront may give (browsers and the service cope with it). */
export const MAX_REDIRECT_URL_LENGTH = 2048

const originOf = (url: string) => parseUrl(url)?.origin

/**
 * Where the hosted page may send the customer back: the origin of the configured `returnUrl`
 * (and `cancelUrl`), and the store's CORS origins (`http.storeCors`: exact origins, or
 * `/regex/` entries as Medusa itself reads them).
 */
export function allowedRedirectOrigins(input: { storeCors?: string; returnUrl?: string; cancelUrl?: string }) {
  const exact = new Set<string>()
  const patterns: RegExp[] = []
  for (const url of [input.returnUrl, input.cancelUrl]) {
    const origin = url && originOf(url)
    if (origin) exact.add(origin)
  }
  for (const entry of (input.storeCors ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const pattern = buildRegexpIfValid(entry)
    if (pattern) {
      patterns.push(pattern)
    } else {
      const origin = originOf(entry)
      if (origin) exact.add(origin)
    }
  }
  return { exact, patterns }
}

export type RedirectOrigins = ReturnType<typeof allowedRedirectOrigins>

/**
 * Why a storefront's `return_url` / `customer_cancel_url` cannot be used (the hosted page would
 * send the customer there: an open redirect otherwise), or undefined.
 */
export function redirectUrlProblem(field: string, value: unknown, allowed: RedirectOrigins): string | undefined {
  if (typeof value !== "string" || !value) {
    return `data.${field} must be a URL of your storefront, like https://shop.example.com/checkout/bnpl-return`
  }
  if (value.length > MAX_REDIRECT_URL_LENGTH) {
    return `data.${field} is longer than ${MAX_REDIRECT_URL_LENGTH} characters`
  }
  const url = parseUrl(value)
  if (!url) {
    return `data.${field} must be an absolute http(s) URL of your storefront`
  }
  if (!isHttpUrl(url)) {
    return `data.${field} must be an http(s) URL of your storefront`
  }
  if (url.username || url.password) {
    return `data.${field} must not carry a user name or password`
  }
  if (!allowed.exact.has(url.origin) && !allowed.patterns.some((p) => p.test(url.origin))) {
    return (
      `data.${field} must be on your storefront: its origin ${url.origin} is neither the returnUrl option's nor one of the store's CORS origins. ` +
      `Add ${url.origin} to STORE_CORS (http.storeCors in medusa-config.ts) and restart the server, or set the plugin's returnUrl option to a page on it`
    )
  }
  return undefined
}
