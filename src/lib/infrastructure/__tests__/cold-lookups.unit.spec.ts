import {
  AnonymousLimits,
  ClientRateLimiter,
  coldLookupBudget,
  GlobalRateLimiter,
  MAX_CLIENT_KEY_LENGTH,
} from "../cold-lookups"

/**
 * What a product page may cost the service: a number of cold look-ups per client and window (in
 * a bounded map) and a cap per request. The clock is a variable: "a minute later" is immediate.
 */
let clock: { now: number }
beforeEach(() => {
  clock = { now: Date.parse("2026-11-23T10:00:00Z") }
})
const limiter = (limit = 60, maxClients = 100) =>
  new ClientRateLimiter({ limit, windowMs: 60_000, maxClients, now: () => clock.now })
const take = (l: ClientRateLimiter, client: string, n: number) =>
  Array.from({ length: n }, () => l.tryTake(client)).filter(Boolean).length

describe("ClientRateLimiter", () => {
  it("lets a client take `limit` look-ups in its window, then refuses until the window has passed", () => {
    const l = limiter()
    expect(take(l, "203.0.113.1", 100)).toBe(60)
    clock.now += 59_999
    expect(l.tryTake("203.0.113.1")).toBe(false)
    clock.now += 1
    expect(take(l, "203.0.113.1", 100)).toBe(60)
  })

  it("keeps each client apart", () => {
    const l = limiter(3)
    expect(take(l, "203.0.113.1", 5)).toBe(3)
    expect(take(l, "203.0.113.2", 5)).toBe(3)
    expect(l.tryTake("203.0.113.1")).toBe(false)
  })

  it("holds at most maxClients, forgetting the one seen longest ago", () => {
    const l = limiter(1, 2)
    l.tryTake("a")
    l.tryTake("b")
    l.tryTake("c")
    expect(l.size).toBe(2)
    // "b" and "c" are remembered (spent); "a" was forgotten and starts afresh.
    expect(l.tryTake("b")).toBe(false)
    expect(l.tryTake("c")).toBe(false)
    expect(l.tryTake("a")).toBe(true)
  })

  it("keeps a long key as its hash: one client, a bounded key", () => {
    const l = limiter(2)
    const long = `203.0.113.1${"a".repeat(16_000)}`
    expect(take(l, long, 5)).toBe(2)
    expect(l.tryTake(`203.0.113.1${"a".repeat(16_000)}`)).toBe(false)
    expect(l.tryTake(`203.0.113.1${"a".repeat(15_999)}b`)).toBe(true)
    expect([...(l as any).windows.keys()].every((k: string) => k.length <= MAX_CLIENT_KEY_LENGTH)).toBe(true)
  })

  it("gives back a look-up taken and not made", () => {
    const l = limiter(2)
    expect(l.tryTake("203.0.113.1")).toBe(true)
    l.giveBack("203.0.113.1")
    expect(take(l, "203.0.113.1", 5)).toBe(2)
    l.giveBack("203.0.113.9") // never seen: nothing to give back, nothing kept
    expect(l.size).toBe(1)
  })

  it("refuses nonsense options", () => {
    expect(() => new ClientRateLimiter({ limit: 0, windowMs: 60_000 })).toThrow(/limit/)
    expect(() => new ClientRateLimiter({ limit: 60, windowMs: 0 })).toThrow(/windowMs/)
    expect(() => new ClientRateLimiter({ limit: 60, windowMs: 60_000, maxClients: 0 })).toThrow(/maxClients/)
  })
})

describe("coldLookupBudget", () => {
  it("allows at most `perRequest` cold look-ups in one request", () => {
    const budget = coldLookupBudget({ perRequest: 10, limiter: limiter(), client: "203.0.113.1" })
    expect(Array.from({ length: 50 }, budget).filter(Boolean)).toHaveLength(10)
  })

  it("charges the client only for look-ups the request's cap allows", () => {
    const l = limiter(15)
    const first = coldLookupBudget({ perRequest: 10, limiter: l, client: "203.0.113.1" })
    expect(Array.from({ length: 50 }, first).filter(Boolean)).toHaveLength(10)
    // 5 left for this client this minute, whatever the next request's cap.
    const second = coldLookupBudget({ perRequest: 10, limiter: l, client: "203.0.113.1" })
    expect(Array.from({ length: 50 }, second).filter(Boolean)).toHaveLength(5)
    const other = coldLookupBudget({ perRequest: 10, limiter: l, client: "203.0.113.2" })
    expect(Array.from({ length: 50 }, other).filter(Boolean)).toHaveLength(10)
  })
})

