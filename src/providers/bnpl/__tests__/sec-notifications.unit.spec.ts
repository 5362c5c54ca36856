import { randomBytes } from "node:crypto"
import { PaymentActions } from "@medusajs/framework/utils"
import { BnplClient } from "../../../client"
import { notificationUrl } from "../../../lib/payment/notification"
import { tokenForUrl } from "../../../lib/payment/notification-token"
import { forgetCachedSettings } from "../../../modules/bnpl/settings"
import { notificationToken } from "../../../modules/bnpl/notification-secret"
import { checkNotification } from "../notification-check"
import BnplProviderService from "../service"

/**
 * Security review of the notification check. A stand-in for PostgreSQL with the few tables the
 * check reads; every query is logged with its table.
 */
function database(tables: Record<string, Record<string, unknown>[]>) {
  const log: { table: string; raw: string[] }[] = []
  const knex = (table: string) => {
    const filters: Record<string, unknown>[] = []
    const entry = { table, raw: [] as string[] }
    log.push(entry)
    const rows = () =>
      (tables[table] ?? []).filter((row) => filters.every((f) => Object.entries(f).every(([k, v]) => row[k] === v)))
    const query: any = {
      where: (filter: unknown) => (typeof filter === "object" && filters.push(filter as any), query),
      whereRaw: (sql: string) => (entry.raw.push(sql), query),
      whereNull: () => query,
      whereIn: () => query,
      orderBy: () => query,
      limit: () => query,
      select: () => query,
      first: async () => rows()[0],
      insert: async (row: Record<string, unknown>) => void (tables[table] ??= []).push(row),
      update: async (patch: Record<string, unknown>) => rows().forEach((row) => Object.assign(row, patch)).length,
      then: (resolve: any, reject: any) => Promise.resolve(rows()).then(resolve, reject),
    }
    return query
  }
  return { knex, log }
}

const DAY = 86_400_000
const accounts = {
  test: { apiKey: "sk_test_0000000000000000000000" },
  live: { apiKey: "sk_live_0000000000000000000000" },
}
const storeToken = (since: Date) => ({
  id: "bnplnot_store",
  token: randomBytes(24).toString("hex"),
  created_at: since,
  retired_at: null,
})
/** A store upgraded `days` ago (its token made then), with no payment nor session yet. */
const upgradedDaysAgo = (days: number) =>
  database({
    bnpl_notification_secret: [storeToken(new Date(Date.now() - days * DAY))],
    bnpl_payment: [],
    payment_session: [],
  })

describe("security review: the notification token", () => {
  it("the token a TEST payment's notification URL carries does not open a LIVE payment", async () => {
    const { knex } = database({
      bnpl_notification_secret: [storeToken(new Date(Date.now() - 30 * DAY))],
      bnpl_payment: [
        { bnpl_payment_id: "pay_live_1", mode: "live", token_in_url: true, status: "open", created_at: new Date() },
      ],
    })
    // creation.ts: notificationUrl(backendUrl, tokenForUrl(op.options, (await notificationToken(knex, op.mode)).token))
    // (Adjusted: the store's token is now one per account, `notificationToken(knex, mode)`.)
    const { token } = await notificationToken(knex, "test")
    const testPaymentUrl = notificationUrl("https://shop.example", tokenForUrl(accounts.test, token))
    const seenInTheSandbox = new URL(testPaymentUrl).searchParams.get("token")

    const check = await checkNotification(knex, accounts, { pid: "pay_live_1", token: seenInTheSandbox })
    expect(check.ok).toBe(false)
  })

  it("forged notifications for made-up pids do not each cost a look-up in payment_session", async () => {
    // An upgraded store, 2 days after its token was made (the "pre-token look-up" is open 7 days).
    const { knex, log } = upgradedDaysAgo(2)
    for (let i = 0; i < 50; i++) {
      const check = await checkNotification(knex, accounts, {
        pid: `payment_${randomBytes(12).toString("hex")}`,
        token: undefined,
      })
      expect(check).toMatchObject({ ok: false, status: 404 })
    }
    const scans = log.filter((q) => q.table === "payment_session")
    console.info(`payment_session queries: ${scans.length}, e.g. ${JSON.stringify(scans[0]?.raw)}`)
    expect(scans.length).toBeLessThanOrEqual(1)
  })

  it("(control) after the 7 days the look-up is off: no payment_session query at all", async () => {
    const { knex, log } = upgradedDaysAgo(8)
    for (let i = 0; i < 20; i++) {
      await checkNotification(knex, accounts, { pid: `payment_${randomBytes(12).toString("hex")}`, token: undefined })
    }
    expect(log.filter((q) => q.table === "payment_session")).toHaveLength(0)
  })
})

describe("security review: Medusa's own webhook route (POST /hooks/payment/bnpl_bnpl)", () => {
  afterEach(() => jest.restoreAllMocks())

  it("a replayed notification for a payment an order already holds is not handed back to Medusa as 'captured'", async () => {
    forgetCachedSettings()
    const secret = storeToken(new Date(Date.now() - 30 * DAY))
    const { knex } = database({
      bnpl_notification_secret: [secret],
      bnpl_settings: [],
      bnpl_payment: [
        {
          bnpl_payment_id: "pay_ordered_1",
          session_id: "payses_1",
          cart_id: "cart_1",
          order_id: "order_1",
          purchase_amount: 12_990,
          currency_code: "eur",
          mode: "live",
          token_in_url: true,
          status: "ordered",
          created_at: new Date(Date.now() - DAY),
        },
      ],
    })
    const getPayment = jest.spyOn(BnplClient.prototype, "getPayment").mockResolvedValue({
      id: "pay_ordered_1",
      state: "paid",
      purchase_amount: 12_990,
      installments_count: 3,
      payment_plan: [],
      refunds: [],
    } as any)
    const provider = new BnplProviderService({ logger: console as any, __pg_connection__: knex } as any, {
      apiUrl: "https://api.bnpl.example",
      apiKey: accounts.live.apiKey,
      mode: "live",
      autoCapture: true,
      backendUrl: "https://shop.example",
    })
    // What Medusa's route hands the provider: the request body as sent (not marked as checked).
    const replay = () =>
      provider.getWebhookActionAndData({
        data: { pid: "pay_ordered_1", token: secret.token },
        rawData: "",
        headers: {},
      } as any)
    const answers = [await replay(), await replay(), await replay()]
    console.info(`actions: ${answers.map((a) => a.action).join(", ")}; service calls: ${getPayment.mock.calls.length}`)
    expect(answers.map((a) => a.action)).toEqual([
      PaymentActions.NOT_SUPPORTED,
      PaymentActions.NOT_SUPPORTED,
      PaymentActions.NOT_SUPPORTED,
    ])
  })
})
