/**
 * A circuit breaker in front of a remote service: after `failureThreshold` consecutive failures
 * it opens, and every caller is answered "no" at once for `coolDownMs`; then exactly one probe
 * goes through (half-open) while the others are still answered "no"; the probe's success closes
 * it, its failure opens it for another cool-down. What counts as a failure is the caller's call
 * (for eligibility: only "the service is unavailable" — network, timeout, 5xx, 429).
 *
 * While it is open, a background probe (when `backgroundProbeIntervalMs` is given) repeats the
 * last request that went through it every interval; once the service answers one, the cool-down
 * is over and the next caller is let through at once as the probe, instead of waiting the rest
 * of the cool-down. The request is the caller's (`rememberRequest`); the timing is here.
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
  /**
   * While open, repeat the last request in the background this often (ms); none when not given.
   * A probe only runs within a cool-down (after it, the next caller probes anyway), so one
   * opening costs the service at most coolDownMs / interval background requests.
   */
  backgroundProbeIntervalMs?: number
  now?: () => number
  /** Runs `run` after `ms`; returns what cancels it. Default: an unref'd `setTimeout`. */
  schedule?: Schedule
}

/** `run` resolves when the probe it starts has ended (a test's schedule can wait for it). */
export type Schedule = (ms: number, run: () => Promise<void>) => () => void

/** A timer that never keeps the process alive: a background probe is not a reason to stay up. */
export const unrefTimer: Schedule = (ms, run) => {
  const timer = setTimeout(run, ms)
  timer.unref?.()
  return () => clearTimeout(timer)
}

/** A request repeated in the background: resolves true when the service answered (even "no"). */
export type BackgroundRequest = () => Promise<boolean>

export class CircuitBreaker {
  private readonly failureThreshold: number
  private readonly coolDownMs: number
  private readonly now: () => number
  private readonly probeIntervalMs?: number
  private readonly schedule: Schedule
  private state_: BreakerState = "closed"
  private failures = 0
  private openedAt = 0
  private probeStartedAt = 0
  /** A background probe was answered during this cool-down: it is over. */
  private answeredInBackground = false
  private lastRequest?: BackgroundRequest
  private cancelNextProbe?: () => void
  private probeInFlight = false
  private stopped = false

  constructor(options: BreakerOptions) {
    if (!Number.isInteger(options.failureThreshold) || options.failureThreshold < 1) {
      throw new Error(`failureThreshold must be a whole number >= 1, got ${options.failureThreshold}`)
    }
    if (!(options.coolDownMs >= 0)) {
      throw new Error(`coolDownMs must be >= 0, got ${options.coolDownMs}`)
    }
    const interval = options.backgroundProbeIntervalMs
    if (interval !== undefined && !(interval > 0)) {
      throw new Error(`backgroundProbeIntervalMs must be > 0, got ${interval}`)
    }
    this.failureThreshold = options.failureThreshold
    this.coolDownMs = options.coolDownMs
    this.now = options.now ?? Date.now
    this.probeIntervalMs = interval
    this.schedule = options.schedule ?? unrefTimer
  }

  get state(): BreakerState {
    return this.state_
  }

  /**
   * May a call go out now? Closed: yes. Open: no, until the cool-down has passed, then yes for
   * this one caller (the probe), or at once when a background probe was answered. Half-open: no
   * while the probe is out. A probe that never reported (its caller died) is given up after one
   * cool-down, and another probe is let through.
   */
  tryAcquire(): boolean {
    const now = this.now()
    if (this.state_ === "closed") {
      return true
    }
    if (this.state_ === "open") {
      if (!this.answeredInBackground && now - this.openedAt < this.coolDownMs) {
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

  /** The service answered: closes the breaker (and so ends its background probe). */
  recordSuccess(): void {
    this.state_ = "closed"
    this.failures = 0
    this.cancelProbe()
  }

  /** The service did not answer in time or failed: counts towards opening, re-opens after a failed probe. */
  recordFailure(): void {
    this.failures++
    if (this.state_ === "half_open" || this.failures >= this.failureThreshold) {
      this.state_ = "open"
      this.openedAt = this.now()
      this.answeredInBackground = false
      this.probeLater()
    }
  }

  /** The request a background probe repeats while the breaker is open: the last one that went out. */
  rememberRequest(request: BackgroundRequest): void {
    this.lastRequest = request
  }

  /** No more background probes (the breaker is forgotten); one in flight is ignored when it ends. */
  stop(): void {
    this.stopped = true
    this.cancelProbe()
  }

  /** One probe at a time: none while one is scheduled or in flight (a hung service holds one). */
  private probeLater(): void {
    if (this.probeIntervalMs === undefined || this.stopped || this.cancelNextProbe || this.probeInFlight) {
      return
    }
    this.cancelNextProbe = this.schedule(this.probeIntervalMs, () => {
      this.cancelNextProbe = undefined
      return this.probe()
    })
  }

  private cancelProbe(): void {
    this.cancelNextProbe?.()
    this.cancelNextProbe = undefined
  }

  /** Worth a request only while callers are still refused: open, cool-down running, not yet answered. */
  private get probeUseful(): boolean {
    return (
      !this.stopped &&
      this.state_ === "open" &&
      !this.answeredInBackground &&
      this.now() - this.openedAt < this.coolDownMs
    )
  }

  private async probe(): Promise<void> {
    const request = this.lastRequest
    if (!request || !this.probeUseful) {
      return
    }
    this.probeInFlight = true
    let answered = false
    try {
      answered = await request()
    } catch {
      // not answered
    }
    this.probeInFlight = false
    if (!this.probeUseful) {
      return
    }
    if (answered) {
      this.answeredInBackground = true
    } else {
      this.probeLater()
    }
  }
}

/**
 * One breaker per key (for eligibility: an account and a deferral group), at most `maxKeys` of
 * them: the least recently used is forgotten first (a forgotten breaker starts closed again, and
 * its background probe stops). So at most `maxKeys` background probes exist, one request each in
 * flight, and only for breakers opened within the last cool-down.
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
      const oldest = this.breakers.keys().next().value as string
      this.breakers.get(oldest)?.stop()
      this.breakers.delete(oldest)
    }
    return breaker
  }

  /** Forgets every breaker (they start closed again) and stops their background probes. */
  clear(): void {
    for (const breaker of this.breakers.values()) {
      breaker.stop()
    }
    this.breakers.clear()
  }

  get size(): number {
    return this.breakers.size
  }
}
