import { BlockList, isIPv4, isIPv6 } from "node:net"

/**
 * Who an anonymous request comes from, for the limits of the public routes (product pages,
 * payment outcome). Not Express's `req.ip`: Medusa sets `trust proxy` to 1, so `req.ip` is the
 * last `X-Forwarded-For` entry whoever wrote it, and a caller reaching the server directly could
 * name any client (a new one per request, or a victim). Here the client is the socket's address
 * unless the merchant declared the proxies in front of the store (`trustedProxies`): only then is
 * `X-Forwarded-For` read, and only as far as the declared proxies wrote it.
 */

/**
 * The plugin option `trustedProxies` (env `BNPL_TRUSTED_PROXIES`): the proxies in front of this
 * server, whose `X-Forwarded-For` entries are believed.
 * - a list of addresses, CIDR ranges and the names `"loopback"`, `"linklocal"`, `"uniquelocal"`
 *   (`["10.0.0.0/8", "loopback"]`): from the socket leftwards, each address in the list is a
 *   proxy, and the first one that is not is the client;
 * - a number of proxies (`2`: a CDN, then a load balancer): the client is that many entries from
 *   the socket, whoever they are (right only when nothing can reach this server but through them).
 * Default `[]`: no proxy, the client is the socket's address.
 */
export type TrustedProxies = string[] | number

/** The most proxies a hop count may name (more is certainly a mistake). */
export const MAX_PROXY_HOPS = 10

/** The names of address ranges, as Express's `trust proxy` knows them. */
export const PROXY_RANGE_NAMES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
}

/** The request as far as this module reads it (an Express/Medusa request is one). */
export type RequestLike = {
  socket?: { remoteAddress?: string } | null
  headers?: Record<string, string | string[] | undefined>
}

/**
 * An `X-Forwarded-For` entry as an address: some proxies write the client's port with it
 * (`203.0.113.9:50123`, `[2001:db8::1]:443`: Azure Application Gateway's default), which is not
 * part of who the client is. A bare IPv6 address keeps its last group (`2001:db8::1:443` is an
 * address).
 */
export function entryAddress(entry: string): string | undefined {
  const text = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)
  if (bracketed) return isIPv6(bracketed[1].split("%")[0]) ? normalizeAddress(bracketed[1]) : undefined
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d{1,5}$/.exec(text)
  return normalizeAddress(v4WithPort ? v4WithPort[1] : text)
}

/**
 * `"::ffff:10.0.0.1"` (or its hex form `::ffff:a00:1`) and NAT64's `64:ff9b::a00:1` → `"10.0.0.1"`:
 * an IPv4 client written as IPv6 is that IPv4 client (counted by its /64, all of them would
 * share one key). A zone (`fe80::1%eth0`) dropped; anything not an IP → undefined.
 */
export function normalizeAddress(text: string | undefined): string | undefined {
  if (!text) return undefined
  const address = text.trim()
  if (isIPv4(address)) return address
  const unzoned = address.split("%")[0]
  if (!isIPv6(unzoned)) return undefined
  const groups = ipv6Groups(unzoned)
  const embedsV4 =
    groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
      ? true
      : groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)
  if (embedsV4) {
    const [high, low] = [groups[6], groups[7]]
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
  }
  return unzoned.toLowerCase()
}

/** The 8 groups of a valid IPv6 address (zone dropped). */
function ipv6Groups(address: string): number[] {
  let text = address
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number)
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split("::")
  const left = head ? head.split(":") : []
  const right = tail ? tail.split(":") : []
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
  return groups.map((g) => parseInt(g, 16))
}

/**
 * The limits' key for an address: an IPv4 address as it is; an IPv6 address by its /64 (one
 * host is usually given a whole /64, 2^64 addresses: counted apart, each would be a client).
 * At most 40 characters, whatever was sent.
 */
export function clientKeyOf(address: string | undefined): string {
  const normalized = normalizeAddress(address)
  if (!normalized) return "unknown"
  if (isIPv4(normalized)) return normalized
  return `${ipv6Groups(normalized)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`
}

/**
 * The network an address belongs to, for the limits' second level: an IPv4 /24, an IPv6 /48
 * (what one holder is usually given: a site's /48 holds 65,536 /64s, each a client of its own).
 */
export function networkKeyOf(address: string | undefined): string {
  const normalized = normalizeAddress(address)
  if (!normalized) return "unknown"
  if (isIPv4(normalized)) return `${normalized.split(".").slice(0, 3).join(".")}.0/24`
  return `${ipv6Groups(normalized)
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`
}

