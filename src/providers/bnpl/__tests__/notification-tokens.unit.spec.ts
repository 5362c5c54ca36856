import { memoryDb } from "../../../__tests__/helpers/memory-db"
import { notificationUrl } from "../../../lib/payment/notification"
import { NOTIFICATION_GRACE_MS } from "../../../lib/payment/notification-token"
import { forgetProcessMemory } from "../../../lib/infrastructure/process-memory"
import { BNPL_PROVIDER_ID } from "../../../lib/payment/provider-registration"
import {
  notificationToken,
  revokeNotificationTokens,
  rotateNotificationToken,
} from "../../../modules/bnpl/notification-secret"
import { checkNotification } from "../notification-check"

/**
 * The notification check's cost and its tokens: database statements per forged notification
 * (counted on an in-memory PostgreSQL that logs each one), one token per account, rotation and
 * "revoke now".
 */

const DAY = 86_400_000
const accounts = {
  test: { apiKey: "sk_test_0000000000000000000000" },
  live: { apiKey: "sk_live_0000000000000000000000" },
}
const ago = (ms: number) => new Date(Date.now() - ms)

/** The shared stand-in, each statement logged by table; with delete, transactions and the secret table's primary key. */
function countingDb(initial: Record<string, Record<string, unknown>[]>) {
  const db = memoryDb(initial)
  const statements: string[] = []
  const knex: any = (table: string) => {
    const q = db.knex(table)
    statements.push(table)
    const insert = q.insert
    q.insert = async (row: Record<string, unknown>) => {
      if (table === "bnpl_notification_secret" && db.tables[table].some((r) => r.id === row.id)) {
        throw new Error("duplicate key value violates unique constraint")
      }
      return insert(row)
    }
    q.delete = async () => {
      const before = db.tables[table].length
      db.tables[table] = db.tables[table].filter((row) => !q.test(row))
      return before - db.tables[table].length
    }
    return q
  }
  knex.raw = db.knex.raw
  knex.transaction = async (work: (trx: unknown) => Promise<unknown>) => work(knex)
  return { knex, tables: db.tables, statements }
}

/** A ledger row as the provider records it at creation. */
const payment = (pid: string, mode: "test" | "live", created_at: Date, extra: Record<string, unknown> = {}) => ({
  id: `bnplpay_${pid}`,
  bnpl_payment_id: pid,
  session_id: `payses_${pid}`,
  cart_id: null,
  purchase_amount: 12_990,
  currency_code: "eur",
  mode,
  token_in_url: true,
  status: "open",
  attempts: 0,
  created_at,
  deleted_at: null,
  ...extra,
})

/** The token in the notification URL a payment of `mode` is given now (creation.ts). */
async function tokenForPaymentOf(knex: unknown, mode: "test" | "live") {
  const url = notificationUrl("https://shop.example", (await notificationToken(knex, mode)).token)
  return new URL(url).searchParams.get("token")!
}

beforeEach(() => forgetProcessMemory())

describe("database statements per forged notification (a made-up pid)", () => {
  /** A store upgraded 2 days ago (the pre-token look-up is open), with a week of sessions from before. */
  function upgradedStore() {
    return countingDb({
      bnpl_notification_secret: [
        {
          id: "bnplnot_store",
          token: "s".repeat(48),
          created_at: ago(2 * DAY),
          retired_at: ago(2 * DAY),
          deleted_at: null,
        },
      ],
      payment_session: Array.from({ length: 200 }, (_, i) => ({
        id: `payses_old${i}`,
        provider_id: BNPL_PROVIDER_ID,
        amount: 129.9,
        currency_code: "eur",
        data: { bnpl_payment_id: `payment_old${i}`, purchase_amount: 12_990 },
        payment_collection_id: `paycol_old${i}`,
        created_at: ago(3 * DAY + i * 60_000),
      })),
    })
  }

  it("during the 7 days after the first token: one indexed ledger query each, one scan of the sessions per process", async () => {
    const { knex, statements } = upgradedStore()
    const perNotification: number[] = []
    for (let i = 0; i < 100; i++) {
      const before = statements.length
      const check = await checkNotification(knex, accounts, { pid: `payment_forged${i}`, token: "x" })
      expect(check).toMatchObject({ ok: false, status: 404 })
      perNotification.push(statements.length - before)
    }
    const byTable = statements.reduce<Record<string, number>>((n, t) => ({ ...n, [t]: (n[t] ?? 0) + 1 }), {})
    // Before: 2 per forged pid (the ledger, then an unindexed look-up in payment_session).
    console.info(
      `statements: first notification ${perNotification[0]}, then ${perNotification[1]} each; ${JSON.stringify(byTable)}`
    )
    expect(byTable.payment_session).toBe(1)
    expect(byTable.bnpl_payment).toBe(100)
    expect(perNotification.slice(1)).toEqual(Array(99).fill(1))
  })

  it("after the 7 days: one ledger query each, none of the sessions", async () => {
    const { knex, tables, statements } = upgradedStore()
    tables.bnpl_notification_secret[0].created_at = ago(8 * DAY)
    await notificationToken(knex, "live")
    const before = statements.length
    for (let i = 0; i < 20; i++) {
      await checkNotification(knex, accounts, { pid: `payment_forged${i}`, token: undefined })
    }
    expect(statements.slice(before)).toEqual(Array(20).fill("bnpl_payment"))
  })

  it("a payment made before the upgrade is found from that one read, recorded, and accepted without a token", async () => {
    const { knex, tables, statements } = upgradedStore()
    await checkNotification(knex, accounts, { pid: "payment_forged", token: undefined })
    const before = statements.length
    const check = await checkNotification(knex, accounts, { pid: "payment_old7", token: undefined })
    expect(check).toMatchObject({ ok: true, payment: { bnpl_payment_id: "payment_old7", token_in_url: false } })
    // Its session by primary key, the cart link, the record and its read back: no scan.
    expect(statements.slice(before).filter((t) => t === "payment_session")).toHaveLength(1)
    expect(tables.bnpl_payment.map((row) => row.session_id)).toEqual(["payses_old7"])
  })
})

