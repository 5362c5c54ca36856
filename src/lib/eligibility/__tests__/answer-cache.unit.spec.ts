import Redis from "ioredis"
import { boundedAnswerCache, isRedisCache } from "../answer-cache"

// Medusa's own cache module services, as a store loads them.

const InMemoryCacheService = require("@medusajs/cache-inmemory").default.service

const RedisCacheService = require("@medusajs/cache-redis").default.service

describe("boundedAnswerCache", () => {
  it("holds at most maxEntries answers however many distinct amounts are asked", async () => {
    const cache = boundedAnswerCache(1_000)
    for (let cents = 1; cents <= 20_000; cents++) {
      await cache.set(
        `bnpl:eligibility:scope:2026-11-23:eur:${cents}:3x,4x`,
        { purchase_amount: cents, plans: [] },
        300
      )
    }
    expect(cache.size).toBe(1_000)
    expect(await cache.get("bnpl:eligibility:scope:2026-11-23:eur:20000:3x,4x")).toEqual({
      purchase_amount: 20_000,
      plans: [],
    })
    expect(await cache.get("bnpl:eligibility:scope:2026-11-23:eur:1:3x,4x")).toBeNull()
  })

  it("keeps an answer for its time to live in seconds", async () => {
    let now = 0
    const cache = boundedAnswerCache(10, () => now)
    await cache.set("failed", { service_available: false }, 30)
    now = 29_999
    expect(await cache.get("failed")).toEqual({ service_available: false })
    now = 30_000
    expect(await cache.get("failed")).toBeNull()
  })
})

describe("isRedisCache", () => {
  it("is false for Medusa's in-memory cache module (an unbounded Map): answers then go to the bounded cache", () => {
    expect(isRedisCache(new InMemoryCacheService({}, {}))).toBe(false)
    expect(isRedisCache(undefined)).toBe(false)
  })

  it("is true for Medusa's Redis cache module (shared by every instance)", async () => {
    const connection = new Redis({ lazyConnect: true })
    try {
      expect(isRedisCache(new RedisCacheService({ cacheRedisConnection: connection }, {}))).toBe(true)
    } finally {
      connection.disconnect()
    }
  })
})
