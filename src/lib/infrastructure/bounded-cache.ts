/**
 * A least-recently-used map with a fixed number of entries, each with its own time to live.
 * Memory stays bounded whatever the keys: past `maxEntries`, the entry used longest ago goes.
 * Expired entries are dropped when read (and pushed out by newer ones like any other).
 */
export class BoundedCache<V> {
  readonly maxEntries: number
  private readonly entries = new Map<string, { value: V; expiresAt: number }>()
  private readonly now: () => number

  constructor(options: { maxEntries: number; now?: () => number }) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) {
      throw new Error(`maxEntries must be a whole number >= 1, got ${options.maxEntries}`)
    }
    this.maxEntries = options.maxEntries
    this.now = options.now ?? Date.now
  }

  get size(): number {
    return this.entries.size
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) {
      return undefined
    }
    this.entries.delete(key)
    if (entry.expiresAt <= this.now()) {
      return undefined
    }
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry)
    return entry.value
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key)
    if (!(ttlMs > 0)) {
      return
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs })
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string
      this.entries.delete(oldest)
    }
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }
}
