import { logger } from "@medusajs/framework/logger"
import type { MedusaContainer } from "@medusajs/framework/types"
import { BNPL_PROVIDER_ID, type StoreSetup } from "./store"

/**
 * The service fails in every way the sandbox can fail, while customers check out and the
 * merchant fulfils orders, through the real store and admin APIs. Then the service recovers,
 * the retry job runs, and the suite counts what matters (see scripts/lib/faults-table.js):
 *
 *   - cart mutations that failed (must be 0: a failing service never breaks a cart);
 *   - shipping syncs lost after recovery (must be 0): a fulfilled order whose latest shipping
 *     information the service never acknowledged;
 *   - duplicates (must be 0): more than one order per cart or payment per order, or the same
 *     shipping information processed again after the service's acceptance had reached the
 *     plugin (a re-send after an answer that never arrived — a timeout — is counted apart);
 *   - orders or authorized payments from forged or mismatched notifications (must be 0);
 *   - payments the customer made that ended without an order and were not refunded (must be
 *     0), counted over every service payment of every scenario once the settle job has run;
 *   - service calls made for forged notifications (must be 0);
 *   - orders (not cancelled) holding a payment the service shows refunds for that Medusa did not
 *     record, or whose ledger row was refunded or cancelled (must be 0);
 *   - cancelled orders whose payments (the order's, and every one its cart made) still hold the
 *     customer's money at the service, or are still open there (must be 0);
 *   - payments whose refunds Medusa recorded do not add up to the refunds the service made (must
 *     be 0): two refunds of one payment at once, half their answers lost, the merchant refunding
 *     again each one Medusa then failed and does not list;
 *   - service calls about a payment made with another account's key than the one that created
 *     it (must be 0): the store has two accounts, live (env) and test (admin settings), both
 *     served by the sandbox under different keys.
 *   - after the order (issue 19), per kind (order reference, tracking, status, pay-at-shipment
 *     trigger) under 503s, drops and lost answers: messages lost (must be 0) and duplicates
 *     (must be 0), in the same two columns; and pay-at-shipment orders picked up without a
 *     shipment (marked delivered) under 503s and lost answers: a payment never started counts as
 *     lost (handed over unpaid), a trigger processed again as a duplicate.
 *
 * The scenarios run in several files, integration-tests/http/faults-*.spec.ts (service faults,
 * notifications, accounts, refunds, after the order), each its own app; this file holds what
 * they share: the settings, the scenario table, the row. The operations are in
 * faults-journeys.ts, the recovery and the counts in faults-measure.ts, the suite's set-up and
 * report in faults-suite.ts.
 *
 * `npm test` runs the short form (FAULTS_ITERATIONS=1); `npm run faults` the long one
 * (scripts/faults.js). Each file prints its table after its last scenario. Also:
 * FAULTS_CONCURRENCY (customers at a time), FAULTS_REPORT (a directory: each file writes its rows
 * there as JSON, `<file>.json`), FAULTS_VERBOSE=1 (keep Medusa's and the plugin's logs of the
 * injected failures), FAULTS_DEBUG=1 (each operation's answer and time).
 *
 * Recovery uses the automatic path: the retry job (`src/jobs/retry-messages.ts`), called as
 * the scheduler calls it, after each pending sync's `next_attempt_at` is moved to now (the
 * backoff of minutes having elapsed); the admin's "push again" is never used. A sync counts as
 * delivered only if the sandbox logged a request it processed and answered with that very
 * payload.
 */

export const ITERATIONS = Math.max(1, Number.parseInt(process.env.FAULTS_ITERATIONS || "1", 10) || 1)
export const CONCURRENCY = Math.max(1, Number.parseInt(process.env.FAULTS_CONCURRENCY || "1", 10) || 1)
export const LONG_FORM = ITERATIONS > 1
/** The plugin's per-attempt timeout for service calls (option `timeoutMs`, default). */
export const CLIENT_TIMEOUT_MS = 10_000
/** What the plugin waits for plans while a cart is computed (option `eligibilityTimeoutMs`, default). */
export const CART_ELIGIBILITY_TIMEOUT_MS = 1_500
export const IPN_RETRY_DELAYS_MS = [200, 1000, 2000]
export const SIGNATURE_HEADER = "x-bnpl-signature"
/** The store's second account (test mode, admin settings); the live one is the env's TEST_API_KEY. */
export const TEST_MODE_KEY = "sk_test_faults_testmode_000000000000"

/** A 1 € product: a journey's quantities of it make every cart total unique, so no cached plans hide a fault. */
export const STICKER = { title: "Sticker", handle: "sticker", price: 1, description: "A small sticker." }

export type Row = {
  scenario: string
  operations: number
  cart_mutations_failed: number
  failures_seen: number
  syncs_lost: number
  duplicates: number
  resent_after_lost_answer: number
  forged_authorized: number
  paid_without_order: number
  order_holds_refunded: number
  cancelled_not_refunded: number
  /** Payments whose refunds Medusa recorded do not add up to the service's. */
  refunds_mismatched: number
  /** Payments differing between the service and Medusa that the reconciliation does not list. */
  drift_not_listed: number
  other_account_calls: number
  /** Hung service only: cart update p50 while the service hangs (after the first three) over healthy p50. */
  hung_over_healthy?: string
  forged_notification_calls: number
  seconds?: number
  notes: string[]
  error?: string
}

/** A cart driven in a scenario, with every service payment made for it. */
export type CartRun = {
  cartId?: string
  pids: string[]
  /** The payment the customer accepted on the hosted page. */
  acceptedPid?: string
  /** False for carts that must never become orders (mismatched amounts). */
  expectOrder?: boolean
}

