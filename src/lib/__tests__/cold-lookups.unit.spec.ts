import { ClientRateLimiter, coldLookupBudget } from "../cold-lookups"

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