/** Why `value` cannot be the `trustedProxies` option (named `name`); empty when it can. */
export function trustedProxiesProblems(value: unknown, name = "trustedProxies"): string[] {
  if (value === undefined) return []
  const shape = `${name} must be a number of proxies (0 to ${MAX_PROXY_HOPS}) or a list of addresses, CIDR ranges or "loopback", "linklocal", "uniquelocal", like ["10.0.0.0/8", "loopback"]`
  if (typeof value === "number") {
    return Number.isInteger(value) && value >= 0 && value <= MAX_PROXY_HOPS ? [] : [`${shape}, got ${value}`]
  }
  if (!Array.isArray(value)) {
    return [shape]
  }
  return value
    .filter((entry) => typeof entry !== "string" || !rangesOf(entry))
    .map((entry) => `${shape}: ${JSON.stringify(entry)} is none of these`)
}

/**
 * The start-up warning when the declared proxies cover every address (`0.0.0.0/0`, `::/0`): any
 * caller is then a proxy and writes its own client into `X-Forwarded-For`, a new one per request,
 * so only the per-process limits hold. Valid (a store reachable only through its proxies, in a
 * private network, may mean it), but never by accident: said once, at start-up.
 */
export function trustedProxiesWarning(value: unknown, name = "trustedProxies"): string | undefined {
  if (!Array.isArray(value)) return undefined
  const everyone = value.filter(
    (entry) => typeof entry === "string" && rangesOf(entry)?.some(([, prefix]) => prefix === 0)
  )
  if (!everyone.length) return undefined
  return `medusa-plugin-bnpl: ${name} lists ${everyone.map((e) => JSON.stringify(e)).join(", ")}, every address: any caller is then a trusted proxy and names its own client in X-Forwarded-For, so the per-client limits of product pages and the payment outcome do not hold (only the per-process ones). List your proxies' own addresses or ranges (e.g. ["10.0.0.0/8"]) or their number (e.g. 1).`
}

/** `BNPL_TRUSTED_PROXIES`: `"2"` (a number of proxies) or `"loopback, 10.0.0.0/8"`; empty → undefined. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies | undefined {
  const trimmed = text?.trim()
  if (!trimmed) return undefined
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  return trimmed
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** The ranges an entry of the list stands for, as `[network, prefix, family]`, or undefined when it is none. */
function rangesOf(entry: string): [string, number, "ipv4" | "ipv6"][] | undefined {
  const named = PROXY_RANGE_NAMES[entry.trim().toLowerCase()]
  if (named) return named.flatMap((range) => rangesOf(range)!)
  const [written, prefixText, ...rest] = entry.trim().split("/")
  const address = normalizeAddress(written)
  if (!address || rest.length || written.includes("%")) return undefined
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined
  const family = isIPv4(address) ? "ipv4" : "ipv6"
  const bits = family === "ipv4" ? 32 : 128
  // An IPv4-mapped IPv6 range (`::ffff:10.0.0.0/104`) is its IPv4 range (`10.0.0.0/8`).
  const mapped = family === "ipv4" && !isIPv4(written.trim())
  const prefix = prefixText === undefined ? bits : Number(prefixText) - (mapped ? 96 : 0)
  return prefix >= 0 && prefix <= bits ? [[address, prefix, family]] : undefined
}

type Trust = (address: string, hop: number) => boolean

/** Compiled trust rules, by the option's text (a handful of values in a process). */
const compiled = new Map<string, Trust>()

/** Whether the address `hop` steps from the socket (0: the socket) is a proxy. Bad entries trust nothing. */
function trustOf(trusted: TrustedProxies | undefined): Trust {
  if (trusted === undefined || (Array.isArray(trusted) && !trusted.length) || trusted === 0) return () => false
  if (typeof trusted === "number") {
    const hops = Number.isInteger(trusted) && trusted > 0 ? Math.min(trusted, MAX_PROXY_HOPS) : 0
    return (_address, hop) => hop < hops
  }
  const key = JSON.stringify(trusted)
  let trust = compiled.get(key)
  if (!trust) {
    const list = new BlockList()
    for (const entry of Array.isArray(trusted) ? trusted : []) {
      for (const [network, prefix, family] of (typeof entry === "string" && rangesOf(entry)) || []) {
        list.addSubnet(network, prefix, family)
      }
    }
    trust = (address) => list.check(address, isIPv4(address) ? "ipv4" : "ipv6")
    if (compiled.size >= 100) compiled.clear()
    compiled.set(key, trust)
  }
  return trust
}

