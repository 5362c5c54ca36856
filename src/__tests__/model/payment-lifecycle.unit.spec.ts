// Medusa's own flows that need a whole Medusa run the model's stand-in of Medusa (medusa.ts).
jest.mock("@medusajs/medusa/core-flows", () => require("./core-flows-stand-in").coreFlowsWithMedusaStandIn())

import fs from "node:fs"
import path from "node:path"
import fc from "fast-check"
import { commandArbitraries, firstCheckout, type Model } from "./commands"
import { Harness, LIVE_KEY, START, type Config } from "./harness"
import { INVARIANTS, violations } from "./invariants"
import { REGRESSIONS } from "./regressions"

const { startSandbox } = require("../../../sandbox/server")

/**
 * Issue 30: a model-based test of a payment's whole life (checkout, the customer, completion,
 * notifications, cancel, fulfil, ship, deliver, refunds, the jobs, the clock, mode switches
 * and faults) over the plugin's real provider, subscribers, hook, jobs and workflows, Medusa's
 * side as Medusa 2.21 calls the provider (medusa.ts), and the service's sandbox over HTTP.
 * After each sequence the service is healthy again, the jobs run past their backoffs, and the
 * invariants (invariants.ts) must hold. A failure is shrunk to its smallest sequence.
 *
 * Bounded here (a fixed seed, MODEL_RUNS sequences, 40 by default: the unit part's share, about
 * 11 s of the test's clock where 150 took 42 s); `npm run model -- --runs N [--seed S]` is the
 * long form (2,000 by default). Found failures are kept in regressions.ts and always run first,
 * whatever MODEL_RUNS says.
 */
const RUNS = process.env.MODEL_RUNS !== undefined ? Number(process.env.MODEL_RUNS) : 40
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : 30_2026
/** Replays one run of the seed (fast-check's `path`, e.g. "211"), then shrinks it. */
const PATH = process.env.MODEL_PATH
/** MODEL_NO_REGRESSIONS=1: only the generated sequences (run indexes then match `path`). */
const KEPT = process.env.MODEL_NO_REGRESSIONS
  ? []
  : process.env.MODEL_REGRESSION // one of them, by index (with MODEL_RUNS=0: only it)
    ? [REGRESSIONS[Number(process.env.MODEL_REGRESSION)]]
    : REGRESSIONS.filter((r) => !r.open)
/** MODEL_INVARIANTS=1,2 (numbers in INVARIANTS, from 1): only those are checked (to shrink toward one finding). */
const ONLY = (process.env.MODEL_INVARIANTS ?? "")
  .split(",")
  .filter(Boolean)
  .map((n) => INVARIANTS[Number(n) - 1])
const MAX_COMMANDS = Number(process.env.MODEL_MAX_COMMANDS) || 40

jest.setTimeout(Number(process.env.MODEL_TIMEOUT_MS) || 30 * 60_000)

const configArb: fc.Arbitrary<Config> = fc.record({
  autoCapture: fc.constantFrom(true, true, false),
  triggerOn: fc.constantFrom<Config["triggerOn"]>("shipment", "shipment", "fulfillment"),
})

describe("a payment's whole life (model-based)", () => {
  let sandbox: any
  beforeAll(async () => {
    // Only Date is faked: the clock is the model's; timers, I/O and the sandbox run for real.
    jest.useFakeTimers({
      now: START,
      doNotFake: [
        "hrtime",
        "nextTick",
        "performance",
        "queueMicrotask",
        "requestAnimationFrame",
        "cancelAnimationFrame",
        "requestIdleCallback",
        "cancelIdleCallback",
        "setImmediate",
        "clearImmediate",
        "setInterval",
        "clearInterval",
        "setTimeout",
        "clearTimeout",
      ],
    })
    sandbox = await startSandbox({
      port: 0,
      autoNotify: false,
      merchants: {
        // The live account gives 14 days to start a payment at shipment (the default is 30).
        [LIVE_KEY]: { name: "Live Store", plans: { "3x": { trigger_limit_days: 14 } } },
      },
    })
  })
  afterAll(async () => {
    await sandbox?.close()
    jest.useRealTimers()
  })

  it("holds its invariants over every sequence, shrinking a failure to its smallest sequence", async () => {
    const started = performance.now()
    let sequences = 0
    let failure: string | undefined
    const property = fc.asyncProperty(
      configArb,
      firstCheckout,
      fc.commands(commandArbitraries, { maxCommands: MAX_COMMANDS, size: "max" }),
      async (config, first, rest) => {
        const cmds = [first, ...rest]
        sequences++
        const h = new Harness(sandbox, config)
        await fc.asyncModelRun(
          () => ({ model: { carts: 0, openCarts: 0, orders: 0, openOrders: 0 } as Model, real: h }),
          cmds
        )
        await h.settleDown()
        const found = (await violations(h)).filter((v) => ONLY.length === 0 || ONLY.some((i) => v.startsWith(`[${i}]`)))
        if (process.env.MODEL_TIMINGS) {
          fs.appendFileSync(process.env.MODEL_TIMINGS, h.timings.map(([c, ms]) => `${c}\t${ms.toFixed(1)}\n`).join(""))
        }
        if (process.env.MODEL_TRACE) {
          fs.appendFileSync(
            process.env.MODEL_TRACE,
            `=== ${JSON.stringify(config)} ${[...cmds].join(", ")}\n${h.trace.join("\n")}\n${found.join("\n")}\n`
          )
        }
        if (found.length && process.env.MODEL_COLLECT) {
          // Tuning aid: note what each failing sequence broke, and go on.
          fs.appendFileSync(
            process.env.MODEL_COLLECT,
            `${JSON.stringify({ run: sequences - 1, config, cmds: [...cmds].map(String), found })}\n`
          )
          return
        }
        if (found.length) {
          throw new Error(
            `${found.join("\n")}\n--- config ${JSON.stringify(config)}; what happened:\n${h.trace.join("\n")}`
          )
        }
      }
    )
    try {
      await fc.assert(property, {
        numRuns: RUNS + KEPT.length, // the kept regressions are the first runs
        seed: SEED,
        ...(PATH ? { path: PATH } : {}),
        examples: KEPT.map((r) => {
          const [first, ...rest] = r.commands()
          return [r.config, first, rest] as [Config, any, Iterable<any>]
        }),
      })
    } catch (e) {
      const cause = (e as any).cause
      failure = `${(e as Error).message}${cause ? `\n\nGot error: ${cause.message ?? cause}` : ""}`
      throw e
    } finally {
      const summary = {
        seed: SEED,
        runs: RUNS,
        regressions: KEPT.length,
        sequences,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        invariants: INVARIANTS,
        held: !failure,
        failure: failure?.slice(0, 20_000),
      }
      if (process.env.MODEL_SUMMARY)
        fs.writeFileSync(path.resolve(process.env.MODEL_SUMMARY), JSON.stringify(summary, null, 2))
    }
  })
})
