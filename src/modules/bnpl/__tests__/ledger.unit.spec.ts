import { memoryDb } from "../../../__tests__/helpers/memory-db"
import {
  CLAIMANT_ATTEMPT_MS,
  checkAgainAt,
  claimForOrder,
  claimSettleAttempt,
  findPayment,
  ledgerRow,
  markCancelledOrder,
  markOrdered,
  markToSettle,
  markTriggered,
  orderOfCart,
  paymentSession,
  paymentsOfCart,
  paymentsOfSessions,
  paymentsWithoutDeadline,
  paymentsWithoutOrder,
  recordPayment,
  recordedMode,
  setTriggerDeadline,
  settledAs,
  staleOpenPayments,
  type LedgerRow,
} from "../ledger"

/**
 * The ledger's statements (ledger.ts), one by one, on the unit tests' PostgreSQL stand-in (which
 * refuses a column the tables do not have). Every table holds, beside the rows a statement must
 * take, rows it must leave: another payment's, a deleted one, one in another status.
 */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute))
const NOW = at(60).getTime()

let n = 0
function row(fields: Partial<LedgerRow> & { deleted_at?: Date | null }): Record<string, unknown> {
  n++
  return {
    id: `bnplpay_${n}`,
    bnpl_payment_id: `pid_${n}`,
    session_id: `payses_${n}`,
    cart_id: null,
    purchase_amount: 100,
    currency_code: "eur",
    status: "open",
    reason: null,
    order_id: null,
    attempts: 0,
    next_attempt_at: null,
    pay_at_shipment: false,
    trigger_deadline: null,
    triggered_at: null,
    created_at: at(n),
    updated_at: at(n),
    deleted_at: null,
    ...fields,
  }
}

function ledger(rows: Record<string, unknown>[], medusa: Record<string, Record<string, unknown>[]> = {}) {
  const db = memoryDb({ bnpl_payment: rows, ...medusa })
  const get = (id: string) => db.tables.bnpl_payment.find((r) => r.id === id)!
  return { ...db, get }
}

