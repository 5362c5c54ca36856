import { BreakerRegistry, CircuitBreaker, type BreakerOptions, type Schedule } from "../circuit-breaker"

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

/**
 * A clock and a timer queue moved by hand: `advance(ms)` runs what falls due, in order, and lets
 * the probes' promises settle.
 */
function fakeTime() {
  const clock = { now: 0 }
  const timers: { at: number; run: () => Promise<void>; cancelled: boolean }[] = []
  const schedule: Schedule = (ms, run) => {
    const timer = { at: clock.now + ms, run, cancelled: false }
    timers.push(timer)
    return () => {
      timer.cancelled = true
    }
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  const advance = async (ms: number) => {
    const to = clock.now + ms
    for (;;) {
      const due = timers.filter((t) => !t.cancelled && t.at <= to).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      timers.splice(timers.indexOf(due), 1)
      clock.now = due.at
      void due.run() // not awaited: a hung probe ends only when the test releases it
      await settle()
    }
    clock.now = to
    await settle()
  }
  return { clock, schedule, advance, pending: () => timers.filter((t) => !t.cancelled).length }
}

/** The service as the background probe sees it: answers (true), fails (false), or hangs until told. */
function fakeService() {
  const service = {
    answers: false,
    hang: false,
    calls: 0,
    inFlight: 0,
    maxInFlight: 0,
    release: [] as (() => void)[],
    request: async () => {
      service.calls++
      service.inFlight++
      service.maxInFlight = Math.max(service.maxInFlight, service.inFlight)
      if (service.hang) await new Promise<void>((resolve) => service.release.push(resolve))
      service.inFlight--
      return service.answers
    },
  }
  return service
}

describe("CircuitBreaker: the background probe", () => {
  const OPTIONS: BreakerOptions = { failureThreshold: 3, coolDownMs: 30_000, backgroundProbeIntervalMs: 5_000 }
  const setUp = (options: Partial<BreakerOptions> = {}) => {
    const time = fakeTime()
    const service = fakeService()
    const breaker = new CircuitBreaker({ ...OPTIONS, ...options, now: () => time.clock.now, schedule: time.schedule })
    breaker.rememberRequest(service.request)
    const open = () => {
      for (let i = 0; i < 3; i++) breaker.recordFailure()
    }
    return { ...time, service, breaker, open }
  }

  it("none while closed; opening schedules exactly one, an interval later", async () => {
    const { breaker, service, open, advance, pending } = setUp()
    breaker.recordFailure()
    breaker.recordFailure()
    expect(pending()).toBe(0)
    open()
    expect(pending()).toBe(1)
    await advance(4_999)
    expect(service.calls).toBe(0)
    await advance(1)
    expect(service.calls).toBe(1)
  })

  it("answered: the cool-down is over, the next caller goes through at once as the only probe", async () => {
    const { breaker, service, open, advance, pending } = setUp()
    open()
    service.answers = true
    await advance(5_000)
    expect(service.calls).toBe(1)
    expect(breaker.state).toBe("open")
    expect(pending()).toBe(0) // answered: no more background requests
    expect(breaker.tryAcquire()).toBe(true)
    expect(breaker.state).toBe("half_open")
    expect(breaker.tryAcquire()).toBe(false)
    breaker.recordSuccess()
    expect(breaker.state).toBe("closed")
  })

  it("not answered: repeated every interval while the breaker still refuses callers", async () => {
    const { breaker, service, open, advance } = setUp()
    open()
    await advance(5_000)
    expect(service.calls).toBe(1)
    expect(breaker.tryAcquire()).toBe(false)
    await advance(5_000)
    expect(service.calls).toBe(2)
    expect(breaker.tryAcquire()).toBe(false)
    service.answers = true
    await advance(5_000)
    expect(service.calls).toBe(3)
    expect(breaker.tryAcquire()).toBe(true)
  })

  it("only within the cool-down: at most coolDownMs / interval requests per opening, then callers probe", async () => {
    const { breaker, service, open, advance, pending } = setUp()
    open()
    await advance(60_000)
    expect(service.calls).toBe(5) // at 5, 10, ... 25 s; at 30 s the next caller is the probe anyway
    expect(pending()).toBe(0)
    expect(breaker.tryAcquire()).toBe(true)
    // That probe fails: opened again, and probed in the background again.
    breaker.recordFailure()
    await advance(5_000)
    expect(service.calls).toBe(6)
  })

  it("a failed caller probe after a background answer opens it for a new cool-down, probed again", async () => {
    const { breaker, service, open, advance } = setUp()
    open()
    service.answers = true
    await advance(5_000)
    expect(breaker.tryAcquire()).toBe(true)
    breaker.recordFailure()
    expect(breaker.state).toBe("open")
    expect(breaker.tryAcquire()).toBe(false)
    service.answers = false
    await advance(5_000)
    expect(service.calls).toBe(2)
    expect(breaker.tryAcquire()).toBe(false)
  })

  it("closing stops it", async () => {
    const { breaker, service, open, advance, pending } = setUp()
    open()
    await advance(5_000)
    expect(service.calls).toBe(1)
    breaker.recordSuccess() // e.g. a request sent before it opened answers late
    expect(pending()).toBe(0)
    await advance(60_000)
    expect(service.calls).toBe(1)
  })

  it("a hung service holds at most one probe in flight; the next goes an interval after it ends", async () => {
    const { breaker, service, open, advance } = setUp()
    service.hang = true
    open()
    await advance(5_000)
    // A request sent before it opened times out late: the breaker opens anew, still one probe out.
    breaker.recordFailure()
    await advance(15_000)
    expect(service.calls).toBe(1)
    expect(service.inFlight).toBe(1)
    service.release.shift()!()
    await advance(0)
    expect(service.inFlight).toBe(0)
    await advance(4_999)
    expect(service.calls).toBe(1)
    await advance(1)
    expect(service.calls).toBe(2)
    expect(service.maxInFlight).toBe(1)
  })

  it("stop() (the breaker forgotten) cancels the next probe and ignores one in flight", async () => {
    const { breaker, service, open, advance, pending } = setUp()
    service.hang = true
    open()
    await advance(5_000)
    expect(service.calls).toBe(1)
    breaker.stop()
    service.answers = true
    service.release.shift()!()
    await advance(0)
    expect(breaker.tryAcquire()).toBe(false) // its answer is not taken
    await advance(30_000)
    expect(service.calls).toBe(1)
    expect(pending()).toBe(0)
  })

  it("without a request to repeat, or without an interval, nothing is asked", async () => {
    const time = fakeTime()
    const breaker = new CircuitBreaker({ ...OPTIONS, now: () => time.clock.now, schedule: time.schedule })
    for (let i = 0; i < 3; i++) breaker.recordFailure()
    await time.advance(30_000)
    expect(breaker.tryAcquire()).toBe(true) // the plain cool-down
    const plain = setUp({ backgroundProbeIntervalMs: undefined })
    plain.open()
    expect(plain.pending()).toBe(0)
    expect(() => new CircuitBreaker({ ...OPTIONS, backgroundProbeIntervalMs: 0 })).toThrow(/backgroundProbeIntervalMs/)
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

  it("clear() and eviction stop the forgotten breakers' background probes", async () => {
    const time = fakeTime()
    const service = fakeService()
    const options = { failureThreshold: 1, coolDownMs: 30_000, backgroundProbeIntervalMs: 5_000 }
    const registry = new BreakerRegistry({ ...options, now: () => time.clock.now, schedule: time.schedule }, 2)
    for (const key of ["a", "b"]) {
      registry.get(key).rememberRequest(service.request)
      registry.get(key).recordFailure()
    }
    expect(time.pending()).toBe(2)
    registry.get("c") // "a" is evicted
    expect(time.pending()).toBe(1)
    registry.clear()
    expect(time.pending()).toBe(0)
    await time.advance(60_000)
    expect(service.calls).toBe(0)
  })
})
