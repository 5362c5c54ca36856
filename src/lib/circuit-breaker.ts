/**
 * A circuit breaker in front of a remote service: after `failureThreshold` consecutive failures
 * it opens, and every caller is answered "no" at once for `coolDownMs`; then exactly one probe
 * goes through (half-open) while the others are still answered "no"; the probe's success closes
 * it, its failure opens it for another cool-down. What counts as a failure is the caller's call
 * (for eligibility: only "the service is unavailable" — network, timeout, 5xx, 429).
 *
 * In-process state: with several instances, each keeps its own breakers (each learns the service
 * is down from its own first few calls).
 */
export type BreakerState = "closed" | "open" | "half_open"

export type BreakerOptions = {
  /** Consecutive failures that open the breaker. */
  failureThreshold: number
  /** How long an open breaker answers "no" before letting one probe through. */
  coolDownMs: number
  now?: () => number
}

export class CircuitBreaker {
  private readonly failureThreshold: number
  private readonly coolDownMs: number
  private readonly now: () => number
  private state_: BreakerState = "closed"
  private failures = 0
  private openedAt = 0
  private probeStartedAt = 0

  constructor(options: BreakerOptions) {
    if (!Number.isInteger(options.failureThreshold) || options.failureThreshold < 1) {
      throw new Error(`failureThreshold must be a whole number >= 1, got ${options.failureThreshold}`)
    }
    if (!(options.coolDownMs >= 0)) {
      throw new Error(`coolDownMs must be >= 0, got ${options.coolDownMs}`)
    }
    this.failureThreshold = options.failureThreshold
    this.coolDownMs = options.coolDownMs
    this.now = options.now ?? Date.now
  }

  get state(): BreakerState {
    return this.state_
  }

  /**
   * May a call go out now? Closed: yes. Open: no, until the cool-down has passed, then yes for
   * this one caller (the probe). Half-open: no while the probe is out. A probe that never
   * reported (its caller died) is given up after one cool-down, and another probe is let through.
   */
  tryAcquire(): boolean {
    const now = this.now()
    if (this.state_ === "closed") {
      return true
    }
    if (this.state_ === "open") {
      if (now - this.openedAt < this.coolDownMs) {
        return false
      }
      this.state_ = "half_open"
      this.probeStartedAt = now
      return true
    }
    if (now - this.probeStartedAt >= Math.max(this.coolDownMs, 1)) {
      this.probeStartedAt = now
      return true
    }
    return false
  }

  /** The service answered: closes the breaker. */
  recordSuccess(): void {
    this.state_ = "closed"
    this.failures = 0
  }

  /** The service did not answer in time or failed: counts towards opening, re-opens after a failed probe. */
  recordFailure(): void {
    this.failures++
    if (this.state_ === "half_open" || this.failures >= this.failureThreshold) {
      this.state_ = "open"
      this.openedAt = this.now()
    }
  }
}

/**
 * One breaker per key (for eligibility: an account and a deferral group), at most `maxKeys` of
 * them: the least recently used is forgotten first (a forgotten breaker starts closed again).
 */
export class BreakerRegistry {
  private readonly breakers = new Map<string, CircuitBreaker>()

  constructor(
    private readonly options: BreakerOptions,
    private readonly maxKeys = 1000
  ) {}

  get(key: string): CircuitBreaker {
    let breaker = this.breakers.get(key)
    if (breaker) {
      this.breakers.delete(key)
    } else {
      breaker = new CircuitBreaker(this.options)
    }
    this.breakers.set(key, breaker)
    while (this.breakers.size > this.maxKeys) {
      this.breakers.delete(this.breakers.keys().next().value as string)
    }
    return breaker
  }

  /** Forgets every breaker (they start closed again). */
  clear(): void {
    this.breakers.clear()
  }

  get size(): number {
    return this.breakers.size
  }
}
