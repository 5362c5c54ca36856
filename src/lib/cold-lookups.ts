/**
 * What anonymous product-page look-ups may cost the service. A "cold" look-up is one the
 * eligibility cache cannot answer, i.e. one that would cost service calls; only those are
 * counted, so a warm cache answers every visitor whatever the limits.
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
    const now = this.now()
    let window = this.windows.get(client)
    this.windows.delete(client)
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, used: 0 }
    }
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently seen.
    this.windows.set(client, window)
    while (this.windows.size > this.maxClients) {
      this.windows.delete(this.windows.keys().next().value as string)
    }
    if (window.used >= this.limit) {
      return false
    }
    window.used++
    return true
  }

  get size(): number {
    return this.windows.size
  }

  /** Forgets every client's window. */
  clear(): void {
    this.windows.clear()
  }
}

/**
 * One request's allowance of cold look-ups: at most `perRequest`, and each also taken from the
 * client's rate. The request's cap is checked first, so look-ups the request may not make
 * anyway do not use up the client's rate.
 */
export function coldLookupBudget(input: {
  perRequest: number
  limiter: ClientRateLimiter
  client: string
}): () => boolean {
  let left = input.perRequest
  return () => {
    if (left <= 0 || !input.limiter.tryTake(input.client)) {
      return false
    }
    left--
    return true
  }
}
