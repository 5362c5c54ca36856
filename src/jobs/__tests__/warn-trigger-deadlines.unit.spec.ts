import warnTriggerDeadlines, { config } from "../warn-trigger-deadlines"
import { memoryDb } from "../../__tests__/helpers/memory-db"
import { memoryMessages } from "../../__tests__/helpers/memory-messages"
import { plainContainer } from "../../__tests__/helpers/review-store"
import { awaitingShipment, keptLines } from "../../__tests__/helpers/deadline-orders"

const DAY = 86_400_000
const HOUR = 3_600_000

/**
 * The hourly deadline job's lines are what it is for: the merchant reads them in the logs. Each
 * pay-at-shipment order not started is warned once within three days of its deadline, and told
 * once (an error) that it passed; orders further away are not warned yet; deadlines the service
 * could not give are counted. The mutation run (docs/figures.md, "Mutation testing") found the
 * lines' words, the three-day window and the "once" untested (the review's test counts errors).
 */
describe("the deadline warnings (warn-trigger-deadlines)", () => {
  const NOW = Date.now()

  /** A placed pay-at-shipment order (`order_<n>`, payment `payment_<n>`) whose deadline is `inDays` away. */
  const order = (n: number, inDays: number | null, fields: Record<string, unknown> = {}) =>
    awaitingShipment(n, inDays === null ? null : new Date(NOW + inDays * DAY), {
      created_at: new Date(NOW - DAY),
      ...fields,
    })

  function store(rows: Record<string, unknown>[], displayIds: Record<string, number> = {}) {
    const db = memoryDb({ bnpl_payment: rows })
    const messages = memoryMessages()
    const { logger, logged } = keptLines()
    const container = plainContainer(db, {
      logger,
      query: {
        graph: async () => ({
          data: rows.map((r) => ({ id: r.order_id, display_id: displayIds[r.order_id as string], status: "pending" })),
        }),
      },
      bnpl: {
        ...messages,
        // An account whose plans cannot be read now (nothing listens there).
        getOptions: async () => ({ apiKey: "sk_live_deadlines", apiUrl: "http://127.0.0.1:9", mode: "live" }),
      },
    })
    const run = async (at: number) => {
      logged.length = 0
      await warnTriggerDeadlines(container, at)
      return [...logged]
    }
    return { db, messages, run }
  }
  const iso = (inDays: number) => new Date(NOW + inDays * DAY).toISOString()

  it("within three days: the warning, with the order's number and what is left; nothing further away", async () => {
    const { run } = store([order(1, 2), order(2, 3), order(3, 3.5), order(4, 30)], { order_1: 7 })
    expect(await run(NOW)).toEqual([
      `warn: BNPL pay-at-shipment order 7 (order_1) must ship before ${iso(2)} (2 day(s) left): its payment payment_1 starts only when it ships`,
      `warn: BNPL pay-at-shipment order order_2 (order_2) must ship before ${iso(3)} (3 day(s) left): its payment payment_2 starts only when it ships`,
    ])
  })

  it("a trigger the service refused: the warning says why", async () => {
    const { messages, run } = store([order(1, 2)], { order_1: 7 })
    messages.rows.push({
      id: "sync_trigger",
      order_id: "order_1",
      kind: "trigger",
      bnpl_payment_id: "payment_1",
      status: "failed",
      last_error: "The service refused the request (HTTP 400)",
      created_at: new Date(NOW - HOUR),
      deleted_at: null,
    })
    expect(await run(NOW)).toEqual([
      `warn: BNPL pay-at-shipment order 7 (order_1) must ship before ${iso(2)} (2 day(s) left): its payment payment_1 starts only when it ships; it was not started: The service refused the request (HTTP 400)`,
    ])
    // Passed: the error says why too.
    expect(await run(NOW + 3 * DAY)).toEqual([
      `error: BNPL pay-at-shipment order 7 (order_1): its deadline ${iso(2)} passed and its payment payment_1 was not started (The service refused the request (HTTP 400)): ship it or start the payment (admin: Orders to ship), or cancel the order`,
    ])
  })

  it("each warning once: near, then passed, then nothing; marked in the ledger at the run's time", async () => {
    const { db, run } = store([order(1, 2)], { order_1: 7 })
    expect(await run(NOW)).toHaveLength(1)
    expect(await run(NOW + HOUR)).toEqual([])
    expect(await run(NOW + 3 * DAY)).toEqual([
      `error: BNPL pay-at-shipment order 7 (order_1): its deadline ${iso(2)} passed and its payment payment_1 was not started: ship it or start the payment (admin: Orders to ship), or cancel the order`,
    ])
    expect(await run(NOW + 3 * DAY + HOUR)).toEqual([])
    expect(db.tables.bnpl_payment[0]).toMatchObject({
      deadline_warned_at: new Date(NOW),
      deadline_passed_warned_at: new Date(NOW + 3 * DAY),
    })
  })

  it("a deadline already passed when first seen: only the error, once", async () => {
    const { run } = store([order(1, -1)])
    expect(await run(NOW)).toEqual([
      `error: BNPL pay-at-shipment order order_1 (order_1): its deadline ${iso(-1)} passed and its payment payment_1 was not started: ship it or start the payment (admin: Orders to ship), or cancel the order`,
    ])
    expect(await run(NOW + HOUR)).toEqual([])
  })

  it("deadlines the service could not give are counted, and asked again the next hour", async () => {
    const { run } = store([order(1, null), order(2, 2)])
    const lines = await run(NOW)
    expect(lines[0]).toBe(
      "warn: BNPL: 1 pay-at-shipment order(s) without a deadline yet: the service did not give the account's plans; asked again next hour"
    )
    expect(lines).toHaveLength(2)
    // All known: no such line.
    const known = store([order(2, 2)])
    expect((await known.run(NOW)).filter((l) => l.includes("without a deadline"))).toEqual([])
  })

  it("Medusa runs it every hour, under its own name", () => {
    expect(config).toEqual({ name: "bnpl-warn-trigger-deadlines", schedule: "0 * * * *" })
  })
})