describe("the ledger's statements (ledger.ts)", () => {
  it("recordPayment: an open row with its own bnplpay_ id and no attempt", async () => {
    const { knex, tables } = ledger([])
    await recordPayment(knex, {
      bnpl_payment_id: "pid_new",
      session_id: "payses_new",
      cart_id: "cart_1",
      purchase_amount: 300,
      currency_code: "eur",
    })
    expect(tables.bnpl_payment).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^bnplpay_[0-9A-Z]{26}$/),
        bnpl_payment_id: "pid_new",
        status: "open",
        attempts: 0,
        cart_id: "cart_1",
      }),
    ])
  })

  it("findPayment, ledgerRow: the live row of the pid or the id, not a deleted one", async () => {
    const { knex } = ledger([
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", status: "failed", deleted_at: at(1) }),
      row({ id: "bnplpay_other", bnpl_payment_id: "pid_b" }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a", status: "ordered", order_id: "order_1" }),
    ])
    expect((await findPayment(knex, "pid_a"))?.id).toBe("bnplpay_a")
    expect(await findPayment(knex, "pid_none")).toBeUndefined()
    expect((await ledgerRow(knex, "bnplpay_a"))?.bnpl_payment_id).toBe("pid_a")
    expect((await ledgerRow(knex, "bnplpay_other"))?.bnpl_payment_id).toBe("pid_b")
    expect(await ledgerRow(knex, "bnplpay_gone")).toBeUndefined()
  })

  it("settledAs: refunded or cancelled as the settling recorded it, otherwise nothing", async () => {
    const { knex } = ledger([
      row({ bnpl_payment_id: "pid_r", status: "refunded" }),
      row({ bnpl_payment_id: "pid_c", status: "cancelled" }),
      row({ bnpl_payment_id: "pid_s", status: "to_settle" }),
      row({ bnpl_payment_id: "pid_o", status: "ordered", order_id: "order_1" }),
    ])
    expect(await settledAs(knex, "pid_r")).toBe("refunded")
    expect(await settledAs(knex, "pid_c")).toBe("cancelled")
    expect(await settledAs(knex, "pid_s")).toBeUndefined()
    expect(await settledAs(knex, "pid_o")).toBeUndefined()
    expect(await settledAs(knex, "pid_none")).toBeUndefined()
    expect(await settledAs(knex, undefined)).toBeUndefined()
  })

  it("recordedMode: the payment's own mode, live when unknown or not a pid", async () => {
    const { knex } = ledger([
      row({ bnpl_payment_id: "pid_t", mode: "test" }),
      row({ bnpl_payment_id: "pid_l", mode: "live" }),
      row({ bnpl_payment_id: "pid_old", mode: null }),
    ])
    expect(await recordedMode(knex, "pid_t")).toBe("test")
    expect(await recordedMode(knex, "pid_l")).toBe("live")
    expect(await recordedMode(knex, "pid_old")).toBe("live")
    expect(await recordedMode(knex, "pid_none")).toBe("live")
    expect(await recordedMode(knex, undefined)).toBe("live")
    expect(await recordedMode(knex, "")).toBe("live")
  })

  it("markToSettle: claims the pid's open row only (an authorized one when orderless), its attempt after the claimant's", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_other", bnpl_payment_id: "pid_other" }),
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", deleted_at: at(1) }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a" }),
      row({ id: "bnplpay_auth", bnpl_payment_id: "pid_auth", status: "authorized" }),
      row({ id: "bnplpay_ord", bnpl_payment_id: "pid_ord", status: "ordered", order_id: "order_1" }),
    ])
    const before = Date.now()
    expect(await markToSettle(knex, "pid_a", "expired")).toBe(true)
    expect(get("bnplpay_a")).toMatchObject({ status: "to_settle", reason: "expired" })
    const due = get("bnplpay_a").next_attempt_at.getTime()
    expect(due).toBeGreaterThanOrEqual(before + CLAIMANT_ATTEMPT_MS)
    expect(due).toBeLessThanOrEqual(Date.now() + CLAIMANT_ATTEMPT_MS)
    expect(get("bnplpay_other").status).toBe("open")
    expect(get("bnplpay_gone").status).toBe("open")
    // Once claimed, not again.
    expect(await markToSettle(knex, "pid_a", "again")).toBe(false)
    expect(get("bnplpay_a").reason).toBe("expired")
    // Authorized: only when the caller read that no order holds it; ordered: never.
    expect(await markToSettle(knex, "pid_auth", "x")).toBe(false)
    expect(get("bnplpay_auth").status).toBe("authorized")
    expect(await markToSettle(knex, "pid_ord", "x", { orderless: true })).toBe(false)
    expect(get("bnplpay_ord").status).toBe("ordered")
    expect(await markToSettle(knex, "pid_auth", "no order", { orderless: true, dueAt: at(90) })).toBe(true)
    expect(get("bnplpay_auth")).toMatchObject({ status: "to_settle", reason: "no order", next_attempt_at: at(90) })
    expect(await markToSettle(knex, "pid_none", "x", { orderless: true })).toBe(false)
  })

  it("claimSettleAttempt: a row to settle whose attempt is due, once; its next attempt after this one", async () => {
    const now = new Date(NOW)
    const { knex, get } = ledger([
      row({ id: "bnplpay_due", status: "to_settle", next_attempt_at: at(59) }),
      row({ id: "bnplpay_never", status: "to_settle", next_attempt_at: null }),
      row({ id: "bnplpay_later", status: "to_settle", next_attempt_at: at(61) }),
      row({ id: "bnplpay_open", status: "open", next_attempt_at: null }),
      row({ id: "bnplpay_gone", status: "to_settle", next_attempt_at: null, deleted_at: at(1) }),
    ])
    expect(await claimSettleAttempt(knex, "bnplpay_due", now)).toBe(true)
    expect(get("bnplpay_due").next_attempt_at).toEqual(new Date(NOW + CLAIMANT_ATTEMPT_MS))
    expect(await claimSettleAttempt(knex, "bnplpay_due", now)).toBe(false)
    expect(await claimSettleAttempt(knex, "bnplpay_never", now)).toBe(true)
    expect(await claimSettleAttempt(knex, "bnplpay_later", now)).toBe(false)
    expect(await claimSettleAttempt(knex, "bnplpay_open", now)).toBe(false)
    expect(await claimSettleAttempt(knex, "bnplpay_gone", now)).toBe(false)
    expect(get("bnplpay_open").next_attempt_at).toBeNull()
  })

  it("claimForOrder: open becomes authorized; held or unknown stays claimable; ended is refused with its status", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", status: "open", deleted_at: at(1) }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a", status: "open", next_attempt_at: at(3) }),
      row({ bnpl_payment_id: "pid_auth", status: "authorized" }),
      row({ bnpl_payment_id: "pid_ord", status: "ordered", order_id: "order_1" }),
      row({ bnpl_payment_id: "pid_settle", status: "to_settle" }),
      row({ bnpl_payment_id: "pid_failed", status: "failed" }),
    ])
    expect(await claimForOrder(knex, "pid_a")).toEqual({ ok: true })
    expect(get("bnplpay_a")).toMatchObject({ status: "authorized", next_attempt_at: null })
    expect(get("bnplpay_gone").status).toBe("open")
    expect(await claimForOrder(knex, "pid_a")).toEqual({ ok: true })
    expect(await claimForOrder(knex, "pid_auth")).toEqual({ ok: true })
    expect(await claimForOrder(knex, "pid_ord")).toEqual({ ok: true })
    expect(await claimForOrder(knex, "pid_none")).toEqual({ ok: true })
    expect(await claimForOrder(knex, "pid_settle")).toEqual({ ok: false, status: "to_settle" })
    expect(await claimForOrder(knex, "pid_failed")).toEqual({ ok: false, status: "failed" })
  })

  it("markCancelledOrder: what an order may hold goes to settling with the order; an ended row stays", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_other", bnpl_payment_id: "pid_other", status: "ordered", order_id: "order_9" }),
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", status: "ordered", order_id: "order_1", deleted_at: at(1) }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a", status: "ordered", order_id: "order_1" }),
      row({ id: "bnplpay_f", bnpl_payment_id: "pid_f", status: "failed" }),
      row({ id: "bnplpay_o", bnpl_payment_id: "pid_o", status: "open" }),
      row({ id: "bnplpay_au", bnpl_payment_id: "pid_au", status: "authorized" }),
      row({ id: "bnplpay_r", bnpl_payment_id: "pid_r", status: "refunded", reason: "expired" }),
    ])
    const before = Date.now()
    await markCancelledOrder(knex, "pid_a", "order_1")
    expect(get("bnplpay_a")).toMatchObject({ status: "to_settle", reason: "order cancelled", order_id: "order_1" })
    expect(get("bnplpay_a").next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + CLAIMANT_ATTEMPT_MS)
    expect(get("bnplpay_other").status).toBe("ordered")
    expect(get("bnplpay_gone").status).toBe("ordered")
    await markCancelledOrder(knex, "pid_f", null, "claim cancelled")
    expect(get("bnplpay_f")).toMatchObject({ status: "to_settle", reason: "claim cancelled", order_id: null })
    await markCancelledOrder(knex, "pid_o", "order_2")
    await markCancelledOrder(knex, "pid_au", "order_3")
    expect(get("bnplpay_o")).toMatchObject({ status: "to_settle", order_id: "order_2" })
    expect(get("bnplpay_au")).toMatchObject({ status: "to_settle", order_id: "order_3" })
    await markCancelledOrder(knex, "pid_r", "order_4")
    expect(get("bnplpay_r")).toMatchObject({ status: "refunded", reason: "expired", order_id: null })
  })

  it("markOrdered: from open or authorized, naming the order; nothing else moves", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", status: "open", deleted_at: at(1) }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a", status: "authorized", next_attempt_at: at(2) }),
      row({ id: "bnplpay_s", bnpl_payment_id: "pid_s", status: "to_settle" }),
    ])
    await markOrdered(knex, "pid_a", "order_1")
    expect(get("bnplpay_a")).toMatchObject({ status: "ordered", order_id: "order_1", next_attempt_at: null })
    expect(get("bnplpay_gone")).toMatchObject({ status: "open", order_id: null })
    await markOrdered(knex, "pid_s", "order_2")
    expect(get("bnplpay_s")).toMatchObject({ status: "to_settle", order_id: null })
  })

  it("checkAgainAt: an open row's next check and one more attempt; not once it moved on", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_x", status: "open", attempts: 9 }),
      row({ id: "bnplpay_a", status: "open", attempts: 2 }),
      row({ id: "bnplpay_s", status: "to_settle", attempts: 2 }),
    ])
    await checkAgainAt(knex, get("bnplpay_a") as LedgerRow, at(70))
    expect(get("bnplpay_a")).toMatchObject({ attempts: 3, next_attempt_at: at(70) })
    expect(get("bnplpay_x")).toMatchObject({ attempts: 9, next_attempt_at: null })
    await checkAgainAt(knex, get("bnplpay_s") as LedgerRow, at(70))
    expect(get("bnplpay_s")).toMatchObject({ attempts: 2, next_attempt_at: null })
  })

  it("markTriggered: a pay-at-shipment payment, once", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", pay_at_shipment: true, deleted_at: at(1) }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a", pay_at_shipment: true }),
      row({ id: "bnplpay_now", bnpl_payment_id: "pid_now", pay_at_shipment: false }),
      row({ id: "bnplpay_done", bnpl_payment_id: "pid_done", pay_at_shipment: true, triggered_at: at(5) }),
    ])
    await markTriggered(knex, "pid_a")
    expect(get("bnplpay_a").triggered_at).toBeInstanceOf(Date)
    expect(get("bnplpay_gone").triggered_at).toBeNull()
    await markTriggered(knex, "pid_now")
    expect(get("bnplpay_now").triggered_at).toBeNull()
    await markTriggered(knex, "pid_done")
    expect(get("bnplpay_done").triggered_at).toEqual(at(5))
  })

  it("setTriggerDeadline: once, on a pay-at-shipment payment, keeping an order already named", async () => {
    const { knex, get } = ledger([
      row({ id: "bnplpay_gone", bnpl_payment_id: "pid_a", pay_at_shipment: true, deleted_at: at(1) }),
      row({ id: "bnplpay_a", bnpl_payment_id: "pid_a", pay_at_shipment: true }),
      row({ id: "bnplpay_named", bnpl_payment_id: "pid_named", pay_at_shipment: true, order_id: "order_first" }),
      row({ id: "bnplpay_now", bnpl_payment_id: "pid_now", pay_at_shipment: false }),
      row({ id: "bnplpay_set", bnpl_payment_id: "pid_set", pay_at_shipment: true, trigger_deadline: at(9) }),
    ])
    await setTriggerDeadline(knex, "pid_a", at(100), "order_1")
    expect(get("bnplpay_a")).toMatchObject({ trigger_deadline: at(100), order_id: "order_1" })
    expect(get("bnplpay_gone")).toMatchObject({ trigger_deadline: null, order_id: null })
    await setTriggerDeadline(knex, "pid_named", at(100), "order_2")
    expect(get("bnplpay_named")).toMatchObject({ trigger_deadline: at(100), order_id: "order_first" })
    await setTriggerDeadline(knex, "pid_now", at(100), "order_3")
    expect(get("bnplpay_now")).toMatchObject({ trigger_deadline: null, order_id: null })
    await setTriggerDeadline(knex, "pid_set", at(100), "order_4")
    expect(get("bnplpay_set")).toMatchObject({ trigger_deadline: at(9), order_id: null })
  })

  it("paymentsWithoutDeadline: ordered pay-at-shipment payments not started and without a deadline, oldest first", async () => {
    const { knex } = ledger([
      row({ id: "bnplpay_new", status: "ordered", order_id: "o", pay_at_shipment: true, created_at: at(30) }),
      row({ id: "bnplpay_old", status: "ordered", order_id: "o", pay_at_shipment: true, created_at: at(10) }),
      row({ id: "bnplpay_mid", status: "ordered", order_id: "o", pay_at_shipment: true, created_at: at(20) }),
      row({ id: "bnplpay_now", status: "ordered", order_id: "o", pay_at_shipment: false }),
      row({ id: "bnplpay_open", status: "open", pay_at_shipment: true }),
      row({ id: "bnplpay_dl", status: "ordered", order_id: "o", pay_at_shipment: true, trigger_deadline: at(1) }),
      row({ id: "bnplpay_trig", status: "ordered", order_id: "o", pay_at_shipment: true, triggered_at: at(1) }),
      row({ id: "bnplpay_gone", status: "ordered", order_id: "o", pay_at_shipment: true, deleted_at: at(1) }),
    ])
    expect((await paymentsWithoutDeadline(knex)).map((r) => r.id)).toEqual([
      "bnplpay_old",
      "bnplpay_mid",
      "bnplpay_new",
    ])
    expect((await paymentsWithoutDeadline(knex, 2)).map((r) => r.id)).toEqual(["bnplpay_old", "bnplpay_mid"])
  })

  it("staleOpenPayments: open or authorized, older than the page, whose check is due, oldest first", async () => {
    const { knex } = ledger([
      row({ id: "bnplpay_b", status: "authorized", created_at: at(20) }),
      row({ id: "bnplpay_a", status: "open", created_at: at(10), next_attempt_at: at(59) }),
      row({ id: "bnplpay_young", status: "open", created_at: at(55) }),
      row({ id: "bnplpay_later", status: "open", created_at: at(5), next_attempt_at: at(61) }),
      row({ id: "bnplpay_ord", status: "ordered", order_id: "o", created_at: at(5) }),
      row({ id: "bnplpay_settle", status: "to_settle", created_at: at(5) }),
      row({ id: "bnplpay_gone", status: "open", created_at: at(5), deleted_at: at(6) }),
    ])
    const tenMinutes = 10 * 60_000
    expect((await staleOpenPayments(knex, tenMinutes, NOW)).map((r) => r.id)).toEqual(["bnplpay_a", "bnplpay_b"])
    expect((await staleOpenPayments(knex, tenMinutes, NOW, 1)).map((r) => r.id)).toEqual(["bnplpay_a"])
  })

  it("paymentsOfCart, paymentsOfSessions: what an order may still hold (open, claimed, given up)", async () => {
    const statuses = ["open", "authorized", "ordered", "failed", "to_settle", "cancelled", "refunded"] as const
    const { knex } = ledger([
      ...statuses.map((status) =>
        row({ id: `bnplpay_${status}`, status, cart_id: "cart_1", session_id: `payses_${status}`, order_id: "o" })
      ),
      row({ id: "bnplpay_other", cart_id: "cart_2", session_id: "payses_other" }),
      row({ id: "bnplpay_gone", cart_id: "cart_1", session_id: "payses_open", deleted_at: at(1) }),
    ])
    const held = ["bnplpay_open", "bnplpay_authorized", "bnplpay_ordered", "bnplpay_failed"]
    expect((await paymentsOfCart(knex, "cart_1")).map((r) => r.id).sort()).toEqual([...held].sort())
    expect(await paymentsOfCart(knex, "cart_none")).toEqual([])
    const sessions = [...statuses.map((s) => `payses_${s}`)]
    expect((await paymentsOfSessions(knex, sessions)).map((r) => r.id).sort()).toEqual([...held].sort())
    expect((await paymentsOfSessions(knex, ["payses_failed", "payses_other"])).map((r) => r.id).sort()).toEqual([
      "bnplpay_failed",
      "bnplpay_other",
    ])
    expect(await paymentsOfSessions(knex, [])).toEqual([])
  })

  it("paymentsWithoutOrder: ended or given up with a reason, newest change first", async () => {
    const { knex } = ledger([
      row({ id: "bnplpay_s", status: "to_settle", reason: "expired", updated_at: at(10) }),
      row({ id: "bnplpay_c", status: "cancelled", reason: "expired", updated_at: at(30) }),
      row({ id: "bnplpay_r", status: "refunded", reason: "order cancelled", updated_at: at(20) }),
      row({ id: "bnplpay_f", status: "failed", reason: "refused", updated_at: at(40) }),
      row({ id: "bnplpay_noreason", status: "cancelled", reason: null, updated_at: at(50) }),
      row({ id: "bnplpay_ord", status: "ordered", order_id: "o", reason: "x", updated_at: at(50) }),
      row({ id: "bnplpay_gone", status: "failed", reason: "x", updated_at: at(50), deleted_at: at(51) }),
    ])
    expect((await paymentsWithoutOrder(knex)).map((r) => r.id)).toEqual([
      "bnplpay_f",
      "bnplpay_c",
      "bnplpay_r",
      "bnplpay_s",
    ])
    expect((await paymentsWithoutOrder(knex, 2)).map((r) => r.id)).toEqual(["bnplpay_f", "bnplpay_c"])
  })

  it("orderOfCart, paymentSession: Medusa's link of a cart to its order, a session as Medusa keeps it", async () => {
    const { knex } = ledger([], {
      order_cart: [
        { id: "ordercart_other", cart_id: "cart_2", order_id: "order_2", deleted_at: null },
        { id: "ordercart_gone", cart_id: "cart_1", order_id: "order_old", deleted_at: at(1) },
        { id: "ordercart_1", cart_id: "cart_1", order_id: "order_1", deleted_at: null },
      ],
      payment_session: [
        { id: "payses_other", status: "pending", deleted_at: null, data: {}, payment_collection_id: "c" },
        { id: "payses_1", status: "authorized", deleted_at: at(2), data: { id: "pid_1" }, payment_collection_id: "c" },
      ],
    })
    expect(await orderOfCart(knex, "cart_1")).toBe("order_1")
    expect(await orderOfCart(knex, "cart_2")).toBe("order_2")
    expect(await orderOfCart(knex, "cart_none")).toBeUndefined()
    expect(await orderOfCart(knex, null)).toBeUndefined()
    expect(await paymentSession(knex, "payses_1")).toEqual({
      id: "payses_1",
      status: "authorized",
      deleted_at: at(2),
      data: { id: "pid_1" },
    })
    expect(await paymentSession(knex, "payses_none")).toBeUndefined()
  })
})
