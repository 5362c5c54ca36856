import { BackgroundProbes } from "../background-probes"
import { CircuitBreaker } from "../circuit-breaker"

/** Breakers on a clock that does not move: only a background answer can shorten the cool-down. */
const openBreaker = () => {
  const breaker = new CircuitBreaker({ failureThreshold: 1, coolDownMs: 30_000, now: () => 1_000_000 })
  breaker.recordFailure()
  return breaker
}
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5))
}

describe("BackgroundProbes", () => {
  it("lets the next caller through once a background probe was answered, the breaker closing on that caller's answer", async () => {
    const breaker = openBreaker()
    expect(breaker.tryAcquire()).toBe(false)
    const probes = new BackgroundProbes({ intervalMs: 1, maxProbes: 5 })
    let calls = 0
    probes.start("acct:cart:3", breaker, async () => ++calls >= 2) // the second probe is answered
    await until(() => probes.size === 0)
    expect(calls).toBe(2)
    expect(breaker.state).toBe("open")
    expect(breaker.tryAcquire()).toBe(true) // the probe, long before the 30 s cool-down
    expect(breaker.tryAcquire()).toBe(false) // one at a time
    breaker.recordSuccess()
    expect(breaker.state).toBe("closed")
  })

  it("keeps the breaker open while no probe is answered, and stops after maxProbes", async () => {
    const breaker = openBreaker()
    const probes = new BackgroundProbes({ intervalMs: 1, maxProbes: 3 })
    let calls = 0
    probes.start("acct:cart:3", breaker, async () => {
      calls++
      return false
    })
    probes.start("acct:cart:3", breaker, async () => true) // already probing: not a second one
    await until(() => probes.size === 0)
    expect(calls).toBe(3)
    expect(breaker.tryAcquire()).toBe(false)
  })

  it("stops once the breaker is no longer open", async () => {
    const breaker = openBreaker()
    const probes = new BackgroundProbes({ intervalMs: 1, maxProbes: 5 })
    let calls = 0
    breaker.recordSuccess()
    probes.start("acct:cart:3", breaker, async () => ++calls > 0)
    await until(() => probes.size === 0)
    expect(calls).toBe(0)
  })
})