export type Prepared = { orderId: string; pid: string; items: { id: string; quantity: number }[] }

export type FaultScenario = {
  name: string
  /** Sandbox faults in force from the start (first match wins). */
  faults?: Record<string, unknown>[]
  /** Merchant patch in force from the start. */
  merchant?: Record<string, unknown>
  /** Applied once, after the first customer has chosen instalments. */
  midRun?: { faults?: Record<string, unknown>[]; merchant?: Record<string, unknown> }
  /** Delays here exceed the client's timeout: a delayed call was processed but its answer lost. */
  answersLost?: boolean
  /** A variation run by the long form only (`npm run faults`). */
  longFormOnly?: boolean
}

export type Answer = { status: number; data: any }

/** What a file's scenarios work with (faults-suite.ts makes it): the app, the sandbox, the store. */
export type FaultContext = {
  api: any
  getContainer: () => MedusaContainer
  sandbox: () => any
  store: () => StoreSetup
  admin: () => { headers: Record<string, string> }
  /** Paid orders made before the first scenario (kept by the database template): fulfilled under faults. */
  prepared: Prepared[]
  /** Each journey's own quantity of stickers (a cart total no other cart has). */
  sequence: number
  /** The file's rows, one a scenario, for its table. */
  rows: Row[]
}

const everyCall = { path: "/v1/" }

export const FAULT_SCENARIOS: FaultScenario[] = [
  { name: "500 on every call (outage)", faults: [{ match: everyCall, status: 500 }] },
  {
    name: "500 on about half the calls",
    longFormOnly: true,
    faults: [{ match: everyCall, status: 500, ratio: 0.5, seed: 11 }],
  },
  {
    name: "outage (503) after the plan was chosen",
    midRun: { faults: [{ match: everyCall, status: 503 }] },
  },
  {
    name: "429 with Retry-After: 1",
    faults: [{ match: everyCall, status: 429, retryAfter: 1, ratio: 0.5, seed: 12 }],
  },
  { name: "429 without Retry-After", faults: [{ match: everyCall, status: 429, ratio: 0.5, seed: 13 }] },
  {
    name: "timeouts (answers later than the client waits)",
    answersLost: true,
    faults: [
      // A shipping push processed by the service, its answer later than the client waits.
      { match: { path: "/v1/payment/" }, delayMs: CLIENT_TIMEOUT_MS + 500, count: LONG_FORM ? 3 : 1 },
      // A payment read (completion, notification) as slow, in the long form only (10 s each).
      ...(LONG_FORM ? [{ match: { method: "GET", path: "/v1/payments/" }, delayMs: CLIENT_TIMEOUT_MS + 500, count: 2 }] : []),
      // Plans asked while a cart is computed: slower than the cart waits, half the time.
      { match: { path: "/v1/payments/eligibility" }, delayMs: CART_ELIGIBILITY_TIMEOUT_MS + 200, ratio: 0.5, seed: 14 },
    ],
  },
  { name: "connection resets", faults: [{ match: everyCall, drop: true, ratio: 0.5, seed: 15 }] },
  { name: "garbled JSON", faults: [{ match: everyCall, garble: true, ratio: 0.5, seed: 16 }] },
  { name: "wrong-shape answers", faults: [{ match: everyCall, wrongShape: true, ratio: 0.5, seed: 17 }] },
  { name: "inactive merchant", merchant: { activated: false } },
  { name: "API key revoked mid-run", midRun: { merchant: { revoked: true } } },
]

export const newRow = (scenario: string): Row => ({
  scenario,
  operations: 0,
  cart_mutations_failed: 0,
  failures_seen: 0,
  syncs_lost: 0,
  duplicates: 0,
  resent_after_lost_answer: 0,
  forged_authorized: 0,
  paid_without_order: 0,
  order_holds_refunded: 0,
  cancelled_not_refunded: 0,
  refunds_mismatched: 0,
  drift_not_listed: 0,
  other_account_calls: 0,
  forged_notification_calls: 0,
  notes: [],
})

export const short = (text: unknown) => String(text ?? "").replace(/\s+/g, " ").slice(0, 160)

export const ok = (a: Answer) => a.status === 200
export const placedOrder = (a: Answer) => a.status === 200 && a.data?.type === "order"

export const sessionOf = (a: Answer) =>
  a.data?.payment_collection?.payment_sessions?.find((s: any) => s.provider_id === BNPL_PROVIDER_ID)

/** Cents the service gave back. */
export const refundedCents = (payment: any): number => payment.refunds.reduce((sum: number, r: any) => sum + r.amount, 0)
/** Still open at the service: nothing charged, and not refused, stopped, cancelled or expired. */
export const openAtService = (payment: any) =>
  !charged(payment) && !payment.expired_at && !["scored_no", "stopped"].includes(payment.state)
/** Charged at the service: accepted, or instalments already collected. */
export const charged = (payment: any) =>
  ["in_progress", "paid"].includes(payment.state) || payment.payment_plan.some((i: any) => i.state === "paid")

/** Canonical JSON (key order does not matter). */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]))
      : v
  )

/** Medusa's logger (winston underneath), as the app under test uses it. */
export function setLogsSilent(silent: boolean) {
  const winston = (logger as any).loggerInstance_
  if (winston) winston.silent = silent
}

/** The middle value (p50) of some durations. */
export function median(values: number[]): number {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2)
}

/** Runs `fn(0..count-1)` with at most `concurrency` at a time; results in index order. */
export async function pool<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      results[i] = await fn(i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return results
}
