import express from "express"
import { runInNewContext } from "node:vm"
import { setFlagsFromString } from "node:v8"
import { ClientRateLimiter } from "../../../lib/infrastructure/cold-lookups"
import type { TrustedProxies } from "../../../lib/infrastructure/client-address"
import {
  COLD_LOOKUPS_PER_CLIENT,
  COLD_LOOKUPS_PER_REQUEST,
  productPageBudget,
  productPageLimits,
} from "../utils/product-page-budget"

/**
 * Security review: the product-page route passes Express's `req.ip` to `productPageBudget`.
 * Medusa sets `app.set("trust proxy", 1)` (@medusajs/framework/dist/http/express-loader.js), so
 * `req.ip` is the LAST entry of X-Forwarded-For whenever the header is present, whatever the
 * socket address. Same Express, same setting, no port bound.
 */
const app = express()
app.set("trust proxy", 1)

/** A request from `socket` with `headers`, as Medusa's Express makes it. */
function requestOf(headers: Record<string, string>, socket: string) {
  const req = Object.create(app.request)
  req.headers = headers
  req.socket = req.connection = { remoteAddress: socket }
  return req
}

/** `req.ip` as Medusa's Express computes it for a request from `socket` with `headers`. */
function ipOf(headers: Record<string, string>, socket: string): string {
  return requestOf(headers, socket).ip
}

/**
 * The limits' clock (adjusted from the review's repro, which used the process's limits on the
 * wall clock): a second passes before each request, so only the per-client windows (a minute)
 * bind here, never the process's cap of 20 a second (tested in integration-tests/http/product-page-flood.spec.ts).
 */
let now = 0
const limits = productPageLimits(() => now)

/**
 * One product-page request: how many of its `amounts` cold look-ups were allowed. (Adjusted from
 * the review's repro, which passed `ipOf(headers, socket)`: the budget now takes the request and
 * the merchant's `trustedProxies`, and reads the client from the socket itself.)
 */
function request(
  headers: Record<string, string>,
  socket: string,
  amounts = COLD_LOOKUPS_PER_REQUEST,
  trustedProxies?: TrustedProxies
): number {
  now += 1000
  const mayAsk = productPageBudget(requestOf(headers, socket), trustedProxies, limits)
  let allowed = 0
  for (let i = 0; i < amounts; i++) if (mayAsk()) allowed++
  return allowed
}

describe("security review: who the product-page 'client' is", () => {
  it("one attacker (one socket address) gets no more than 60 cold look-ups a minute by varying X-Forwarded-For", () => {
    const attacker = "198.51.100.10"
    let allowed = 0
    // 30 requests of 10 cold amounts, each naming another X-Forwarded-For address.
    for (let i = 0; i < 30; i++) {
      allowed += request({ "x-forwarded-for": `10.0.${i >> 8}.${i & 255}` }, attacker)
    }
    expect(allowed).toBeLessThanOrEqual(COLD_LOOKUPS_PER_CLIENT.limit)
  })

  it("an attacker cannot use up another customer's window by naming the customer's address", () => {
    const victim = "203.0.113.50"
    const attacker = "198.51.100.11"
    for (let i = 0; i < 6; i++) request({ "x-forwarded-for": victim }, attacker) // 60 look-ups "as" the victim
    // The victim's own first request of the minute (no proxy, no header): its plans are asked.
    expect(request({}, victim, 1)).toBe(1)
  })

  it("behind two proxies (CDN then load balancer) two customers do not share one window", () => {
    const lb = "10.1.0.2" // the socket address Medusa sees
    const edge = "192.0.2.77" // the CDN edge both customers came through
    // (Adjusted: the merchant declares both proxies, as README "Configuration" says to.)
    const trusted = ["10.0.0.0/8", "192.0.2.0/24"]
    for (let i = 0; i < 6; i++) request({ "x-forwarded-for": `198.51.100.12, ${edge}` }, lb, undefined, trusted)
    expect(request({ "x-forwarded-for": `203.0.113.51, ${edge}` }, lb, 1, trusted)).toBe(1)
  })
})

describe("security review: the limiter's memory", () => {
  it("10,000 remembered clients keep a few MB at most, whatever their X-Forwarded-For", () => {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as () => void
    const limiter = new ClientRateLimiter(COLD_LOOKUPS_PER_CLIENT) // product-page.ts's settings
    // Node's default header limit is 16 KiB: one X-Forwarded-For entry of ~16,000 characters.
    const pad = "a".repeat(16_000)
    const keyOf = (i: number) => ipOf({ "x-forwarded-for": `${i}${pad}` }, "198.51.100.13")
    expect(keyOf(1).length).toBeGreaterThan(16_000) // req.ip is the header's text, unchecked
    gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < COLD_LOOKUPS_PER_CLIENT.maxClients; i++) limiter.tryTake(keyOf(i))
    gc()
    const retainedMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024
    console.info(`limiter size ${limiter.size}, retained ${retainedMb.toFixed(0)} MB`)
    expect(retainedMb).toBeLessThan(20)
  })
})
