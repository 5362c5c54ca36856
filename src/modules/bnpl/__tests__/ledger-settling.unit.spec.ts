import { accountFingerprint } from "../../../client"
import { memoryDb } from "../../../__tests__/helpers/memory-db"
import { MAX_SETTLE_ATTEMPTS, settleBackoffMs, type LedgerRow } from "../ledger"
import {
  markSettled,
  markSettleFailed,
  markUnknownToAccount,
  paymentsToSettle,
  retryAfterAccountChange,
} from "../ledger-settling"

/**
 * The settling's statements (ledger-settling.ts) on the unit tests' PostgreSQL stand-in: each
 * moves the rows it names and leaves the others (another payment's, a deleted one, one in
 * another status or of another account).
 */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute))
const NOW = at(60).getTime()

let n = 0
function row(fields: Record<string, unknown>): Record<string, unknown> {
  n++
  return {
    id: `bnplpay_${n}`,
    bnpl_payment_id: `pid_${n}`,
    session_id: `payses_${n}`,
    status: "to_settle",
    mode: "live",
    attempts: 0,
    last_error: null,
    failed_account: null,
    next_attempt_at: null,
    settled_at: null,
    refunded_amount: null,
    reason: "expired",
    order_id: null,
    created_at: at(0),
    updated_at: at(0),
    deleted_at: null,
    ...fields,
  }
}
function ledger(rows: Record<string, unknown>[]) {
  const db = memoryDb({ bnpl_payment: rows })
  return { ...db, get: (id: string) => db.tables.bnpl_payment.find((r) => r.id === id)! }
}
const LIVE = { apiKey: "sk_live_1", apiUrl: "https://bnpl.example" }
const OTHER_LIVE = { apiKey: "sk_live_2", apiUrl: "https://bnpl.example" }

