import { BreakerRegistry } from "../circuit-breaker"
import { ClientRateLimiter } from "../cold-lookups"
import { boundedAnswerCache } from "../../eligibility/answer-cache"
import { ResponseTimesRegistry } from "../response-deadline"
import { forgetProcessMemory, keptInMemory } from "../process-memory"

describe("process memory", () => {
  it("forgets every registered store at once: answers, breakers, deadlines, rate windows", async () => {
    const answers = keptInMemory(boundedAnswerCache(10))
    const breakers = keptInMemory(new BreakerRegistry({ failureThreshold: 1, coolDownMs: 60_000 }))
    const deadlines = keptInMemory(new ResponseTimesRegistry())
    const clients = keptInMemory(new ClientRateLimiter({ limit: 1, windowMs: 60_000 }))

    await answers.set("eligibility:349", { eligible: true }, 60)
    breakers.get("account").recordFailure()
    expect(breakers.get("account").state).toBe("open")
    for (let i = 0; i < 10; i++) deadlines.get("account").record(10)
    expect(clients.tryTake("203.0.113.1")).toBe(true)
    expect(clients.tryTake("203.0.113.1")).toBe(false)

    expect(forgetProcessMemory()).toBeGreaterThanOrEqual(4)

    expect(await answers.get("eligibility:349")).toBeNull()
    expect(breakers.get("account").state).toBe("closed")
    expect(deadlines.get("account").count).toBe(0)
    expect(clients.tryTake("203.0.113.1")).toBe(true)
  })
})
