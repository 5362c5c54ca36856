import { createHash } from "node:crypto"

/**
 * What anonymous requests (product-page plans, the payment outcome) may cost the service. A
 * "cold" look-up is one no kept answer serves, i.e. one that would cost service calls; only those
 * are counted, so what is kept answers every visitor whatever the limits.
 */

export type ClientRateLimiterOptions = {
  /** Cold look-ups one client may make per window. */
  limit: number
  windowMs: number
  /** Clients remembered at most (least recently seen forgotten first): memory stays bounded. */
  maxClients?: number
  now?: () => number
}

/**
 * The longest client key kept as it is (an IPv6 /64 is 24 characters): a longer one is kept as
 * its SHA-256 (43 characters), so 10,000 clients take a few MB whatever their keys' length.
 */
export const MAX_CLIENT_KEY_LENGTH = 64
const boundedKey = (client: string) =>
  client.length <= MAX_CLIENT_KEY_LENGTH ? client : createHash("sha256").update(client).digest("base64url")

/**
 * A fixed window per client (starting at its first look-up after the previous window ended),
 * in a bounded map. A fixed window rather than a token bucket: a client's allowance does not
 * depend on how fast its own requests ran, only on when its window began.
 * A forgotten client starts afresh: with `maxClients` distinct clients seen in between, it
 * could have had more addresses anyway.
 */
export class ClientRateLimiter {
  private readonly limit: number
  private readonly windowMs: number
  private readonly maxClients: number
  private readonly now: () => number
  private readonly windows = new Map<string, { startedAt: number; used: number }>()

  constructor(options: ClientRateLimiterOptions) {
    const { limit, windowMs, maxClients = 10_000 } = options
    if (!Number.isInteger(limit) || limit < 1) {
      throw new Error(`limit must be a whole number >= 1, got ${limit}`)
    }
    if (!(windowMs > 0)) {
      throw new Error(`windowMs must be > 0, got ${windowMs}`)
    }
    if (!Number.isInteger(maxClients) || maxClients < 1) {
      throw new Error(`maxClients must be a whole number >= 1, got ${maxClients}`)
    }
    this.limit = limit
    this.windowMs = windowMs
    this.maxClients = maxClients
    this.now = options.now ?? Date.now
  }

  /** May this client make one more cold look-up now? Counts it when yes. */
  tryTake(client: string): boolean {
    const key = boundedKey(client)
    const now = this.now()
    let window = this.windows.get(key)
    this.windows.delete(key)
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, used: 0 }
    }
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently seen.
    this.windows.set(key, window)
    while (this.windows.size > this.maxClients) {
      this.windows.delete(this.windows.keys().next().value as string)
    }
    if (window.used >= this.limit) {
      return false
    }
    window.used++
    return true
  }

  /** Gives back the look-up just taken (`tryTake` said yes, then something else said no). */
  giveBack(client: string): void {
    const window = this.windows.get(boundedKey(client))
    if (window && window.used > 0) {
      window.used--
    }
  }

  get size(): number {
    return this.windows.size
  }

  /** Forgets every client's window. */
  clear(): void {
    this.windows.clear()
  }
}

export type GlobalRateLimiterOptions = {
  /** Cold look-ups this process may make in any `windowMs`, whoever the clients. */
  limit: number
  windowMs: number
  /**
   * The most of those look-ups any one holder (a client, a network) may have in the window:
   * without it, a few addresses, or one IPv6 /48's many /64s, could keep the whole allowance
   * and leave every other customer without. Default: no bound.
   */
  maxShare?: number
  /** Monotonic by default (`performance.now`): a wall clock set back does not stop look-ups. */
  now?: () => number
}

/**
 * At most `limit` look-ups in **any** `windowMs` (a sliding log of the last `limit` grants, not
 * fixed windows, which would allow twice the limit across a window's edge): what the service
 * sees from this process whatever the mix of clients, addresses or proxies. With `maxShare`, no
 * holder may have more than that many of the grants in the window. Memory: `limit` grants.
 */
