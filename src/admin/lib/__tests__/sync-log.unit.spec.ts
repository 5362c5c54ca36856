import type { ShippingSyncView } from "../../../lib/http-types"
import { formatCents, planLabel } from "../format"
import { sentSummary, syncDetails } from "../sync-log"

/** The key and its values, so the tests read what was asked for. */
const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)

const sync = (fields: Partial<ShippingSyncView>): ShippingSyncView => ({
  id: "sync_1",
  status: "synced",
  trigger: "manual",
  attempts: 1,
  last_error: null,
  next_attempt_at: null,
  synced_at: null,
  created_at: "2026-03-12T10:00:00.000Z",
  ...fields,
})

describe("the shipping sync log", () => {
  it("says what was sent: title, method, express and amount", () => {
    const payload = {
      selected_options: [{ title: "Express 24h", shipping_method: "postal", express_delivery: true, amount: 490 }],
    }
    expect(sentSummary(payload, "eur", t, "en")).toBe(
      `Express 24h · shippingMethod.postal · order.sync.express · ${formatCents(490, "eur", "en")}`
    )
    expect(sentSummary({ selected_options: [] }, "eur", t, "en")).toBeUndefined()
    expect(sentSummary(null, "eur", t, "en")).toBeUndefined()
  })

  it("shows the backend's error first, else what the status means", () => {
    expect(syncDetails(sync({ status: "failed", last_error: "HTTP 500" }), t, "en")).toBe("HTTP 500")
    expect(syncDetails(sync({ status: "unchanged" }), t, "en")).toBe("order.sync.unchanged")
    expect(syncDetails(sync({ status: "synced", synced_at: "2026-03-12T10:00:00.000Z" }), t, "en")).toMatch(
      /^order\.sync\.acceptedOn /
    )
    expect(syncDetails(sync({ status: "pending", next_attempt_at: "2026-03-12T10:05:00.000Z" }), t, "en")).toMatch(
      /^order\.sync\.nextAttempt /
    )
    expect(syncDetails(sync({ status: "skipped" }), t, "en")).toBeUndefined()
  })
})

describe("money and plans in the admin", () => {
  it("counts UYI in whole units, like the server (one exponent table)", () => {
    expect(formatCents(1234, "UYI", "en")).toMatch(/1,234/)
    expect(formatCents(1234, "kwd", "en")).toMatch(/1\.234/)
  })

  it("reads null deferrals (an order's view) as none", () => {
    expect(planLabel({ installments_count: 3, deferred_days: null, deferred_months: null }, t)).toBe(
      'plan.instalments {"count":3}'
    )
    expect(planLabel({ installments_count: 1, deferred_days: 30 }, t)).toMatch(/^plan\.payIn /)
  })
})