/** The `X-Forwarded-For` entries of a request, nearest proxy's first (the last entry first). */
function forwardedFor(request: RequestLike): string[] {
  const header = request.headers?.["x-forwarded-for"]
  const text = Array.isArray(header) ? header.join(",") : (header ?? "")
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse()
}

/** The walk's end: the client's address, and the entry that ended it unread, if one did. */
type Walk = { address?: string; unreadable?: string }

function walk(request: RequestLike, trusted?: TrustedProxies): Walk {
  let address = normalizeAddress(request.socket?.remoteAddress ?? undefined)
  if (!address) return {}
  const trust = trustOf(trusted)
  if (!trust(address, 0)) return { address }
  // At most as many entries as could matter: a hop count's, or a few dozen proxies.
  const entries = forwardedFor(request).slice(0, typeof trusted === "number" ? trusted : 50)
  for (let hop = 1; hop <= entries.length; hop++) {
    const next = entryAddress(entries[hop - 1])
    if (!next) return { address, unreadable: entries[hop - 1] }
    address = next
    if (!trust(address, hop)) break
  }
  return { address }
}

/**
 * The client's address: the socket's, or, from it leftwards through `X-Forwarded-For`, the first
 * address that is not a trusted proxy (the leftmost when all are). An entry's port and brackets
 * are not part of the address (`entryAddress`); an entry that is not an IP address ends the
 * walk: the proxy before it is then the client (a caller cannot pick a key by writing text where
 * a proxy writes addresses). Undefined without a socket address.
 */
export const clientAddress = (request: RequestLike, trusted?: TrustedProxies): string | undefined =>
  walk(request, trusted).address

/** The limits' key of a request: its client's address (`clientAddress`), IPv6 by /64 (`clientKeyOf`). */
export const clientKey = (request: RequestLike, trusted?: TrustedProxies): string =>
  clientKeyOf(clientAddress(request, trusted))

/** A request's client and network keys (`clientKeyOf`, `networkKeyOf`), its address read once. */
export function clientKeys(request: RequestLike, trusted?: TrustedProxies): { client: string; network: string } {
  const address = clientAddress(request, trusted)
  return { client: clientKeyOf(address), network: networkKeyOf(address) }
}

let untrustedProxySaid = false
/**
 * The warning to log when a request came through a proxy (it carries `X-Forwarded-For`) that was
 * not declared: every client behind it then shares the proxy's allowance. Once per process (a
 * caller sending the header cannot fill the log).
 */
export function undeclaredProxyWarning(request: RequestLike, trusted?: TrustedProxies): string | undefined {
  if (untrustedProxySaid || !request.headers?.["x-forwarded-for"]) return undefined
  const socket = normalizeAddress(request.socket?.remoteAddress ?? undefined)
  if (!socket || trustOf(trusted)(socket, 0)) return undefined
  untrustedProxySaid = true
  return `BNPL: a storefront request came with X-Forwarded-For from ${socket}, not a declared proxy: the limits of the public routes (product-page plans, payment outcome) count every request from ${socket} as one client. If this server is behind a proxy or load balancer, set the plugin option trustedProxies (or BNPL_TRUSTED_PROXIES), e.g. ["${socket}"] or ["uniquelocal"]. Said once per process.`
}

let unreadableEntrySaid = false
/**
 * The warning to log when a declared proxy wrote an entry that is not an address: the walk stops
 * there and the proxy counts as the client of everyone behind it, which nothing else would show.
 * Once per process; the entry is quoted short (it may be anyone's text).
 */
export function unreadableEntryWarning(request: RequestLike, trusted?: TrustedProxies): string | undefined {
  if (unreadableEntrySaid || !request.headers?.["x-forwarded-for"]) return undefined
  const { address, unreadable } = walk(request, trusted)
  if (unreadable === undefined) return undefined
  unreadableEntrySaid = true
  return `BNPL: a declared proxy (trustedProxies) forwarded a storefront request with the X-Forwarded-For entry ${JSON.stringify(unreadable.slice(0, 60))}, which is not an address: the limits of the public routes count ${address} as the client of every request it forwards like that. Make the proxy write the client's bare address. Said once per process.`
}

/** What to log of a request's `X-Forwarded-For`, if anything (each warning once per process). */
export const forwardedForWarning = (request: RequestLike, trusted?: TrustedProxies): string | undefined =>
  undeclaredProxyWarning(request, trusted) ?? unreadableEntryWarning(request, trusted)
