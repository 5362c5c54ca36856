import express from "express"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { resolveOptions, type ResolvedOptions } from "../../src/modules/bnpl/settings"
import type { TrustedProxies } from "../../src/lib/infrastructure/client-address"
import {
  COLD_LOOKUPS_PER_CLIENT,
  COLD_LOOKUPS_PER_PROCESS,
  COLD_LOOKUPS_PER_REQUEST,
} from "../../src/workflows/eligibility/utils/product-page-budget"
import { GET } from "../../src/api/store/bnpl/eligibility/route"
import { StoreEligibilityQuery } from "../../src/api/store/bnpl/eligibility/validators"

const { startSandbox } = require("../../sandbox/server")

/**
 * The product-page route (its real handler, in an Express app set up as Medusa's: `trust proxy`
 * 1) flooded with 1,000 requests, each naming a random client in `X-Forwarded-For` and asking 10
 * prices no one asked before, against the sandbox over HTTP: the service calls it sees are
 * counted. The limits' clock is the test's (`mockNow`): the process's cap is per second, and no
 * count here depends on how fast the machine sends the requests.
 */
let mockNow = 0
jest.mock("../../src/workflows/eligibility/utils/product-page-budget", () => {
  const actual = jest.requireActual("../../src/workflows/eligibility/utils/product-page-budget")
  const mockLimits = actual.productPageLimits(() => mockNow)
  return {
    ...actual,
    mockLimits,
    productPageBudget: (request: unknown, trusted: unknown) => actual.productPageBudget(request, trusted, mockLimits),
  }
})
const { mockLimits } = jest.requireMock("../../src/workflows/eligibility/utils/product-page-budget")

const KEY = "sk_test_active_0000000000000000"
const ELIGIBILITY = "/v1/payments/eligibility"

let sandbox: any
let server: Server
let baseUrl: string
let options: ResolvedOptions
const warnings: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoNotify: false })
  const quiet = () => undefined
  const logger = { warn: (m: string) => warnings.push(m), info: quiet, error: quiet, debug: quiet, log: quiet }
  const scope = {
    resolve: (key: string) => ({ bnpl: { getOptions: async () => options }, logger })[key as "bnpl" | "logger"] as any,
  }
  const app = express()
  app.set("trust proxy", 1) // Medusa's setting (@medusajs/framework's express-loader)
  app.get("/store/bnpl/eligibility", (req: any, res, next) => {
    req.scope = scope
    req.validatedQuery = StoreEligibilityQuery.parse(req.query)
    GET(req, res).catch(next)
  })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s))
  })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await sandbox?.close()
})

/** A seeded generator: the same "random" addresses every run. */
function random(seed: number) {
  let t = seed
  return () => {
    t = (t + 0x6d2b79f5) | 0
    let r = Math.imul(t ^ (t >>> 15), 1 | t)
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296
  }
}
/** A random public-looking address, IPv4 or IPv6 (its own /64), sometimes behind a forged entry. */
function randomClient(next: () => number): string {
  const byte = () => Math.floor(next() * 256)
  const group = () => Math.floor(next() * 65536).toString(16)
  const address =
    next() < 0.7
      ? `${1 + (byte() % 223)}.${byte()}.${byte()}.${byte()}`
      : `2001:${group()}:${group()}:${group()}::${group()}`
  return next() < 0.3 ? `${byte()}.${byte()}.${byte()}.${byte()}, ${address}` : address
}

/** 10 prices no earlier request asked: 100.00 to 199.99 EUR, one cent apart per request. */
let nextCents = 10_000
const freshAmounts = () =>
  Array.from({ length: COLD_LOOKUPS_PER_REQUEST }, () => (nextCents++ / 100).toFixed(2)).join(",")

const serviceCalls = () => sandbox.requests.filter((r: any) => r.path === ELIGIBILITY).length

/** One product-page request from `client` (its `X-Forwarded-For`): how many of its amounts were `rate_limited`. */
async function productPage(client: string): Promise<number> {
  const res = await fetch(`${baseUrl}/store/bnpl/eligibility?amounts=${freshAmounts()}&currency_code=eur`, {
    headers: { "x-forwarded-for": client },
  })
  expect(res.status).toBe(200)
  const { eligibilities } = (await res.json()) as any
  expect(eligibilities).toHaveLength(COLD_LOOKUPS_PER_REQUEST)
  return eligibilities.filter((e: any) => e.plans.every((p: any) => p.reasons?.service === "rate_limited")).length
}

/**
 * Sends `count` product-page requests, 10 at a time, each from a new random client in
 * `X-Forwarded-For`, the limits' clock moving `stepMs` before each 10; answers the service
 * calls they cost and how many amounts were answered `rate_limited`.
 */
async function flood(count: number, stepMs: number, seed: number) {
  const next = random(seed)
  const before = serviceCalls()
  let limited = 0
  for (let sent = 0; sent < count; sent += 10) {
    mockNow += stepMs
    const batch = Array.from({ length: Math.min(10, count - sent) }, () => productPage(randomClient(next)))
    for (const n of await Promise.all(batch)) limited += n
  }
  return { calls: serviceCalls() - before, limited }
}

function configure(trustedProxies?: TrustedProxies) {
  options = resolveOptions(
    { apiUrl: sandbox.url, apiKey: KEY, ...(trustedProxies !== undefined ? { trustedProxies } : {}) },
    {}
  )
}

beforeEach(() => {
  mockLimits.clear()
  mockNow = Date.parse("2026-11-28T10:00:00Z")
})

describe("1,000 product-page requests with random X-Forwarded-For values", () => {
  jest.setTimeout(60_000)

  it("reached directly (no proxy declared): they are one client, 60 look-ups a minute in all", async () => {
    configure()
    // 10 every 500 ms: the 1,000 requests take 50 s of the limits' clock, one client's minute.
    const { calls, limited } = await flood(1000, 500, 1)
    console.info(`no proxy declared: ${calls} service calls for 1,000 requests (10,000 cold amounts)`)
    expect(calls).toBe(COLD_LOOKUPS_PER_CLIENT.limit)
    expect(limited).toBe(10_000 - COLD_LOOKUPS_PER_CLIENT.limit)
    // The header came from a proxy no one declared: said once.
    expect(warnings.filter((w) => /X-Forwarded-For from .*not a declared proxy/.test(w))).toHaveLength(1)
  })

  it("behind a declared proxy (1,000 real clients): at most the process's cap a second", async () => {
    configure(["loopback"])
    // The clock stands still: every request in the same second.
    const { calls } = await flood(1000, 0, 2)
    console.info(`loopback declared, clock still: ${calls} service calls for 1,000 requests from 1,000 clients`)
    expect(calls).toBe(COLD_LOOKUPS_PER_PROCESS.limit)

    // A second later, 20 more; never more in any second, however the requests are spread.
    mockNow += 1_000
    expect((await flood(100, 0, 3)).calls).toBe(COLD_LOOKUPS_PER_PROCESS.limit)
    const spread = await flood(300, 100, 4) // 10 every 100 ms: 3 s of the clock
    console.info(`loopback declared, 3 s: ${spread.calls} service calls for 300 requests`)
    expect(spread.calls).toBeLessThanOrEqual(COLD_LOOKUPS_PER_PROCESS.limit * 3)
  })

  it("with a hop count (Medusa's own `trust proxy` 1, declared): the same cap", async () => {
    configure(1)
    const { calls } = await flood(1000, 0, 5)
    expect(calls).toBe(COLD_LOOKUPS_PER_PROCESS.limit)
  })
})
