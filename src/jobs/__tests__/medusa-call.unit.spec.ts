import fs from "node:fs"
import path from "node:path"
import warnTriggerDeadlines from "../warn-trigger-deadlines"
import { memoryDb } from "../../__tests__/helpers/memory-db"
import { memoryMessages } from "../../__tests__/helpers/memory-messages"
import { plainContainer } from "../../__tests__/helpers/review-store"
import { awaitingShipment, keptLines } from "../../__tests__/helpers/deadline-orders"

const DAY = 86_400_000
const JOBS = path.join(__dirname, "..")

/**
 * Medusa calls a scheduled job's handler with its container and its own context
 * (`{ scheduledFor: Date }`), never with a time. The reconciliation and the deadline warnings
 * once took that context for a time (`now = Date.now()`): every scheduled run failed on an
 * invalid date, while the tests, which pass a time, passed.
 */
describe("the jobs as Medusa calls them", () => {
  it("a job's second parameter is Medusa's context or a time (jobTime), never a time alone", () => {
    const wrong = fs
      .readdirSync(JOBS)
      .filter((f) => f.endsWith(".ts"))
      .filter((f) => {
        const source = fs.readFileSync(path.join(JOBS, f), "utf8")
        const head = /export default async function \w+\(([^)]*)\)/.exec(source)?.[1] ?? ""
        const params = head
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean)
        return params.length > 1 && !/^\w+\??: JobTime$/.test(params[1])
      })
    expect(wrong).toEqual([])
  })

  it("the deadline warnings run for the time Medusa scheduled them", async () => {
    const now = Date.now()
    const db = memoryDb()
    db.tables.bnpl_payment.push(awaitingShipment(1, new Date(now + 2 * DAY)))
    const { logger, logged } = keptLines()
    const container = plainContainer(db, {
      logger,
      query: { graph: async () => ({ data: [{ id: "order_1", display_id: 7, status: "pending" }] }) },
      bnpl: memoryMessages(),
    })
    await warnTriggerDeadlines(container, { scheduledFor: new Date(now + 3 * DAY) })
    expect(logged.filter((l) => /passed/.test(l))).toHaveLength(1)
  })
})
