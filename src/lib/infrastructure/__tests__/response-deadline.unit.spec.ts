import { MIN_ANSWERS, P99_MULTIPLE, ResponseTimes, ResponseTimesRegistry, WINDOW_SIZE } from "../response-deadline"

const rule = { floorMs: 250, ceilingMs: 1500 }
const answered = (...ms: number[]) => {
  const times = new ResponseTimes()
  ms.forEach((m) => times.record(m))
  return times
}
const repeat = (ms: number, n: number) => Array.from({ length: n }, () => ms)

describe("ResponseTimes", () => {
  it("waits the ceiling until enough answers are known", () => {
    expect(answered(...repeat(40, MIN_ANSWERS - 1)).deadline(rule)).toBe(1500)
    expect(answered(...repeat(40, MIN_ANSWERS - 1)).p99()).toBeUndefined()
  })

  it("waits a multiple of the p99, never under the floor", () => {
    expect(answered(...repeat(40, MIN_ANSWERS)).deadline(rule)).toBe(250) // 4 x 40 = 160 < floor
    expect(answered(...repeat(100, MIN_ANSWERS)).deadline(rule)).toBe(P99_MULTIPLE * 100)
  })

  it("never waits over the ceiling", () => {
    expect(answered(...repeat(900, MIN_ANSWERS)).deadline(rule)).toBe(1500)
  })

  it("counts one slow answer among the last ones (p99 of 50 is the slowest)", () => {
    const times = answered(...repeat(40, WINDOW_SIZE - 1), 300)
    expect(times.p99()).toBe(300)
    expect(times.deadline(rule)).toBe(1200)
  })

  it("forgets answers older than the window", () => {
    const times = answered(300, ...repeat(40, WINDOW_SIZE))
    expect(times.count).toBe(WINDOW_SIZE)
    expect(times.p99()).toBe(40)
  })
})

describe("ResponseTimesRegistry", () => {
  it("keeps one window per key, forgetting the least recently used past its size", () => {
    const registry = new ResponseTimesRegistry(2)
    registry.get("a").record(10)
    registry.get("b").record(20)
    registry.get("a")
    registry.get("c")
    expect(registry.get("a").count).toBe(1)
    expect(registry.get("b").count).toBe(0) // forgotten, started again
  })
})