export class GlobalRateLimiter {
  private readonly limit: number
  private readonly windowMs: number
  private readonly maxShare: number
  private readonly now: () => number
  /** The last `limit` grants, a ring: `next` is the oldest (or a free slot). */
  private readonly grants: { at: number; holders: string[] }[] = []
  private next = 0

  constructor(options: GlobalRateLimiterOptions) {
    const { limit, windowMs, maxShare = limit } = options
    if (!Number.isInteger(limit) || limit < 1) {
      throw new Error(`limit must be a whole number >= 1, got ${limit}`)
    }
    if (!(windowMs > 0)) {
      throw new Error(`windowMs must be > 0, got ${windowMs}`)
    }
    if (!Number.isInteger(maxShare) || maxShare < 1 || maxShare > limit) {
      throw new Error(`maxShare must be a whole number from 1 to limit, got ${maxShare}`)
    }
    this.limit = limit
    this.windowMs = windowMs
    this.maxShare = maxShare
    this.now = options.now ?? (() => performance.now())
  }

  /** May one more look-up go now, for these holders? Counts it when yes. */
  tryTake(holders: string[] = []): boolean {
    const now = this.now()
    const oldest = this.grants[this.next]
    if (oldest !== undefined && now - oldest.at < this.windowMs) {
      return false
    }
    // Every grant in the window is in the ring (at most `limit` of them): a scan of `limit` entries.
    if (this.maxShare < this.limit && holders.some((holder) => this.held(holder, now) >= this.maxShare)) {
      return false
    }
    this.grants[this.next] = { at: now, holders }
    this.next = (this.next + 1) % this.limit
    return true
  }

  private held(holder: string, now: number): number {
    return this.grants.filter((grant) => now - grant.at < this.windowMs && grant.holders.includes(holder)).length
  }

  clear(): void {
    this.grants.length = 0
    this.next = 0
  }
}

/**
 * A client's allowance, its network's and the process's, together: a look-up goes when all allow
 * it. The client's is asked first (a client over its own limit does not spend its network's or
 * the process's), and what was taken is given back when a later one says no (a client refused
 * for others' look-ups keeps its own). The network (IPv4 /24, IPv6 /48: what one holder usually
 * has) is a level of its own, and both the client and the network hold at most the process's
 * `maxShare` of its look-ups in any window.
 */
export class AnonymousLimits {
  readonly clients: ClientRateLimiter
  readonly networks: ClientRateLimiter | undefined
  readonly process: GlobalRateLimiter

  constructor(options: {
    perClient: ClientRateLimiterOptions
    perNetwork?: ClientRateLimiterOptions
    perProcess: GlobalRateLimiterOptions
  }) {
    this.clients = new ClientRateLimiter(options.perClient)
    this.networks = options.perNetwork && new ClientRateLimiter(options.perNetwork)
    this.process = new GlobalRateLimiter(options.perProcess)
  }

  /** `network`: the client's network key (`networkKeyOf`); without one, the client is its own network. */
  tryTake(client: string, network = client): boolean {
    if (!this.clients.tryTake(client)) {
      return false
    }
    if (this.networks && !this.networks.tryTake(network)) {
      this.clients.giveBack(client)
      return false
    }
    if (!this.process.tryTake([`client ${client}`, `network ${network}`])) {
      this.clients.giveBack(client)
      this.networks?.giveBack(network)
      return false
    }
    return true
  }

  clear(): void {
    this.clients.clear()
    this.networks?.clear()
    this.process.clear()
  }
}

/**
 * One request's allowance of cold look-ups: at most `perRequest`, and each also taken from the
 * client's rate (and the process's, with `AnonymousLimits`). The request's cap is checked first,
 * so look-ups the request may not make anyway do not use up the client's rate.
 */
export function coldLookupBudget(input: {
  perRequest: number
  limiter: { tryTake(client: string, network?: string): boolean }
  client: string
  network?: string
}): () => boolean {
  let left = input.perRequest
  return () => {
    if (left <= 0 || !input.limiter.tryTake(input.client, input.network)) {
      return false
    }
    left--
    return true
  }
}