describe("GlobalRateLimiter", () => {
  const global = (limit = 20) => new GlobalRateLimiter({ limit, windowMs: 1_000, now: () => clock.now })
  const takeAll = (g: GlobalRateLimiter, n: number) =>
    Array.from({ length: n }, () => g.tryTake()).filter(Boolean).length

  it("allows `limit` look-ups in any window, not twice that across a window's edge", () => {
    const g = global()
    clock.now += 900
    expect(takeAll(g, 100)).toBe(20)
    // 200 ms later a fixed window of whole seconds would start afresh; a sliding one does not.
    clock.now += 200
    expect(g.tryTake()).toBe(false)
    clock.now += 799
    expect(g.tryTake()).toBe(false)
    clock.now += 1
    expect(takeAll(g, 100)).toBe(20)
  })

  it("frees one look-up per look-up that left the window", () => {
    const g = global(3)
    for (let i = 0; i < 3; i++) {
      expect(g.tryTake()).toBe(true)
      clock.now += 400
    }
    // Grants at 0, 400, 800; now 1200: the first has left the window, the others not.
    expect(takeAll(g, 5)).toBe(1)
    clock.now += 200 // 1400: the grant at 400 has left too
    expect(takeAll(g, 5)).toBe(1)
  })

  it("in any second of a long run, never more than `limit`", () => {
    const g = global(20)
    const granted: number[] = []
    for (let i = 0; i < 10_000; i++) {
      clock.now += (i * 7919) % 13 // uneven steps, 0 to 12 ms
      if (g.tryTake()) granted.push(clock.now)
    }
    for (let i = 20; i < granted.length; i++) {
      expect(granted[i] - granted[i - 20]).toBeGreaterThanOrEqual(1_000)
    }
    expect(granted.length).toBeGreaterThan(20)
  })

  it("forgets its grants when cleared, and refuses nonsense options", () => {
    const g = global(1)
    expect(g.tryTake()).toBe(true)
    expect(g.tryTake()).toBe(false)
    g.clear()
    expect(g.tryTake()).toBe(true)
    expect(() => new GlobalRateLimiter({ limit: 0, windowMs: 1_000 })).toThrow(/limit/)
    expect(() => new GlobalRateLimiter({ limit: 1, windowMs: 0 })).toThrow(/windowMs/)
  })
})

describe("AnonymousLimits", () => {
  const limits = (perClient = 5, perProcess = 8) =>
    new AnonymousLimits({
      perClient: { limit: perClient, windowMs: 60_000, now: () => clock.now },
      perProcess: { limit: perProcess, windowMs: 1_000, now: () => clock.now },
    })

  it("a look-up goes when the client's and the process's limits both allow it", () => {
    const l = limits()
    expect(Array.from({ length: 10 }, () => l.tryTake("203.0.113.1")).filter(Boolean)).toHaveLength(5)
    expect(Array.from({ length: 10 }, () => l.tryTake("203.0.113.2")).filter(Boolean)).toHaveLength(3)
    expect(l.tryTake("203.0.113.3")).toBe(false)
  })

  it("a client over its own limit spends nothing of the process's", () => {
    const l = limits(2, 4)
    for (let i = 0; i < 50; i++) l.tryTake("203.0.113.1")
    expect(Array.from({ length: 10 }, () => l.tryTake("203.0.113.2")).filter(Boolean)).toHaveLength(2)
  })

  it("a client refused for the process's limit keeps its own allowance", () => {
    const l = limits(5, 3)
    for (let i = 0; i < 3; i++) expect(l.tryTake(`198.51.100.${i}`)).toBe(true)
    for (let i = 0; i < 20; i++) expect(l.tryTake("203.0.113.1")).toBe(false)
    clock.now += 1_000
    expect(Array.from({ length: 3 }, () => l.tryTake("203.0.113.1")).filter(Boolean)).toHaveLength(3)
    clock.now += 1_000
    // 5 in its minute in all: 3 before, 2 now.
    expect(Array.from({ length: 3 }, () => l.tryTake("203.0.113.1")).filter(Boolean)).toHaveLength(2)
  })

  it("clear() forgets both", () => {
    const l = limits(1, 1)
    expect(l.tryTake("a")).toBe(true)
    l.clear()
    expect(l.tryTake("a")).toBe(true)
  })

  it("serves as a request's budget", () => {
    const budget = coldLookupBudget({ perRequest: 10, limiter: limits(60, 4), client: "203.0.113.1" })
    expect(Array.from({ length: 50 }, budget).filter(Boolean)).toHaveLength(4)
  })
})

describe("shares of the process's allowance (issue 44, S3)", () => {
  it("no holder has more than maxShare of the window's grants; the others keep the rest", () => {
    const g = new GlobalRateLimiter({ limit: 8, windowMs: 1_000, maxShare: 3, now: () => clock.now })
    expect(Array.from({ length: 10 }, () => g.tryTake(["a"])).filter(Boolean)).toHaveLength(3)
    expect(Array.from({ length: 10 }, () => g.tryTake(["b"])).filter(Boolean)).toHaveLength(3)
    expect(Array.from({ length: 10 }, () => g.tryTake(["c"])).filter(Boolean)).toHaveLength(2)
    clock.now += 1_000
    expect(g.tryTake(["a"])).toBe(true)
    expect(() => new GlobalRateLimiter({ limit: 8, windowMs: 1_000, maxShare: 9 })).toThrow(/maxShare/)
    expect(() => new GlobalRateLimiter({ limit: 8, windowMs: 1_000, maxShare: 0 })).toThrow(/maxShare/)
  })

  it("a network is a level of its own and one share: its clients together cannot empty the process's", () => {
    const l = new AnonymousLimits({
      perClient: { limit: 10, windowMs: 60_000, now: () => clock.now },
      perNetwork: { limit: 12, windowMs: 60_000, now: () => clock.now },
      perProcess: { limit: 8, windowMs: 1_000, maxShare: 4, now: () => clock.now },
    })
    const take = (client: string, network: string, n: number) =>
      Array.from({ length: n }, () => l.tryTake(client, network)).filter(Boolean).length
    expect(take("a1", "net-a", 10) + take("a2", "net-a", 10)).toBe(4)
    expect(take("b1", "net-b", 10)).toBe(4)
    // The network's minute: 12 in all, however many of its clients ask.
    for (let s = 0; s < 5; s++) {
      clock.now += 1_000
      take(`a${s + 3}`, "net-a", 10)
    }
    expect(take("a9", "net-a", 1)).toBe(0)
    // Refused by its network, a client keeps its own allowance.
    expect(take("a9", "net-c", 1)).toBe(1)
  })
})
