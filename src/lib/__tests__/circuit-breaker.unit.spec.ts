import { BreakerRegistry, CircuitBreaker } from "../circuit-breaker"

const breakerAt = (clock: { now: number }, failureThreshold = 3, coolDownMs = 30_000) =>
  new CircuitBreaker({ failureThreshold, coolDownMs, now: () => clock.now })

describe("CircuitBreaker", () => {
  it("stays closed below the threshold; a success resets the count", () => {
    const clock = { now: 0 }
    const breaker = breakerAt(clock)
    for (let i = 0; i < 2; i++) {
      expect(breaker.tryAcquire()).toBe(true)
      breaker.recordFailure()
    }
    breaker.recordSuccess()
    for (let i = 0; i < 2; i++) {
      expect(breaker.tryAcquire()).toBe(true)
      breaker.recordFailure()
    }
    expect(breaker.state).toBe("closed")
    expect(breaker.tryAcquire()).toBe(true)
  })

  it("opens after the threshold of consecutive failures and refuses every call during the cool-down", () => {
    const clock = { now: 0 }
    const breaker = breakerAt(clock)
    for (let i = 0; i < 3; i++) {
      breaker.tryAcquire()
      breaker.recordFailure()
    }
    expect(breaker.state).toBe("open")
    for (const t of [0, 1_000, 29_999]) {
      clock.now = t
      expect(breaker.tryAcquire()).toBe(false)
    }
  })

  it("after the cool-down lets exactly one probe through; concurrent callers are refused while it is out", () => {
    const clock = { now: 0 }
    const breaker = breakerAt(clock)
    for (let i = 0; i < 3; i++) breaker.recordFailure()
    clock.now = 30_000
    expect(breaker.tryAcquire()).toBe(true)
    expect(breaker.state).toBe("half_open")
    expect(breaker.tryAcquire()).toBe(false)
    expect(breaker.tryAcquire()).toBe(false)
  })

  it("a successful probe closes it", () => {
    const clock = { now: 0 }
    const breaker = breakerAt(clock)
    for (let i = 0; i < 3; i++) breaker.recordFailure()
    clock.now = 30_000
    breaker.tryAcquire()
    breaker.recordSuccess()
    expect(breaker.state).toBe("closed")
    expect(breaker.tryAcquire()).toBe(true)
    expect(breaker.tryAcquire()).toBe(true)
    // And it takes the full threshold again to open it.
    breaker.recordFailure()
    breaker.recordFailure()
    expect(breaker.state).toBe("closed")
  })

  it("a failed probe opens it again for a whole cool-down", () => {
    const clock = { now: 0 }
    const breaker = breakerAt(clock)
    for (let i = 0; i < 3; i++) breaker.recordFailure()
    clock.now = 30_000
    breaker.tryAcquire()
    clock.now = 31_500
    breaker.recordFailure()
    expect(breaker.state).toBe("open")
    clock.now = 61_499
    expect(breaker.tryAcquire()).toBe(false)
    clock.now = 61_500
    expect(breaker.tryAcquire()).toBe(true)
  })

  it("a probe that never reports is given up after a cool-down, and one more probe goes", () => {
    const clock = { now: 0 }
    const breaker = breakerAt(clock)
    for (let i = 0; i < 3; i++) breaker.recordFailure()
    clock.now = 30_000
    expect(breaker.tryAcquire()).toBe(true)
    clock.now = 59_999
    expect(breaker.tryAcquire()).toBe(false)
    clock.now = 60_000
    expect(breaker.tryAcquire()).toBe(true)
    expect(breaker.tryAcquire()).toBe(false)
  })

  it("refuses nonsense options", () => {
    expect(() => new CircuitBreaker({ failureThreshold: 0, coolDownMs: 1 })).toThrow(/failureThreshold/)
    expect(() => new CircuitBreaker({ failureThreshold: 1, coolDownMs: -1 })).toThrow(/coolDownMs/)
  })
})

describe("BreakerRegistry", () => {
  it("keeps one breaker per key: an open one does not affect another key", () => {
    const registry = new BreakerRegistry({ failureThreshold: 1, coolDownMs: 30_000 })
    registry.get("account-a:d0-m0").recordFailure()
    expect(registry.get("account-a:d0-m0").tryAcquire()).toBe(false)
    expect(registry.get("account-a:d30-m0").tryAcquire()).toBe(true)
    expect(registry.get("account-b:d0-m0").tryAcquire()).toBe(true)
  })

  it("holds at most maxKeys breakers, forgetting the least recently used", () => {
    const registry = new BreakerRegistry({ failureThreshold: 1, coolDownMs: 30_000 }, 10)
    registry.get("kept").recordFailure()
    for (let i = 0; i < 100; i++) {
      registry.get(`k${i}`)
      registry.get("kept")
    }
    expect(registry.size).toBe(10)
    expect(registry.get("kept").tryAcquire()).toBe(false)
  })
})
