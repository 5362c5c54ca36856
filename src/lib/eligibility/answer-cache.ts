import { BoundedCache } from "../infrastructure/bounded-cache"

/** What eligibility needs of a cache: Medusa's cache module (`ICacheService`) fits, and so does `boundedAnswerCache`. */
export type AnswerCache = {
  get<T>(key: string): Promise<T | null | undefined>
  set(key: string, value: unknown, ttlSeconds?: number): Promise<void>
}

/** An `AnswerCache` in this process holding at most `maxEntries` answers (least recently used go first). */
export function boundedAnswerCache(
  maxEntries: number,
  now?: () => number
): AnswerCache & { readonly size: number; clear(): void } {
  const entries = new BoundedCache<unknown>({ maxEntries, now })
  return {
    get: async <T>(key: string) => (entries.get(key) as T | undefined) ?? null,
    set: async (key: string, value: unknown, ttlSeconds = 0) => entries.set(key, value, ttlSeconds * 1000),
    get size() {
      return entries.size
    },
    clear: () => entries.clear(),
  }
}

/**
 * Medusa's Redis cache module (`@medusajs/cache-redis`): shared by every instance, bounded by
 * Redis itself (TTLs, `maxmemory`). Any other (the default `@medusajs/cache-inmemory` keeps
 * every key in an unbounded Map until its TTL) is not trusted to bound memory.
 */
export function isRedisCache(cache: unknown): boolean {
  if (!cache || typeof cache !== "object") {
    return false
  }
  const redis = (cache as { redis?: { get?: unknown } }).redis
  return cache.constructor?.name === "RedisCacheService" || typeof redis?.get === "function"
}

/**
 * The store's Redis cache when it has one (shared by every server and worker), else `local`
 * (bounded): Medusa's default in-memory cache keeps every key until its timer fires. `store`
 * resolves the store's cache module (it may have none, or fail to resolve).
 */
export function sharedOrLocalCache(store: () => unknown, local: AnswerCache): AnswerCache {
  try {
    const shared = store()
    return shared && isRedisCache(shared) ? (shared as AnswerCache) : local
  } catch {
    return local
  }
}
