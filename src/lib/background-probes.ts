import type { CircuitBreaker } from "./circuit-breaker"

/**
 * While a breaker is open, one request at a time goes to the service in the background (per
 * breaker: account, surface, deferral group), every `intervalMs`, no cart waiting for it. When
 * one is answered, the breaker lets the next cart's request through at once (it is the probe
 * that closes it) instead of after the whole cool-down: a service back after 5 s costs carts
 * 5 s of hidden plans, not 30. Probing stops with an answer, when the breaker is no longer open,
 * or after `maxProbes`. In-process state; timers do not hold the process open.
 */
export class BackgroundProbes {
  private readonly running = new Set<string>()

  constructor(private readonly options: { intervalMs: number; maxProbes: number }) {}

  /** Starts probing for `key` unless it already is. */
  start(key: string, breaker: CircuitBreaker, probe: () => Promise<boolean>): void {
    if (this.running.has(key)) {
      return
    }
    this.running.add(key)
    let probes = 0
    const next = () => {
      const timer = setTimeout(async () => {
        probes++
        const answered = breaker.state === "open" ? await probe().catch(() => false) : false
        if (answered && breaker.state === "open") {
          breaker.recordBackgroundSuccess()
        }
        if (answered || breaker.state !== "open" || probes >= this.options.maxProbes) {
          this.running.delete(key)
          return
        }
        next()
      }, this.options.intervalMs)
      timer.unref?.()
    }
    next()
  }

  get size(): number {
    return this.running.size
  }
}