describe("one notification token per account", () => {
  function store() {
    return countingDb({
      bnpl_notification_secret: [],
      bnpl_payment: [payment("pay_test", "test", new Date()), payment("pay_live", "live", new Date())],
    })
  }

  it("each account's payments are given its own token, which opens only that account's payments", async () => {
    const { knex } = store()
    const test = await tokenForPaymentOf(knex, "test")
    const live = await tokenForPaymentOf(knex, "live")
    expect(test).not.toBe(live)
    expect((await checkNotification(knex, accounts, { pid: "pay_test", token: test })).ok).toBe(true)
    expect((await checkNotification(knex, accounts, { pid: "pay_live", token: live })).ok).toBe(true)
    expect(await checkNotification(knex, accounts, { pid: "pay_live", token: test })).toMatchObject({
      ok: false,
      status: 401,
    })
    expect(await checkNotification(knex, accounts, { pid: "pay_test", token: live })).toMatchObject({
      ok: false,
      status: 401,
    })
  })

  it("the token both accounts shared before (retired by the upgrade) opens the payments made before it, for 7 days", async () => {
    const shared = "s".repeat(48)
    const made = ago(30 * DAY)
    const { knex, tables } = countingDb({
      bnpl_notification_secret: [
        { id: "bnplnot_store", token: shared, created_at: made, retired_at: ago(DAY), deleted_at: null },
      ],
      bnpl_payment: [
        payment("pay_test_before", "test", ago(2 * DAY)),
        payment("pay_live_before", "live", ago(2 * DAY)),
        payment("pay_live_after", "live", new Date()),
      ],
    })
    expect((await checkNotification(knex, accounts, { pid: "pay_test_before", token: shared })).ok).toBe(true)
    expect((await checkNotification(knex, accounts, { pid: "pay_live_before", token: shared })).ok).toBe(true)
    expect((await checkNotification(knex, accounts, { pid: "pay_live_after", token: shared })).ok).toBe(false)
    // The store's first token is still when the shared one was made (the pre-token look-up's start).
    expect((await notificationToken(knex, "live")).since).toEqual(made)
    tables.bnpl_notification_secret.find((row) => row.id === "bnplnot_store")!.retired_at = ago(
      NOTIFICATION_GRACE_MS + 1
    )
    forgetProcessMemory()
    expect((await checkNotification(knex, accounts, { pid: "pay_live_before", token: shared })).ok).toBe(false)
  })

  it("rotating one account leaves the other's token as it is", async () => {
    const { knex } = store()
    const [test, live] = [await tokenForPaymentOf(knex, "test"), await tokenForPaymentOf(knex, "live")]
    await rotateNotificationToken(knex, ["test"])
    expect(await tokenForPaymentOf(knex, "test")).not.toBe(test)
    expect(await tokenForPaymentOf(knex, "live")).toBe(live)
  })
})

describe("revoke now", () => {
  it("no earlier token opens anything any more; the new one does", async () => {
    const { knex, tables } = countingDb({ bnpl_notification_secret: [], bnpl_payment: [] })
    const first = await tokenForPaymentOf(knex, "live")
    tables.bnpl_payment.push(payment("pay_1", "live", ago(60_000)))
    await rotateNotificationToken(knex)
    const second = await tokenForPaymentOf(knex, "live")
    tables.bnpl_payment.push(payment("pay_2", "live", new Date()))
    // Rotated: the payment made before keeps its token (7 days).
    expect((await checkNotification(knex, accounts, { pid: "pay_1", token: first })).ok).toBe(true)

    const revoked = await revokeNotificationTokens(knex, ["live"])
    expect(JSON.stringify(revoked)).not.toContain(first)
    expect(JSON.stringify(revoked)).not.toContain(second)
    expect(revoked.modes).toEqual(["live"])
    expect((await checkNotification(knex, accounts, { pid: "pay_1", token: first })).ok).toBe(false)
    expect((await checkNotification(knex, accounts, { pid: "pay_2", token: second })).ok).toBe(false)
    const third = await tokenForPaymentOf(knex, "live")
    tables.bnpl_payment.push(payment("pay_3", "live", new Date()))
    expect((await checkNotification(knex, accounts, { pid: "pay_3", token: third })).ok).toBe(true)
    // The tokens revoked are not kept.
    expect(tables.bnpl_notification_secret.map((row) => row.token)).not.toContain(first)
  })

  it("counts at once on a server that still holds the tokens in memory (the token that matched is read again)", async () => {
    const { knex, tables } = countingDb({ bnpl_notification_secret: [], bnpl_payment: [] })
    tables.bnpl_payment.push(payment("pay_1", "test", new Date()))
    const token = await tokenForPaymentOf(knex, "test")
    expect((await checkNotification(knex, accounts, { pid: "pay_1", token })).ok).toBe(true)
    // Another server revokes: this one's memory is not told.
    tables.bnpl_notification_secret.find((row) => row.id === "bnplnot_test")!.token = "n".repeat(48)
    expect(await checkNotification(knex, accounts, { pid: "pay_1", token })).toMatchObject({ ok: false, status: 401 })
  })
})