describe("the settling's statements (ledger-settling.ts)", () => {
  it("markSettled: a payment being settled (to settle or failed), with what was refunded", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", deleted_at: at(1) }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a", last_error: "x", failed_account: "f", next_attempt_at: at(2) }),
      row({ id: "bnplpay_f", bnpl_payment_id: "pid_f", status: "failed", last_error: "x" }),
      row({ id: "bnplpay_o", bnpl_payment_id: "pid_o", status: "ordered", order_id: "order_1" }),
      row({ id: "bnplpay_other", bnpl_payment_id: "pid_other" }),
    ])
    await markSettled(knex, "pid_a", "refunded", 3000)
    expect(get("bnplpay_a")).toMatchObject({
      status: "refunded",
      refunded_amount: 3000,
      next_attempt_at: null,
      last_error: null,
      failed_account: null,
    })
    expect(get("bnplpay_a").settled_at).toBeInstanceOf(Date)
    expect(get("bnplpay_gone").status).toBe("to_settle")
    expect(get("bnplpay_other").status).toBe("to_settle")
    await markSettled(knex, "pid_f", "cancelled", null)
    expect(get("bnplpay_f")).toMatchObject({ status: "cancelled", last_error: null })
    await markSettled(knex, "pid_o", "cancelled", null)
    expect(get("bnplpay_o")).toMatchObject({ status: "ordered", settled_at: null })
  })

  it("markSettleFailed: retried after the backoff, failed at the last attempt, the error cut at 500", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_other", attempts: 0 }),
      row({ id: "bnplpay_a", attempts: MAX_SETTLE_ATTEMPTS - 2 }),
      row({ id: "bnplpay_last", attempts: MAX_SETTLE_ATTEMPTS - 1, next_attempt_at: at(3) }),
      row({ id: "bnplpay_o", status: "ordered", order_id: "order_1", attempts: 0 }),
    ])
    const before = Date.now()
    await markSettleFailed(knex, get("bnplpay_a") as unknown as LedgerRow, "e".repeat(600))
    const a = get("bnplpay_a")
    expect(a).toMatchObject({ status: "to_settle", attempts: MAX_SETTLE_ATTEMPTS - 1, last_error: "e".repeat(500) })
    const backoff = settleBackoffMs(MAX_SETTLE_ATTEMPTS - 1)
    expect(a.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + backoff)
    expect(a.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + backoff)
    expect(get("bnplpay_other")).toMatchObject({ attempts: 0, last_error: null })
    await markSettleFailed(knex, get("bnplpay_last") as unknown as LedgerRow, "refused")
    expect(get("bnplpay_last")).toMatchObject({
      status: "failed",
      attempts: MAX_SETTLE_ATTEMPTS,
      last_error: "refused",
      next_attempt_at: null,
    })
    // The merchant's "Try again" of a failed payment counts its attempt too.
    await markSettleFailed(knex, { ...get("bnplpay_last"), attempts: 0 } as unknown as LedgerRow, "again")
    expect(get("bnplpay_last")).toMatchObject({ status: "to_settle", attempts: 1, last_error: "again" })
    await markSettleFailed(knex, get("bnplpay_o") as unknown as LedgerRow, "x")
    expect(get("bnplpay_o")).toMatchObject({ status: "ordered", attempts: 0, last_error: null })
  })

  it("markUnknownToAccount: failed, for the merchant, with the account that did not know it", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_other" }),
      row({ id: "bnplpay_a", attempts: 2, next_attempt_at: at(5) }),
      row({ id: "bnplpay_t", mode: "test", status: "failed", attempts: 0 }),
      row({ id: "bnplpay_r", status: "refunded", attempts: 1 }),
    ])
    await markUnknownToAccount(knex, get("bnplpay_a") as unknown as LedgerRow, LIVE)
    expect(get("bnplpay_a")).toMatchObject({
      status: "failed",
      attempts: 3,
      failed_account: accountFingerprint(LIVE),
      next_attempt_at: null,
      last_error:
        "the live account does not know this payment (HTTP 404): check that account's API key, service URL and " +
        "mode; it is tried again when they change",
    })
    expect(get("bnplpay_other")).toMatchObject({ status: "to_settle", failed_account: null })
    await markUnknownToAccount(knex, get("bnplpay_t") as unknown as LedgerRow, LIVE)
    expect(get("bnplpay_t").last_error).toMatch(/^the test account does not know/)
    await markUnknownToAccount(knex, get("bnplpay_r") as unknown as LedgerRow, LIVE)
    expect(get("bnplpay_r")).toMatchObject({ status: "refunded", attempts: 1, failed_account: null })
  })

  it("paymentsToSettle: due rows to settle of the accounts reachable (null mode: live), soonest first", async () => {
    const { knex } = ledger([
      row({ id: "bnplpay_live_late", mode: "live", next_attempt_at: at(50) }),
      row({ id: "bnplpay_live_due", mode: "live", next_attempt_at: at(10) }),
      row({ id: "bnplpay_old", mode: null, next_attempt_at: at(20) }),
      row({ id: "bnplpay_test", mode: "test", next_attempt_at: at(30) }),
      row({ id: "bnplpay_never", mode: "live", next_attempt_at: null }),
      row({ id: "bnplpay_future", mode: "live", next_attempt_at: at(61) }),
      row({ id: "bnplpay_failed", mode: "live", status: "failed" }),
      row({ id: "bnplpay_gone", mode: "live", deleted_at: at(1) }),
    ])
    const ids = async (modes: ("live" | "test")[], limit?: number) =>
      (await paymentsToSettle(knex, modes, NOW, limit)).map((r) => r.id)
    // PostgreSQL orders NULL last.
    expect(await ids(["live"])).toEqual(["bnplpay_live_due", "bnplpay_old", "bnplpay_live_late", "bnplpay_never"])
    expect(await ids(["test"])).toEqual(["bnplpay_test"])
    expect(await ids(["live", "test"])).toEqual([
      "bnplpay_live_due",
      "bnplpay_old",
      "bnplpay_test",
      "bnplpay_live_late",
      "bnplpay_never",
    ])
    expect(await ids(["live", "test"], 2)).toEqual(["bnplpay_live_due", "bnplpay_old"])
    expect(await paymentsToSettle(knex, [], NOW)).toStrictEqual([])
  })

  it("retryAfterAccountChange: failed rows another account of the mode did not know, back to settling", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_a", status: "failed", attempts: 4, failed_account: accountFingerprint(OTHER_LIVE) }),
      row({
        id: "bnplpay_old",
        mode: null,
        status: "failed",
        attempts: 1,
        failed_account: accountFingerprint(OTHER_LIVE),
      }),
      row({ id: "bnplpay_same", status: "failed", attempts: 4, failed_account: accountFingerprint(LIVE) }),
      row({ id: "bnplpay_plain", status: "failed", attempts: 12, failed_account: null }),
      row({ id: "bnplpay_test", mode: "test", status: "failed", attempts: 4, failed_account: "abc" }),
      row({ id: "bnplpay_settle", status: "to_settle", attempts: 2, failed_account: "abc" }),
      row({ id: "bnplpay_gone", status: "failed", failed_account: "abc", deleted_at: at(1) }),
    ])
    expect(await retryAfterAccountChange(knex, "live", LIVE)).toBe(2)
    expect(get("bnplpay_a")).toMatchObject({ status: "to_settle", attempts: 0, failed_account: null })
    expect(get("bnplpay_a").next_attempt_at).toBeInstanceOf(Date)
    expect(get("bnplpay_old")).toMatchObject({ status: "to_settle", attempts: 0 })
    expect(get("bnplpay_same")).toMatchObject({ status: "failed", attempts: 4 })
    expect(get("bnplpay_plain")).toMatchObject({ status: "failed", attempts: 12 })
    expect(get("bnplpay_test")).toMatchObject({ status: "failed", attempts: 4 })
    expect(get("bnplpay_settle")).toMatchObject({ status: "to_settle", attempts: 2, failed_account: "abc" })
    expect(get("bnplpay_gone")).toMatchObject({ status: "failed" })
    expect(await retryAfterAccountChange(knex, "test", LIVE)).toBe(1)
    expect(get("bnplpay_test")).toMatchObject({ status: "to_settle", attempts: 0 })
  })
})
