/**
 * The hosted payment page's URL, as a storefront may send the customer there
 * (`window.location.assign`): `https:`, or `http:` on a local host (a development store and its
 * sandbox), and nothing else. A `javascript:` or `data:` URL would run script in the
 * storefront's origin; the store checks the service's answer already, and this is the last
 * check before the browser, whatever the store's version.
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/** `value` when it is a page the customer may be sent to, else undefined. */
export function hostedPageUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  const host = url.hostname.toLowerCase()
  const local = LOCAL_HOSTS.has(host) || host.endsWith(".localhost")
  return url.protocol === "https:" || (url.protocol === "http:" && local) ? value : undefined
}
