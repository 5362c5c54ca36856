import { BoundedCache } from "../bounded-cache"

describe("BoundedCache", () => {
  it("never holds more than maxEntries, however many distinct keys are set", () => {
    const cache = new BoundedCache<string>({ maxEntries: 100 })
    for (let i = 0; i < 10_000; i++) {
      cache.set(`amount:${i}`, `answer ${i}`, 60_000)
      expect(cache.size).toBeLessThanOrEqual(100)
    }
    expect(cache.size).toBe(100)
    // The newest are kept, the oldest went first.
    expect(cache.get("amount:9999")).toBe("answer 9999")
    expect(cache.get("amount:9900")).toBe("answer 9900")
    expect(cache.get("amount:9899")).toBeUndefined()
    expect(cache.get("amount:0")).toBeUndefined()
  })

  it("evicts the least recently used entry, not the least recently set", () => {
    const cache = new BoundedCache<number>({ maxEntries: 2 })
    cache.set("a", 1, 60_000)
    cache.set("b", 2, 60_000)
    expect(cache.get("a")).toBe(1) // a is now the most recently used
    cache.set("c", 3, 60_000)
    expect(cache.get("b")).toBeUndefined()
    expect(cache.get("a")).toBe(1)
    expect(cache.get("c")).toBe(3)
  })

  it("forgets an entry once its time to live has passed", () => {
    let now = 1_000
    const cache = new BoundedCache<string>({ maxEntries: 10, now: () => now })
    cache.set("short", "x", 30_000)
    cache.set("long", "y", 300_000)
    now += 29_999
    expect(cache.get("short")).toBe("x")
    now += 1
    expect(cache.get("short")).toBeUndefined()
    expect(cache.size).toBe(1)
    expect(cache.get("long")).toBe("y")
  })

  it("replaces a key's value and time to live; a ttl of 0 stores nothing", () => {
    let now = 0
    const cache = new BoundedCache<string>({ maxEntries: 10, now: () => now })
    cache.set("k", "old", 1_000)
    cache.set("k", "new", 5_000)
    now = 2_000
    expect(cache.get("k")).toBe("new")
    cache.set("k", "gone", 0)
    expect(cache.get("k")).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it("refuses a bound that is not a positive whole number", () => {
    expect(() => new BoundedCache({ maxEntries: 0 })).toThrow(/maxEntries/)
    expect(() => new BoundedCache({ maxEntries: 1.5 })).toThrow(/maxEntries/)
  })
})
