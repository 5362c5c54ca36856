import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { BnplClient } from "../../../client"
import { forgetCachedSettings } from "../../../modules/bnpl/settings"
import BnplProviderService from "../service"

const { startSandbox } = require("../../../../sandbox/server")

const LIVE_KEY = "sk_live_unit_00000000000000000"
const TEST_KEY = "sk_test_active_0000000000000000"

/**
 * A stand-in for PostgreSQL (the provider's `__pg_connection__`): the few tables the provider
 * reads and writes, each query answered after `delayMs`, which widens the window between an
 * operation's own awaits the way a busy database does.
 */
function slowDatabase(delayMs: number) {
  const tables: Record<string, Record<string, unknown>[]> = {
    bnpl_notification_secret: [
      { id: "bnplnot_store", token: "t".repeat(48), created_at: new Date(0), retired_at: null },
    ],
    bnpl_payment: [],
    bnpl_settings: [],
  }
  const later = <T>(value: () => T) =>
    new Promise<T>((resolve) => setTimeout(() => resolve(value()), delayMs + Math.random() * delayMs))
  const knex = (table: string) => {
    const filters: Record<string, unknown>[] = []
    const rows = () =>
      (tables[table] ?? []).filter((row) => filters.every((f) => Object.entries(f).every(([k, v]) => row[k] === v)))
    const query: any = {
      where: (filter: unknown) => (typeof filter === "object" && filters.push(filter as any), query),
      whereNull: () => query,
      whereIn: () => query,
      orderBy: () => query,
      limit: () => query,
      select: () => query,
      first: () => later(() => rows()[0]),
      insert: (row: Record<string, unknown>) => later(() => void (tables[table] ??= []).push(row)),
      update: (patch: Record<string, unknown>) => later(() => rows().forEach((row) => Object.assign(row, patch))),
      then: (resolve: any, reject: any) => later(rows).then(resolve, reject),
    }
    return query
  }
  return { knex, tables }
}

/**
 * The provider is one instance per process. Operations of the two accounts running at once must
 * each use their own account from start to end: a live customer's payment is never created on
 * the test account, and a test payment is never fetched with the live key.
 */
describe("one provider, test and live operations at the same time", () => {
  let live: any
  let test: any

  beforeAll(async () => {
    live = await startSandbox({ port: 0, autoNotify: false, merchants: { [LIVE_KEY]: { name: "Live Store" } } })
    test = await startSandbox({ port: 0, autoNotify: false })
  })
  afterAll(async () => {
    await live?.close()
    await test?.close()
  })

  it("a live payment is created on the live account while test payments are checked", async () => {
    forgetCachedSettings()
    const db = slowDatabase(3)
    const provider = new BnplProviderService({ logger: console as any, __pg_connection__: db.knex } as any, {
      apiUrl: live.url,
      apiKey: LIVE_KEY,
      testApiUrl: test.url,
      testApiKey: TEST_KEY,
      mode: "live",
      backendUrl: "http://localhost:9000",
      returnUrl: "http://localhost:8000/checkout/bnpl-return",
    })
    // A test payment the customer paid (made before the store went live).
    const testClient = new BnplClient({ apiKey: TEST_KEY, baseUrl: test.url })
    const testPayment = await testClient.createPayment({
      payment: { purchase_amount: 12_990, installments_count: 3, return_url: "http://localhost:8000/r" },
    } as any)
    test.accept(testPayment.id, { notify: false })
    const testSession = { bnpl_payment_id: testPayment.id, mode: "test", purchase_amount: 12_990, currency_code: "eur" }

    // A live customer starts paying while the test payment's status is being checked, again and again.
    let creating = true
    const created = provider
      .initiatePayment({
        amount: 129.9,
        currency_code: "eur",
        data: {
          session_id: "payses_live",
          installments_count: 3,
          checkout: { cart_id: "cart_live", email: "jeanne@example.com" },
        },
      } as any)
      .finally(() => (creating = false))
    const checks: Promise<unknown>[] = []
    while (creating) {
      checks.push(provider.getPaymentStatus({ data: testSession } as any))
      await new Promise((r) => setTimeout(r, 1))
    }
    const session = await created
    const statuses = await Promise.allSettled(checks)

    expect(live.payments.has(session.id)).toBe(true)
    expect(test.payments.has(session.id)).toBe(false)
    expect(session.data).toMatchObject({ mode: "live" })
    expect(db.tables.bnpl_payment).toEqual([expect.objectContaining({ bnpl_payment_id: session.id, mode: "live" })])
    // Every check of the test payment asked the test account, and got it.
    expect(statuses.map((s) => (s.status === "fulfilled" ? (s.value as any).status : String(s.reason)))).toEqual(
      checks.map(() => PaymentSessionStatus.CAPTURED)
    )
    expect(live.requests.filter((r: any) => r.path.includes(testPayment.id))).toEqual([])
  })
})
