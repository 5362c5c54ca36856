/**
 * How long to wait for the service, learnt from how fast it answered lately: a multiple of the
 * recent p99, within a floor and a ceiling. A service that answers in 50 ms does not hold a
 * cart for the whole ceiling (1.5 s) when it hangs, and one that is slow but healthy keeps the
 * room it needs. Pure, in-process state (one window per account, surface and deferral group).
 */
export type DeadlineRule = {
  /** Never wait less (ms): a normal spread of answer times must fit. */
  floorMs: number
  /** Never wait more (ms): also the wait until enough answers are known. */
  ceilingMs: number
}

/** The floor when the merchant sets none (ms): a hung service costs a cart about this much. */
export const DEFAULT_DEADLINE_FLOOR_MS = 250
/** The deadline is this many times the recent p99. */
export const P99_MULTIPLE = 4
/** Answers remembered: with 50, the p99 is the slowest of them, so one slow answer counts. */
export const WINDOW_SIZE = 50
/** Fewer answers than this say too little: the ceiling applies. */
export const MIN_ANSWERS = 10

export class ResponseTimes {
  private readonly times: number[] = []

  /** An answer came after `ms` (a timed-out call is not an answer: its real time is unknown). */
  record(ms: number): void {
    this.times.push(Math.max(0, ms))
    if (this.times.length > WINDOW_SIZE) {
      this.times.shift()
    }
  }

  get count(): number {
    return this.times.length
  }

  /** The 99th percentile of the remembered answers (nearest rank), or undefined when too few. */
  p99(): number | undefined {
    if (this.times.length < MIN_ANSWERS) {
      return undefined
    }
    const sorted = [...this.times].sort((a, b) => a - b)
    return sorted[Math.ceil(0.99 * sorted.length) - 1]
  }

  deadline({ floorMs, ceilingMs }: DeadlineRule): number {
    const p99 = this.p99()
    if (p99 === undefined) {
      return ceilingMs
    }
    return Math.round(Math.min(ceilingMs, Math.max(floorMs, P99_MULTIPLE * p99)))
  }
}

/** One `ResponseTimes` per key, at most `maxKeys` (the least recently used is forgotten). */
export class ResponseTimesRegistry {
  private readonly windows = new Map<string, ResponseTimes>()

  constructor(private readonly maxKeys = 1000) {}

  /** Forgets every window (deadlines go back to the ceiling until answers are seen). */
  clear(): void {
    this.windows.clear()
  }

  get(key: string): ResponseTimes {
    const window = this.windows.get(key) ?? new ResponseTimes()
    this.windows.delete(key)
    this.windows.set(key, window)
    while (this.windows.size > this.maxKeys) {
      this.windows.delete(this.windows.keys().next().value as string)
    }
    return window
  }
}
